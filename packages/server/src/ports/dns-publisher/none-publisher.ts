import type { DnsPublisherPort } from './dns-publisher-port.ts';

/** The shop keeps the zones and publishes nothing; the page says which name servers would serve them. */
export function createNonePublisher(options: { nameservers: readonly string[] }): DnsPublisherPort {
  return {
    name: 'none',
    nameservers: options.nameservers,
    publish: async () => ({ ok: true, changedRecordSets: 0 }),
    read: async () => ({ ok: true, zone: null }),
    remove: async () => ({ ok: true }),
  };
}
