export type { RegistryAnswer, RegistryPort, RegistrySettings } from './registry-port.ts';
export { createSimulatedRegistry } from './simulated-registry.ts';
export type { SimulatedRegistryOptions } from './simulated-registry.ts';
export { createRdapRegistry } from './rdap-registry.ts';
export type { RdapRegistryOptions } from './rdap-registry.ts';
export { createWhoisRegistry } from './whois-registry.ts';
export type { WhoisRegistryOptions } from './whois-registry.ts';
