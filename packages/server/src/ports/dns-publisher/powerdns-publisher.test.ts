import { exportZoneFile, importZoneFile, type DnsZoneRecord } from '@kavel/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dig, knotZoneCheck, missingDnsTools, namedCheckzone, powerDnsBackends, servedSerial, startPowerDns, type TestPowerDns } from '../../../test/support/powerdns.ts';
import type { DnsPublisherPort } from './dns-publisher-port.ts';
import { createPowerDnsPublisher } from './powerdns-publisher.ts';
import { zoneDiffers } from './rrsets.ts';

const missing = missingDnsTools();
const ZONE = 'goudenkorst.nl';
const DKIM = `v=DKIM1; k=rsa; p=${'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'.repeat(9)}IDAQAB`;
const record = (name: string, type: DnsZoneRecord['type'], value: string, priority: number | null = null, ttl = 3600): DnsZoneRecord => ({ name, type, value, priority, ttl });

const initial: DnsZoneRecord[] = [
  record('@', 'A', '203.0.113.10'),
  record('@', 'AAAA', '2001:db8::10'),
  record('www', 'A', '203.0.113.10', null, 300),
  record('@', 'MX', 'mail.goudenkorst.nl.', 10),
  record('mail', 'A', '203.0.113.25'),
  record('_sip._tcp', 'SRV', '60 5060 mail.goudenkorst.nl.', 10),
  record('*.shop', 'A', '203.0.113.40'),
  record('selector1._domainkey', 'TXT', DKIM),
  record('quote', 'TXT', 'she said "hello" \\ café'),
];

describe.each(powerDnsBackends)('publishing to PowerDNS (a real pdns_server, $name backend)', ({ backend }) => {
  if (missing) {
    // Never skipped: `npm test` installs the packages first, so a missing one fails with the fix.
    it('has the DNS test packages', () => expect.fail(missing));
    return;
  }

  let server: TestPowerDns;
  let publisher: DnsPublisherPort;
  const ask = (name: string, type: string, transport: 'udp' | 'tcp' = 'udp') => dig(server.dnsPort, name, type, transport);

  beforeAll(async () => {
    server = await startPowerDns(backend);
    publisher = createPowerDnsPublisher({ apiUrl: server.apiUrl, apiKey: server.apiKey, nameservers: ['ns1.kavel.nl', 'ns2.kavel.nl.'], hostmaster: 'hostmaster@kavel.nl' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('creates the zone with SOA and NS from configuration and serves every record, over UDP and TCP', async () => {
    expect(await publisher.publish(ZONE, initial)).toEqual({ ok: true, changedRecordSets: 9 });
    for (const transport of ['udp', 'tcp'] as const) {
      expect(ask('www.goudenkorst.nl', 'A', transport)).toEqual({ status: 'NOERROR', answers: ['A 203.0.113.10'], authoritative: true });
    }
    expect(ask('goudenkorst.nl', 'SOA').answers).toEqual([expect.stringMatching(/^SOA ns1\.kavel\.nl\. hostmaster\.kavel\.nl\. \d+ 10800 3600 604800 3600$/)]);
    expect(ask('goudenkorst.nl', 'NS').answers.sort()).toEqual(['NS ns1.kavel.nl.', 'NS ns2.kavel.nl.']);
    expect(ask('goudenkorst.nl', 'AAAA').answers).toEqual(['AAAA 2001:db8::10']);
    expect(ask('goudenkorst.nl', 'MX').answers).toEqual(['MX 10 mail.goudenkorst.nl.']);
    expect(ask('_sip._tcp.goudenkorst.nl', 'SRV').answers).toEqual(['SRV 10 60 5060 mail.goudenkorst.nl.']);
    // A TXT longer than 255 bytes is served as several strings that join to the text.
    const dkim = ask('selector1._domainkey.goudenkorst.nl', 'TXT', 'tcp').answers[0] ?? '';
    expect(dkim.match(/" "/g)).toHaveLength(1);
    expect(dkim).toBe(`TXT "${DKIM.slice(0, 255)}" "${DKIM.slice(255)}"`);
    expect(ask('quote.goudenkorst.nl', 'TXT').answers).toEqual(['TXT "she said \\"hello\\" \\\\ caf\\195\\169"']);
  });

  it('answers NXDOMAIN for a name that does not exist, NODATA for a type a name lacks, and the wildcard below *.shop', () => {
    expect(ask('nergens.goudenkorst.nl', 'A')).toMatchObject({ status: 'NXDOMAIN', answers: [] });
    expect(ask('www.goudenkorst.nl', 'MX')).toMatchObject({ status: 'NOERROR', answers: [] });
    expect(ask('bakkerij.shop.goudenkorst.nl', 'A')).toMatchObject({ status: 'NOERROR', answers: ['A 203.0.113.40'] });
    expect(ask('BAKKERIJ.Shop.GoudenKorst.NL', 'A').answers).toEqual(['A 203.0.113.40']);
    expect(ask('bakkerij.shop.goudenkorst.nl', 'AAAA')).toMatchObject({ status: 'NOERROR', answers: [] });
  });

  it('applies an edit, an addition and a deletion, each raising the serial', async () => {
    let serial = servedSerial(server.dnsPort, ZONE);
    const steps: Array<{ records: DnsZoneRecord[]; check: () => void }> = [
      {
        records: initial.map((r) => (r.name === 'www' ? { ...r, value: '203.0.113.11' } : r)),
        check: () => expect(ask('www.goudenkorst.nl', 'A').answers).toEqual(['A 203.0.113.11']),
      },
      {
        records: [...initial, record('winkel', 'CNAME', 'goudenkorst.nl.')],
        check: () => expect(ask('winkel.goudenkorst.nl', 'A').answers).toEqual(['CNAME goudenkorst.nl.', 'A 203.0.113.10']),
      },
      {
        records: initial.filter((r) => r.name !== 'quote'),
        check: () => expect(ask('quote.goudenkorst.nl', 'TXT').status).toBe('NXDOMAIN'),
      },
    ];
    for (const step of steps) {
      const answer = await publisher.publish(ZONE, step.records);
      expect(answer).toMatchObject({ ok: true });
      step.check();
      const next = servedSerial(server.dnsPort, ZONE);
      expect(next).toBeGreaterThan(serial);
      serial = next;
    }
    // The same zone again changes nothing, and the serial stays.
    expect(await publisher.publish(ZONE, steps[2]!.records)).toEqual({ ok: true, changedRecordSets: 0 });
    expect(servedSerial(server.dnsPort, ZONE)).toBe(serial);
  });

  it('reads the zone back for the drift check, and publishing repairs a change made behind the shop', async () => {
    const records = initial.filter((r) => r.name !== 'quote');
    const read = await publisher.read(ZONE);
    if (!read.ok || !read.zone) throw new Error(`read failed: ${JSON.stringify(read)}`);
    expect(zoneDiffers(ZONE, records, read.zone.records)).toBe(false);
    expect(read.zone.serial).toBe(servedSerial(server.dnsPort, ZONE));

    const patch = await fetch(`${server.apiUrl}/api/v1/servers/localhost/zones/goudenkorst.nl.`, {
      method: 'PATCH',
      headers: { 'X-API-Key': server.apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ rrsets: [{ name: 'www.goudenkorst.nl.', type: 'A', ttl: 300, changetype: 'REPLACE', records: [{ content: '198.51.100.66', disabled: false }] }] }),
    });
    expect(patch.status).toBe(204);
    const drifted = await publisher.read(ZONE);
    expect(drifted.ok && drifted.zone && zoneDiffers(ZONE, records, drifted.zone.records)).toBe(true);
    expect(await publisher.publish(ZONE, records)).toEqual({ ok: true, changedRecordSets: 1 });
    expect(ask('www.goudenkorst.nl', 'A').answers).toEqual(['A 203.0.113.10']);
  });

  it('exports what it serves as a zone file that named-checkzone and Knot accept and that imports to the same records', async () => {
    const read = await publisher.read(ZONE);
    if (!read.ok || !read.zone) throw new Error('read failed');
    const text = exportZoneFile(ZONE, read.zone.records, { nameservers: publisher.nameservers, hostmaster: 'hostmaster@kavel.nl', serial: read.zone.serial });
    const check = namedCheckzone(ZONE, text);
    expect(check.output).toContain(`loaded serial ${read.zone.serial}`);
    expect(check.ok).toBe(true);
    expect(knotZoneCheck(ZONE, text)).toEqual({ ok: true, output: '' });
    // The checks can fail: a broken line is refused by both.
    expect(namedCheckzone(ZONE, `${text}www 300 IN A 203.0.113\n`).ok).toBe(false);
    expect(knotZoneCheck(ZONE, `${text}www 300 IN A 203.0.113\n`).ok).toBe(false);
    const imported = importZoneFile(text, ZONE);
    if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
    expect(zoneDiffers(ZONE, imported.records, read.zone.records)).toBe(false);
    expect(imported.records).toHaveLength(read.zone.records.length);
  });

  it('follows a change of the configured name servers and hostmaster at the next publish', async () => {
    const moved = createPowerDnsPublisher({ apiUrl: server.apiUrl, apiKey: server.apiKey, nameservers: ['dns1.bakker-hosting.nl', 'dns2.bakker-hosting.nl', 'dns3.bakker-hosting.nl'], hostmaster: 'beheer@bakker-hosting.nl' });
    const before = servedSerial(server.dnsPort, ZONE);
    const read = await moved.read(ZONE);
    if (!read.ok || !read.zone) throw new Error('read failed');
    expect(await moved.publish(ZONE, read.zone.records)).toEqual({ ok: true, changedRecordSets: 2 });
    expect(ask('goudenkorst.nl', 'NS').answers.sort()).toEqual(['NS dns1.bakker-hosting.nl.', 'NS dns2.bakker-hosting.nl.', 'NS dns3.bakker-hosting.nl.']);
    expect(ask('goudenkorst.nl', 'SOA').answers[0]).toMatch(/^SOA dns1\.bakker-hosting\.nl\. beheer\.bakker-hosting\.nl\. \d+ 10800 3600 604800 3600$/);
    expect(servedSerial(server.dnsPort, ZONE)).toBeGreaterThan(before);
    // Back to the first configuration, for the tests after this one.
    expect(await publisher.publish(ZONE, read.zone.records)).toEqual({ ok: true, changedRecordSets: 2 });
  });

  it('publishes an IDN zone in punycode', async () => {
    expect(await publisher.publish('bücher.nl', [record('www', 'A', '203.0.113.12')])).toMatchObject({ ok: true });
    expect(ask('www.xn--bcher-kva.nl', 'A').answers).toEqual(['A 203.0.113.12']);
  });

  it('removes a zone when the domain leaves; removing it again is fine', async () => {
    expect(await publisher.remove('bücher.nl')).toEqual({ ok: true });
    expect(ask('www.xn--bcher-kva.nl', 'A').status).toBe('REFUSED');
    expect(await publisher.read('bücher.nl')).toEqual({ ok: true, zone: null });
    expect(await publisher.remove('bücher.nl')).toEqual({ ok: true });
  });

  it("flushes the zone's cached answers once more after a change: an answer cached from the old records while it was made does not stay", async () => {
    const settleMs = 2000;
    const quick = createPowerDnsPublisher({ apiUrl: server.apiUrl, apiKey: server.apiKey, nameservers: ['ns1.kavel.nl', 'ns2.kavel.nl.'], hostmaster: 'hostmaster@kavel.nl', cacheSettleMs: settleMs });
    const published = Date.now();
    expect(await quick.publish(ZONE, [...initial, record('laat', 'A', '203.0.113.77')])).toMatchObject({ ok: true });
    // What a query answered from the zone's old records puts in the cache after the API emptied it:
    // the record is taken away behind the API, asked for (NXDOMAIN is cached) and put back.
    await server.execute("update records set name = 'weg.goudenkorst.nl' where name = 'laat.goudenkorst.nl'");
    expect(ask('laat.goudenkorst.nl', 'A').status).toBe('NXDOMAIN');
    await server.execute("update records set name = 'laat.goudenkorst.nl' where name = 'weg.goudenkorst.nl'");
    expect(ask('laat.goudenkorst.nl', 'A').status, 'PowerDNS answers from its cache').toBe('NXDOMAIN');
    expect(Date.now() - published, 'the steps above ran before the flush').toBeLessThan(settleMs);

    await new Promise((resolve) => setTimeout(resolve, settleMs - (Date.now() - published) + 500));
    expect(ask('laat.goudenkorst.nl', 'A')).toEqual({ status: 'NOERROR', answers: ['A 203.0.113.77'], authoritative: true });
  });

  it('publishes many zones changed at once, as the publishing jobs run four at a time, each at its first attempt', async () => {
    const zones = Array.from({ length: 60 }, (_, index) => `drukte-${index}.nl`);
    // Created first: the changes below meet as a shop's do, several zones' PATCHes at one moment.
    for (const zone of zones) expect(await publisher.publish(zone, [])).toMatchObject({ ok: true });
    const answers: Array<{ ok: boolean }> = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < zones.length) {
          const index = next++;
          answers.push(await publisher.publish(zones[index]!, [record('www', 'A', `203.0.113.${index + 1}`)]));
        }
      }),
    );
    expect(answers.filter((answer) => !answer.ok)).toEqual([]);
    expect(ask('www.drukte-59.nl', 'A').answers).toEqual(['A 203.0.113.60']);
    for (const zone of zones) await publisher.remove(zone);
  });

  it('answers an outage and a wrong key as failures, without throwing', async () => {
    const away = createPowerDnsPublisher({ apiUrl: 'http://127.0.0.1:9', apiKey: 'x', nameservers: ['ns1.kavel.nl'], hostmaster: 'hostmaster@kavel.nl' });
    expect(await away.publish(ZONE, initial)).toMatchObject({ ok: false, reason: 'unreachable' });
    const wrongKey = createPowerDnsPublisher({ apiUrl: server.apiUrl, apiKey: 'wrong', nameservers: ['ns1.kavel.nl'], hostmaster: 'hostmaster@kavel.nl' });
    expect(await wrongKey.publish(ZONE, initial)).toMatchObject({ ok: false, reason: 'refused' });
  });
});
