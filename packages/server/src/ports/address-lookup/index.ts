export type { AddressLookupAnswer, AddressLookupPort } from './address-lookup-port.ts';
export { createOfflineAddressLookup, type OfflineAddressData } from './offline-address-lookup.ts';
export { createPdokAddressLookup, type PdokAddressLookupOptions } from './pdok-address-lookup.ts';
