export type { ChangeAnswer, CreateAccountAnswer, HostingAccountRequest, ProvisioningFailure, ProvisioningPort } from './provisioning-port.ts';
export { createSimulatedProvisioning, usernameFor } from './simulated-provisioning.ts';
export type { SimulatedHostingAccount, SimulatedProvisioning } from './simulated-provisioning.ts';
