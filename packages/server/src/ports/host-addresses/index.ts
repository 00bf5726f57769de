export type { HostAddressesPort } from './host-addresses-port.ts';
export { createSystemHostAddresses, createUncheckedHostAddresses } from './system-host-addresses.ts';
