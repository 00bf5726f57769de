import type { DnsZoneRecord } from '@kavel/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingDnsTools, startPowerDns, type TestPowerDns } from '../../../test/support/powerdns.ts';
import { createPowerDnsPublisher } from '../dns-publisher/powerdns-publisher.ts';
import { createSystemResolver } from './system-resolver.ts';

const missing = missingDnsTools();
const record = (name: string, type: DnsZoneRecord['type'], value: string, priority: number | null = null): DnsZoneRecord => ({ name, type, value, priority, ttl: 3600 });

describe('scanning a domain through real DNS (node:dns against a real pdns_server)', () => {
  if (missing) {
    // Never skipped: `npm test` installs the packages first, so a missing one fails with the fix.
    it('has the DNS test packages', () => expect.fail(missing));
    return;
  }

  let server: TestPowerDns;
  beforeAll(async () => {
    server = await startPowerDns();
    const publisher = createPowerDnsPublisher({ apiUrl: server.apiUrl, apiKey: server.apiKey, nameservers: ['ns1.elders.nl', 'ns2.elders.nl'], hostmaster: 'hostmaster@elders.nl' });
    const published = await publisher.publish('verhuizen.nl', [
      record('@', 'A', '198.51.100.7'),
      record('@', 'MX', 'mail.verhuizen.nl.', 10),
      record('@', 'TXT', 'v=spf1 mx ~all'),
      record('www', 'CNAME', 'verhuizen.nl.'),
      record('mail', 'A', '198.51.100.8'),
      record('_sip._tcp', 'SRV', '60 5060 mail.verhuizen.nl.', 10),
      record('default._domainkey', 'TXT', `v=DKIM1; p=${'B'.repeat(300)}`),
    ]);
    expect(published.ok).toBe(true);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('finds the delegation and the records at the usual names, long TXT joined', async () => {
    const scan = await createSystemResolver({ servers: [`127.0.0.1:${server.dnsPort}`] }).scan('verhuizen.nl');
    expect(scan.ok).toBe(true);
    if (!scan.ok) return;
    expect(scan.nameservers.sort()).toEqual(['ns1.elders.nl', 'ns2.elders.nl']);
    const found = scan.records.map(({ name, type, value, priority }) => `${name} ${type} ${priority ?? ''} ${value}`);
    expect(found).toEqual(
      expect.arrayContaining([
        '@ A  198.51.100.7',
        '@ MX 10 mail.verhuizen.nl.',
        '@ TXT  v=spf1 mx ~all',
        'www CNAME  verhuizen.nl.',
        'mail A  198.51.100.8',
        '_sip._tcp SRV 10 60 5060 mail.verhuizen.nl.',
        `default._domainkey TXT  v=DKIM1; p=${'B'.repeat(300)}`,
      ]),
    );
    expect(found).toHaveLength(7);
  });

  it('answers a domain the servers do not serve as not found, and a server that is away as unreachable', async () => {
    const resolver = createSystemResolver({ servers: [`127.0.0.1:${server.dnsPort}`], timeoutMs: 500 });
    expect(await resolver.scan('nergens-bekend.nl')).toMatchObject({ ok: false });
    const away = await createSystemResolver({ servers: ['127.0.0.1:9'], timeoutMs: 300 }).scan('verhuizen.nl');
    expect(away).toMatchObject({ ok: false, reason: 'unreachable' });
  });
});
