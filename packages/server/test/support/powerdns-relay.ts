import { afterAll, beforeAll } from 'vitest';
import { createPowerDnsPublisher, type DnsPublisherPort } from '../../src/ports/dns-publisher/index.ts';
import { startPowerDns, type TestPowerDns } from './powerdns.ts';

export interface RealPowerDns {
  /** The publisher port to build the shop with: it hands every call to the real server's. */
  relay: DnsPublisherPort;
  server(): TestPowerDns;
  publisher(): DnsPublisherPort;
}

/**
 * A real PowerDNS on loopback for a suite. Call it before `useTestShop`: the shop is built with
 * `relay`, which exists before the server has started, and the server starts first.
 */
export function useRealPowerDns(options: { cacheSettleMs?: number } = {}): RealPowerDns {
  let server: TestPowerDns | null = null;
  let publisher: DnsPublisherPort | null = null;
  beforeAll(async () => {
    server = await startPowerDns();
    publisher = createPowerDnsPublisher({ apiUrl: server.apiUrl, apiKey: server.apiKey, nameservers: ['ns1.kavel.nl', 'ns2.kavel.nl'], hostmaster: 'hostmaster@kavel.nl', ...options });
  });
  afterAll(async () => {
    await server?.stop();
  });
  const started = <T>(value: T | null): T => {
    if (value === null) throw new Error('PowerDNS has not started');
    return value;
  };
  return {
    relay: {
      name: 'powerdns',
      nameservers: ['ns1.kavel.nl.', 'ns2.kavel.nl.'],
      publish: (domain, records) => started(publisher).publish(domain, records),
      read: (domain) => started(publisher).read(domain),
      remove: (domain) => started(publisher).remove(domain),
    },
    server: () => started(server),
    publisher: () => started(publisher),
  };
}
