export type { DnsResolverPort, DnsScanAnswer } from './dns-resolver-port.ts';
export { createSimulatedResolver } from './simulated-resolver.ts';
export { createSystemResolver } from './system-resolver.ts';
