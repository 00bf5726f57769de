import { exportZoneFile, ZDnsImportAnswer, ZDnsZonePage, type DnsZoneRecord } from '@kavel/core';
import { zoneDiffers } from '../src/ports/dns-publisher/rrsets.ts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { dig, missingDnsTools, namedCheckzone, servedSerial } from './support/powerdns.ts';
import { useRealPowerDns } from './support/powerdns-relay.ts';
import { databaseKinds, loginAs, useTestShop, waitForJobs } from './support/index.ts';

const missing = missingDnsTools();

/**
 * The whole path with a real pdns_server: the customer saves a record through the account's API,
 * the job written in that transaction publishes it, and the DNS server answers it.
 */
describe.each(databaseKinds)('a record saved in the account is served by PowerDNS, on $name', (kind) => {
  if (missing) {
    // Never skipped: `npm test` installs the packages first, so a missing one fails with the fix.
    it('has the DNS test packages', () => expect.fail(missing));
    return;
  }

  const powerDns = useRealPowerDns();

  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ app } = shop), { demoAccounts: true, app: { dnsPublisher: powerDns.relay } });

  it('answers www.goudenkorst.nl A 203.0.113.10 after the save, with a higher serial, and the zone passes named-checkzone', async () => {
    await waitForJobs(app);
    const before = servedSerial(powerDns.server().dnsPort, 'goudenkorst.nl');
    expect(dig(powerDns.server().dnsPort, 'www.goudenkorst.nl', 'A')).toMatchObject({ status: 'NXDOMAIN' });

    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const page = ZDnsZonePage.parse((await bakery.get('/api/account/dns-beheren?name=goudenkorst.nl')).json());
    const saved = await bakery.post(`/api/account/domeinen/${page.domainId}/dns`, { name: 'www', type: 'A', value: '203.0.113.10' });
    expect(saved.statusCode, saved.body).toBe(200);
    await waitForJobs(app);

    expect(dig(powerDns.server().dnsPort, 'www.goudenkorst.nl', 'A')).toEqual({ status: 'NOERROR', answers: ['A 203.0.113.10'], authoritative: true });
    expect(servedSerial(powerDns.server().dnsPort, 'goudenkorst.nl')).toBeGreaterThan(before);

    const served = await powerDns.publisher().read('goudenkorst.nl');
    if (!served.ok || !served.zone) throw new Error('PowerDNS does not hold the zone');
    const text = exportZoneFile('goudenkorst.nl', served.zone.records as DnsZoneRecord[], { nameservers: ['ns1.kavel.nl', 'ns2.kavel.nl'], hostmaster: 'hostmaster@kavel.nl', serial: served.zone.serial });
    expect(namedCheckzone('goudenkorst.nl', text)).toMatchObject({ ok: true });
  });

  it('serves a TXT imported as several strings in those strings, a long text in strings of 255, and sees no drift in them afterwards', async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const page = ZDnsZonePage.parse((await bakery.get('/api/account/dns-beheren?name=goudenkorst.nl')).json());
    const long = `v=DKIM1; k=rsa; p=${'A'.repeat(300)}`;
    const zoneFile = `delen IN TXT "part one" "part two"\nsleutel IN TXT "${long}"\n`;
    const imported = await bakery.post(`/api/account/domeinen/${page.domainId}/dns/import`, { zoneFile, mode: 'merge' });
    expect(imported.statusCode, imported.body).toBe(200);
    const records = ZDnsImportAnswer.parse(imported.json()).page.dnsListOnStart;
    expect(records).toContainEqual(expect.objectContaining({ name: 'delen', type: 'TXT', value: '"part one" "part two"' }));
    expect(records).toContainEqual(expect.objectContaining({ name: 'sleutel', type: 'TXT', value: long }));
    await waitForJobs(app);

    const port = powerDns.server().dnsPort;
    expect(dig(port, 'delen.goudenkorst.nl', 'TXT')).toEqual({ status: 'NOERROR', answers: ['TXT "part one" "part two"'], authoritative: true });
    expect(dig(port, 'sleutel.goudenkorst.nl', 'TXT', 'tcp').answers).toEqual([`TXT "${long.slice(0, 255)}" "${long.slice(255)}"`]);
    // Read back from PowerDNS, the strings are the shop's again: the catch-up finds nothing to send.
    const served = await powerDns.publisher().read('goudenkorst.nl');
    if (!served.ok || !served.zone) throw new Error('PowerDNS does not hold the zone');
    expect(served.zone.records).toContainEqual(expect.objectContaining({ name: 'delen', value: '"part one" "part two"' }));
    expect(served.zone.records).toContainEqual(expect.objectContaining({ name: 'sleutel', value: long }));
    expect(zoneDiffers('goudenkorst.nl', records, served.zone.records as DnsZoneRecord[])).toBe(false);
  });
});
