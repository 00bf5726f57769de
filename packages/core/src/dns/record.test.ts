import { describe, expect, it } from 'vitest';
import { message } from '../texts/messages.ts';
import { validationMessage } from '../texts/validation.ts';
import { forDomain, storedValuePreview } from './place-record.ts';
import { ZDnsRecord, type TDnsRecord } from './record.ts';

const DOMAIN = 'goudenkorst.nl';

/** The first issue's field and message key, or the stored record. */
function judge(input: Partial<TDnsRecord> & Record<string, unknown>) {
  const parsed = ZDnsRecord.safeParse({ name: 'www', type: 'A', value: '203.0.113.10', ...input });
  if (!parsed.success) return { field: String(parsed.error.issues[0]?.path[0]), key: parsed.error.issues[0]?.message };
  const placed = forDomain(parsed.data, DOMAIN);
  return placed.ok ? placed.record : { field: placed.field, key: placed.key };
}

describe('DNS record rules (spec 001 section 5 and what a DNS server accepts)', () => {
  it.each([
    ['an empty name is the apex for A', { name: '' }, { name: '@', type: 'A' }],
    ['an empty name is the apex for TXT', { name: '', type: 'TXT', value: 'x' }, { name: '@', type: 'TXT' }],
    ['an empty name is the apex for MX', { name: '', type: 'MX', value: 'mail', priority: 10 }, { name: '@', value: 'mail.goudenkorst.nl.' }],
    ['no name at all is the apex too', { name: undefined, type: 'AAAA', value: '2001:db8::1' }, { name: '@' }],
    ['an empty name is the apex, where a CNAME cannot be', { name: '', type: 'CNAME', value: 'elders.nl.' }, { field: 'name', key: 'dnsCnameApex' }],
    ['type must be one of the six', { type: 'NS' }, { field: 'type', key: 'dnsType' }],
    ['type is required', { type: undefined }, { field: 'type', key: 'dnsType' }],
    ['value is required', { value: '  ' }, { field: 'value', key: 'required' }],
    ['MX priority beyond the form list', { name: '@', type: 'MX', value: 'mail', priority: 25 }, { priority: 25 }],
    ['MX priority up to 65535', { name: '@', type: 'MX', value: 'mail', priority: 65_535 }, { priority: 65_535 }],
    ['MX priority not beyond 65535', { name: '@', type: 'MX', value: 'mail', priority: 65_536 }, { field: 'priority', key: 'dnsPriority' }],
    ['MX priority is required', { type: 'MX', value: 'mail', priority: null }, { field: 'priority', key: 'dnsPriority' }],
    ['MX priority 15 is in the record page list', { name: '@', type: 'MX', value: 'mail', priority: 15 }, { priority: 15 }],
    ['MX completion: relative value gets the domain', { name: '@', type: 'MX', value: 'mail', priority: 10 }, { value: 'mail.goudenkorst.nl.' }],
    ['MX completion: a value ending in a dot is kept', { name: '@', type: 'MX', value: 'aspmx.l.google.com.', priority: 1 }, { value: 'aspmx.l.google.com.' }],
    ['CNAME target completed the same way', { type: 'CNAME', value: 'shop' }, { value: 'shop.goudenkorst.nl.' }],
    ['MX to a full name without the final dot: it ends in a top-level domain', { name: '@', type: 'MX', value: 'mail.example.nl', priority: 10 }, { value: 'mail.example.nl.' }],
    ['CNAME to a full name without the final dot', { type: 'CNAME', value: 'bakkerij.github.io' }, { value: 'bakkerij.github.io.' }],
    ['a target ending in the domain itself is full', { type: 'CNAME', value: 'Shop.Goudenkorst.NL' }, { value: 'shop.goudenkorst.nl.' }],
    ['the domain itself as a target', { type: 'CNAME', value: 'goudenkorst.nl' }, { value: 'goudenkorst.nl.' }],
    ['a target whose last label is no top-level domain is relative', { name: '@', type: 'MX', value: 'mail.intern', priority: 10 }, { value: 'mail.intern.goudenkorst.nl.' }],
    ['a target ending in .@ is relative on purpose', { type: 'CNAME', value: 'bakkerij.shop.@' }, { value: 'bakkerij.shop.goudenkorst.nl.' }],
    ['an MX ending in .@ is relative on purpose', { name: '@', type: 'MX', value: 'MAIL.@', priority: 10 }, { value: 'mail.goudenkorst.nl.' }],
    ['an IDN top-level domain makes a target full', { type: 'CNAME', value: 'winkel.みんな' }, { value: 'winkel.xn--q9jyb4c.' }],
    ['an SRV target without the final dot that ends in a top-level domain', { name: '_sip._tcp', type: 'SRV', value: '10 20 5060 sip.example.nl' }, { priority: 10, value: '20 5060 sip.example.nl.' }],
    ['.@ alone is no target', { type: 'CNAME', value: '.@' }, { field: 'value', key: 'dnsTarget' }],
    ['an empty label before .@ is refused', { type: 'CNAME', value: 'shop..@' }, { field: 'value', key: 'dnsTarget' }],
    ['CNAME target @ is the domain', { type: 'CNAME', value: '@' }, { value: 'goudenkorst.nl.' }],
    ['no CNAME at the apex', { name: '@', type: 'CNAME', value: 'elders.nl.' }, { field: 'name', key: 'dnsCnameApex' }],
    ['no CNAME at the apex written in full', { name: 'goudenkorst.nl.', type: 'CNAME', value: 'elders.nl.' }, { field: 'name', key: 'dnsCnameApex' }],
    ['A needs an IPv4 address', { value: '203.0.113.256' }, { field: 'value', key: 'dnsIpv4' }],
    ['A refuses leading zeros', { value: '203.0.113.010' }, { field: 'value', key: 'dnsIpv4' }],
    ['A refuses a host name', { value: 'example.nl' }, { field: 'value', key: 'dnsIpv4' }],
    ['AAAA needs an IPv6 address', { type: 'AAAA', value: '2001:db8::g' }, { field: 'value', key: 'dnsIpv6' }],
    ['AAAA refuses two ::', { type: 'AAAA', value: '2001::db8::1' }, { field: 'value', key: 'dnsIpv6' }],
    ['AAAA is stored lower case', { type: 'AAAA', value: '2001:DB8::10' }, { value: '2001:db8::10' }],
    ['AAAA is stored in its one text (RFC 5952)', { type: 'AAAA', value: '2001:0db8:0000:0000:0001:0000:0000:0001' }, { value: '2001:db8::1:0:0:1' }],
    ['AAAA with an IPv4 tail is stored in hexadecimal, the text PowerDNS takes', { type: 'AAAA', value: '64:ff9b::192.0.2.1' }, { value: '64:ff9b::c000:201' }],
    ['AAAA refuses an IPv4-mapped address', { type: 'AAAA', value: '::ffff:127.0.0.1' }, { field: 'value', key: 'dnsIpv6Ipv4' }],
    ['AAAA refuses an IPv4-mapped address in hexadecimal', { type: 'AAAA', value: '::FFFF:7f00:1' }, { field: 'value', key: 'dnsIpv6Ipv4' }],
    ['AAAA refuses an IPv4-compatible address', { type: 'AAAA', value: '::192.0.2.1' }, { field: 'value', key: 'dnsIpv6Ipv4' }],
    ['AAAA refuses an IPv4-compatible address in hexadecimal', { type: 'AAAA', value: '::c000:201' }, { field: 'value', key: 'dnsIpv6Ipv4' }],
    ['AAAA takes ::1 and ::ffff, which are no IPv4 address', { type: 'AAAA', value: '::ffff' }, { value: '::ffff' }],
    ['MX target is a host name: no underscore', { name: '@', type: 'MX', value: 'mail_1', priority: 10 }, { field: 'value', key: 'dnsHostTarget' }],
    ['SRV target is a host name: no underscore', { name: '_sip._tcp', type: 'SRV', value: '10 20 5060 _sip.example.nl.' }, { field: 'value', key: 'dnsHostTarget' }],
    ['a CNAME may point to a name with an underscore', { type: 'CNAME', value: '_dmarc.example.nl.' }, { value: '_dmarc.example.nl.' }],
    ['a name too long once the domain is added', { name: `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(50)}` }, { field: 'name', key: 'dnsNameTooLong' }],
    ['a name that fits with the domain', { name: `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(46)}` }, { name: `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(46)}` }],
    ['a target too long once the domain is added', { type: 'CNAME', value: `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(50)}` }, { field: 'value', key: 'dnsNameTooLong' }],
    ['SRV name is _service._proto', { name: 'sip', type: 'SRV', value: '10 10 5060 sip' }, { field: 'name', key: 'dnsSrvName' }],
    ['SRV value priority weight port target', { name: '_sip._tcp', type: 'SRV', value: '10 20 5060 sip' }, { priority: 10, value: '20 5060 sip.goudenkorst.nl.' }],
    ['SRV value weight port target with the priority apart', { name: '_sip._tcp', type: 'SRV', value: '20 5060 sip.example.nl.', priority: 5 }, { priority: 5, value: '20 5060 sip.example.nl.' }],
    ['SRV port beyond 65535', { name: '_sip._tcp', type: 'SRV', value: '10 20 70000 sip' }, { field: 'value', key: 'dnsSrvValue' }],
    ['SRV without a target', { name: '_sip._tcp', type: 'SRV', value: '10 20 5060' }, { field: 'value', key: 'dnsSrvValue' }],
    ['SRV priority given twice and different', { name: '_sip._tcp', type: 'SRV', value: '10 20 5060 sip', priority: 5 }, { field: 'value', key: 'dnsSrvValue' }],
    ['SRV target . means no service', { name: '_sip._udp', type: 'SRV', value: '0 0 0 .' }, { value: '0 0 .' }],
    ['wildcard * as the leftmost label', { name: '*' }, { name: '*' }],
    ['wildcard below a name', { name: '*.shop' }, { name: '*.shop' }],
    ['* inside a name is refused', { name: 'w*w' }, { field: 'name', key: 'dnsName' }],
    ['* not leftmost is refused', { name: 'shop.*' }, { field: 'name', key: 'dnsName' }],
    ['names are case-insensitive: stored lower case', { name: 'WWW' }, { name: 'www' }],
    ['targets are case-insensitive too', { type: 'CNAME', value: 'Shop.Example.NL.' }, { value: 'shop.example.nl.' }],
    ['a name with a space is refused', { name: 'mijn winkel' }, { field: 'name', key: 'dnsName' }],
    ['a label longer than 63 is refused', { name: 'a'.repeat(64) }, { field: 'name', key: 'dnsName' }],
    ['a full name in the zone becomes relative', { name: 'www.goudenkorst.nl.' }, { name: 'www' }],
    ['a full name without the dot is taken as full', { name: 'www.goudenkorst.nl' }, { name: 'www' }],
    ['a full name of another domain is refused', { name: 'www.elders.nl.' }, { field: 'name', key: 'dnsNameOutsideZone' }],
    ['IDN name stored in punycode', { name: 'bücher' }, { name: 'xn--bcher-kva' }],
    ['IDN target stored in punycode', { type: 'CNAME', value: 'münchen.de.' }, { value: 'xn--mnchen-3ya.de.' }],
    ['TXT pasted as quoted strings keeps its strings', { name: '@', type: 'TXT', value: '"v=spf1 " "-all"' }, { value: '"v=spf1 " "-all"' }],
    ['TXT of one quoted string is stored bare', { name: '@', type: 'TXT', value: '"v=spf1 -all"' }, { value: 'v=spf1 -all' }],
    ['TXT keeps escaped quotes as text', { name: '@', type: 'TXT', value: '"say \\"hi\\""' }, { value: 'say "hi"' }],
    ['TXT without quotes is kept as typed', { name: '@', type: 'TXT', value: 'a "quoted" word' }, { value: 'a "quoted" word' }],
    ['priority is dropped for types without one', { priority: 10 }, { priority: null }],
    ['TTL defaults to 3600', {}, { ttl: 3600 }],
    ['TTL below 60 is refused', { ttl: 30 }, { field: 'ttl', key: 'dnsTtl' }],
    ['control characters are refused', { type: 'TXT', value: 'a\u0000b' }, { field: 'value', key: 'controlCharacters' }],
  ])('%s', (_rule, input, expected) => {
    expect(judge(input as Partial<TDnsRecord>)).toMatchObject(expected);
  });

  it('fills [DOMAINNAME] in profile records only when placed, keeping it while stored', () => {
    const stored = ZDnsRecord.parse({ name: 'www', type: 'CNAME', value: '[DOMAINNAME].' });
    expect(stored.value).toBe('[DOMAINNAME].');
    expect(forDomain(stored, 'goudenkorst-webshop.com')).toMatchObject({ ok: true, record: { value: 'goudenkorst-webshop.com.' } });
    const mx = ZDnsRecord.parse({ name: '', type: 'MX', value: 'Mail.[domainname].', priority: 10 });
    expect(mx.value).toBe('mail.[DOMAINNAME].');
    expect(forDomain(mx, 'bücher.nl')).toMatchObject({ ok: true, record: { value: 'mail.xn--bcher-kva.nl.' } });
    const txt = ZDnsRecord.parse({ name: '@', type: 'TXT', value: 'site=[DOMAINNAME]' });
    expect(forDomain(txt, 'goudenkorst.nl')).toMatchObject({ ok: true, record: { value: 'site=goudenkorst.nl' } });
  });

  it("previews what a typed target is stored as, as the form shows it before saving", () => {
    const preview = (type: TDnsRecord['type'], value: string, priority: number | null = null) => storedValuePreview({ type, value, priority }, 'example.nl');
    expect(preview('MX', 'mail.example.nl')).toBe('mail.example.nl.');
    expect(preview('MX', ' Mail ')).toBe('mail.example.nl.');
    expect(preview('CNAME', 'bakkerij.github.io')).toBe('bakkerij.github.io.');
    expect(preview('CNAME', 'bakkerij.shop.@')).toBe('bakkerij.shop.example.nl.');
    expect(preview('CNAME', '@')).toBe('example.nl.');
    expect(preview('SRV', '10 20 5060 sip')).toBe('20 5060 sip.example.nl.');
    expect(preview('SRV', '20 5060 sip.elders.de', 10)).toBe('20 5060 sip.elders.de.');
    // Nothing to preview: no target, or a value the rules refuse.
    expect(preview('A', '203.0.113.10')).toBeNull();
    expect(preview('CNAME', 'not a name')).toBeNull();
    expect(preview('SRV', '10 20')).toBeNull();
    // The preview is what saving stores.
    const saved = forDomain(ZDnsRecord.parse({ name: '@', type: 'MX', value: 'mail.example.nl', priority: 10 }), 'example.nl');
    expect(saved).toMatchObject({ ok: true, record: { value: preview('MX', 'mail.example.nl') } });
  });

  it('has every message in Dutch and English', () => {
    for (const key of ['dnsType', 'dnsName', 'dnsNameRequired', 'dnsIpv4', 'dnsIpv6', 'dnsTarget', 'dnsMxPriority', 'dnsSrvName', 'dnsSrvValue', 'dnsCnameApex', 'dnsMxTargetCname', 'dnsIpv6Ipv4', 'dnsHostTarget', 'dnsNameTooLong']) {
      expect(validationMessage('nl', key)).not.toBe(key);
      expect(validationMessage('en', key)).not.toBe(validationMessage('nl', key));
    }
    expect(validationMessage('en', 'dnsMxTargetCname')).toBe('MX must point to an A/AAAA host, not a CNAME');
    expect(message('en', 'dnsNotManageable')).toBe('DNS Records cannot be managed at this time. Please contact our support.');
    expect(message('nl', 'dnsNotManageable')).toBe('DNS-records kunnen op dit moment niet beheerd worden. Neem contact op met onze support.');
  });
});
