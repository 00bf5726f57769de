import { forDomain, ZDnsRecord, type DnsZoneRecord, type TDnsRecord } from '@kavel/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPowerDnsPublisher, zoneDiffers, type DnsPublisherPort } from '../src/ports/dns-publisher/index.ts';
import { missingDnsTools, startPowerDns, type TestPowerDns } from './support/powerdns.ts';

const missing = missingDnsTools();
const DOMAIN = 'goudenkorst.nl';

/** The record as the shop would store and publish it, or the message key of the rule that refuses it. */
function judge(input: TDnsRecord): DnsZoneRecord | string {
  const parsed = ZDnsRecord.safeParse(input);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'refused';
  const placed = forDomain(parsed.data, DOMAIN);
  return placed.ok ? placed.record : placed.key;
}

const long = (last: number) => `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(last)}`;

/**
 * The record rules against a real PowerDNS: what they take, PowerDNS publishes and gives back
 * unchanged (so the drift check finds nothing); what PowerDNS refuses, they refuse, since one
 * refused record stops the publishing of its whole zone.
 */
describe('the record rules take what PowerDNS publishes and refuse what it refuses', () => {
  if (missing) {
    it('has the DNS test packages', () => expect.fail(missing));
    return;
  }

  let server: TestPowerDns;
  let publisher: DnsPublisherPort;
  beforeAll(async () => {
    server = await startPowerDns();
    publisher = createPowerDnsPublisher({ apiUrl: server.apiUrl, apiKey: server.apiKey, nameservers: ['ns1.kavel.nl'], hostmaster: 'hostmaster@kavel.nl', cacheSettleMs: 1 });
  });
  afterAll(async () => {
    await server?.stop();
  });

  let zones = 0;
  /** Publishes the records as the only ones of a fresh zone (a name as long as the domain's), and reads back what PowerDNS holds. */
  async function publishAlone(records: DnsZoneRecord[]) {
    const domain = `zone-${String(++zones).padStart(6, '0')}.nl`;
    const answer = await publisher.publish(domain, records.map((record) => ({ ...record, value: record.value.replaceAll(DOMAIN, domain) })));
    const read = await publisher.read(domain);
    return { domain, answer, held: read.ok ? (read.zone?.records ?? []) : [] };
  }

  it.each<[string, TDnsRecord]>([
    ['AAAA with an IPv4 tail outside ::ffff:0:0/96', { name: 'nat64', type: 'AAAA', value: '64:ff9b::192.0.2.1' }],
    ['AAAA ::1', { name: 'lo', type: 'AAAA', value: '::1' }],
    ['AAAA ::ffff (no IPv4 address in it)', { name: 'f', type: 'AAAA', value: '::ffff' }],
    ['AAAA in capitals with leading zeros', { name: 'v6', type: 'AAAA', value: '2001:0DB8::0001' }],
    ['MX to a name with a digit label', { name: '@', type: 'MX', value: '1.mail', priority: 10 }],
    ['SRV with no service (target .)', { name: '_sip._udp', type: 'SRV', value: '0 0 0 .' }],
    ['SRV at the limits', { name: '_sip._tcp', type: 'SRV', value: '65535 65535 65535 sip', priority: null }],
    ['CNAME to a name with an underscore', { name: 'dmarc', type: 'CNAME', value: '_dmarc.example.nl.' }],
    ['TXT of 4096 characters outside ASCII', { name: '@', type: 'TXT', value: 'é😀'.repeat(1365) + 'x' }],
    ['TXT with quotes and backslashes', { name: '@', type: 'TXT', value: 'say "hi" \\ bye' }],
    ['a name of 253 characters with the domain', { name: long(46), type: 'A', value: '192.0.2.1' }],
    ['a wildcard', { name: '*', type: 'A', value: '0.0.0.0' }],
  ])('takes %s, and PowerDNS publishes it as the shop holds it', async (_case, input) => {
    const record = judge(input);
    if (typeof record === 'string') throw new Error(`refused by the rules: ${record}`);
    const { domain, answer, held } = await publishAlone([record]);
    expect(answer).toMatchObject({ ok: true });
    const shop = [{ ...record, value: record.value.replaceAll(DOMAIN, domain) }];
    expect(zoneDiffers(domain, shop, held)).toBe(false);
  });

  it.each<[string, TDnsRecord, string, DnsZoneRecord, string | undefined]>([
    ['an IPv4-mapped AAAA', { name: 'm', type: 'AAAA', value: '::ffff:127.0.0.1' }, 'dnsIpv6Ipv4', { name: 'm', type: 'AAAA', value: '::ffff:127.0.0.1', priority: null, ttl: 3600 }, 'm AAAA ::ffff:127.0.0.1'],
    ['an IPv4-compatible AAAA', { name: 'm', type: 'AAAA', value: '::192.0.2.1' }, 'dnsIpv6Ipv4', { name: 'm', type: 'AAAA', value: '::192.0.2.1', priority: null, ttl: 3600 }, 'm AAAA ::192.0.2.1'],
    ['an MX to a name with an underscore', { name: '@', type: 'MX', value: 'mail_1', priority: 10 }, 'dnsHostTarget', { name: '@', type: 'MX', value: 'mail_1.goudenkorst.nl.', priority: 10, ttl: 3600 }, expect.stringMatching(/^@ MX mail_1\./)],
    ['an SRV to a name with an underscore', { name: '_sip._tcp', type: 'SRV', value: '0 5 5060 _sip' }, 'dnsHostTarget', { name: '_sip._tcp', type: 'SRV', value: '5 5060 _sip.goudenkorst.nl.', priority: 0, ttl: 3600 }, expect.stringMatching(/^_sip\._tcp SRV _sip\./)],
    ['a name of 257 characters with the domain', { name: long(50), type: 'A', value: '192.0.2.1' }, 'dnsNameTooLong', { name: long(50), type: 'A', value: '192.0.2.1', priority: null, ttl: 3600 }, undefined],
    ['a CNAME target of 257 characters', { name: 'c', type: 'CNAME', value: long(50) }, 'dnsNameTooLong', { name: 'c', type: 'CNAME', value: `${long(50)}.goudenkorst.nl.`, priority: null, ttl: 3600 }, expect.stringMatching(/^c CNAME a{63}\..*…$/)],
  ])('refuses %s, which PowerDNS refuses', async (_case, input, key, raw, named) => {
    expect(judge(input)).toBe(key);
    const { answer } = await publishAlone([raw]);
    // The record PowerDNS names is what the DNS page quotes (owner relative), when it names one.
    expect(answer).toMatchObject({ ok: false, reason: 'refused' });
    expect(answer.ok ? null : answer.record).toEqual(named);
  });

  it('names the record of a conflict with what PowerDNS holds beside the shop (a delegation made by hand)', async () => {
    const domain = 'zone-conflict.nl';
    expect(await publisher.publish(domain, [])).toMatchObject({ ok: true });
    await server.execute(
      `INSERT INTO records (domain_id, name, type, content, ttl, prio, disabled, auth) SELECT id, 'www.${domain}', 'NS', 'ns.elders.example', 3600, 0, false, false FROM domains WHERE name = '${domain}'`,
    );
    const answer = await publisher.publish(domain, [{ name: 'www', type: 'CNAME', value: `${domain}.`, priority: null, ttl: 3600 }]);
    expect(answer).toMatchObject({ ok: false, reason: 'refused', record: 'www CNAME' });
  });
});
