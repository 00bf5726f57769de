export type { DomainRegistrar, DomainRegistrationAnswer, DomainRegistrationRequest, RegistrantContact, RegistryAnswer, RegistryPort, RegistrySettings, TransferStatusAnswer } from './registry-port.ts';
export { lookupOnlyRegistrar } from './lookup-only-registrar.ts';
export { createSimulatedRegistry, DEFAULT_SIMULATED_TRANSFER_SECONDS, SIMULATED_INVALID_TRANSFER_CODE } from './simulated-registry.ts';
export type { SimulatedRegistryOptions } from './simulated-registry.ts';
export { createRdapRegistry } from './rdap-registry.ts';
export type { RdapRegistryOptions } from './rdap-registry.ts';
export { createWhoisRegistry } from './whois-registry.ts';
export type { WhoisRegistryOptions } from './whois-registry.ts';
export { createDatabaseRegistryState, createMemoryRegistryState, DEFAULT_SIMULATED_REGISTRY, type SimulatedRegistryState } from './simulated-registry-state.ts';
