import { describe, expect, it } from 'vitest';
import type { DnsZoneRecord } from '../record.ts';
import { exportZoneFile, importZoneFile, skippedLineReason, zoneFileErrorText, zoneFileWarningText } from './index.ts';

const DKIM_1 = 'v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAvL2Q1u9n5kTQm3Wf8yq3sZgk7mP9ZJ2cYdV0K6bqPq7a1N4l3K5xX9HhF2o8c6u';
const DKIM_2 =
  'J1nQ0qRk7ZlYb3Q9eW2mT5vP8sD1fG4hJ6kL9zX2cV5bN8mQ1wE4rT7yU0iO3pA6sD9fG2hJ5kL8zX1cV4bN7mQ0wE3rT6yU9iO2pA5sD8fG1hJ4kL7zX0cV3bN6mQ9wE2rT5yU8iO1pA4sD7fG0hJ3kL6zX9cV2bN5mQ8wE1rT4yU7iO0pA3sD6fG9hJ2kL5zX8cV1bN4mQ7wE0rT3yU6iO9pA2sDwIDAQAB';

/** A zone as hosting companies hand them over: every feature the reader must keep. */
const REALISTIC = `; goudenkorst.nl, exported by the previous provider
$TTL 1h
$ORIGIN goudenkorst.nl.
@   IN  SOA ns1.oudeprovider.nl. hostmaster.oudeprovider.nl. (
            2024051501 ; serial
            3h         ; refresh
            1h         ; retry
            1w         ; expire
            1h )       ; negative TTL
    IN  NS  ns1.oudeprovider.nl.
    IN  NS  ns2.oudeprovider.nl.
@       A       203.0.113.10   ; no class, no TTL
        AAAA    2001:DB8::10   ; no owner: still the apex
www  300 IN CNAME @
mail IN 7200 A 203.0.113.25
@ 1d IN MX 10 mail
@ 1d IN MX 20 mx2.backup.nl.
_sip._tcp  IN SRV 10 60 5060 sipserver
sipserver  A 203.0.113.30
*.shop     A 203.0.113.40
selector1._domainkey IN TXT ( "${DKIM_1}"
                              "${DKIM_2}" )
@ TXT "v=spf1 mx a:mail.goudenkorst.nl ~all"
quote TXT "she said \\"hello\\"; twice" ; the ; inside quotes is text
@ IN CAA 0 issue "letsencrypt.org"
`;

describe('zone file import', () => {
  it('reads a realistic zone', () => {
    const result = importZoneFile(REALISTIC, 'goudenkorst.nl');
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.records).toEqual<DnsZoneRecord[]>([
      { name: '@', type: 'A', value: '203.0.113.10', priority: null, ttl: 3600 },
      { name: '@', type: 'AAAA', value: '2001:db8::10', priority: null, ttl: 3600 },
      { name: 'www', type: 'CNAME', value: 'goudenkorst.nl.', priority: null, ttl: 300 },
      { name: 'mail', type: 'A', value: '203.0.113.25', priority: null, ttl: 7200 },
      { name: '@', type: 'MX', value: 'mail.goudenkorst.nl.', priority: 10, ttl: 86_400 },
      { name: '@', type: 'MX', value: 'mx2.backup.nl.', priority: 20, ttl: 86_400 },
      { name: '_sip._tcp', type: 'SRV', value: '60 5060 sipserver.goudenkorst.nl.', priority: 10, ttl: 3600 },
      { name: 'sipserver', type: 'A', value: '203.0.113.30', priority: null, ttl: 3600 },
      { name: '*.shop', type: 'A', value: '203.0.113.40', priority: null, ttl: 3600 },
      // Written as two strings, kept as two strings.
      { name: 'selector1._domainkey', type: 'TXT', value: `"${DKIM_1}" "${DKIM_2}"`, priority: null, ttl: 3600 },
      { name: '@', type: 'TXT', value: 'v=spf1 mx a:mail.goudenkorst.nl ~all', priority: null, ttl: 3600 },
      { name: 'quote', type: 'TXT', value: 'she said "hello"; twice', priority: null, ttl: 3600 },
    ]);
    // SOA and NS are the shop's own; CAA is not kept, and both are said, with their lines.
    expect(result.skipped).toEqual([
      { line: 4, text: '@   IN  SOA ns1.oudeprovider.nl. hostmaster.oudeprovider.nl. (', key: 'zoneSkippedManaged', type: 'SOA' },
      { line: 10, text: 'IN  NS  ns1.oudeprovider.nl.', key: 'zoneSkippedManaged', type: 'NS' },
      { line: 11, text: 'IN  NS  ns2.oudeprovider.nl.', key: 'zoneSkippedManaged', type: 'NS' },
      { line: 25, text: '@ IN CAA 0 issue "letsencrypt.org"', key: 'zoneSkippedUnsupported', type: 'CAA' },
    ]);
    expect(skippedLineReason('nl', result.skipped[3]!)).toBe('CAA-records kunnen hier niet beheerd worden en zijn niet overgenomen.');
    expect(result.warnings).toEqual([]);
  });

  it('takes the last stated TTL when there is no $TTL, and relative names below a new $ORIGIN', () => {
    const result = importZoneFile('www 600 A 203.0.113.1\nftp A 203.0.113.2\n$ORIGIN eu.goudenkorst.nl.\napi A 203.0.113.3\n', 'goudenkorst.nl');
    expect(result).toMatchObject({ ok: true, records: [{ name: 'www', ttl: 600 }, { name: 'ftp', ttl: 600 }, { name: 'api.eu', ttl: 600 }] });
  });

  it('imports a real-world file that BIND loads: a set with two TTLs gets its lowest, MX 25 is kept, a bad line is skipped with why', () => {
    const file = [
      '$TTL 3600',
      '$ORIGIN goudenkorst.nl.',
      '@     300 IN A   203.0.113.10',
      '@    3600 IN A   203.0.113.11',
      '@         IN MX  25 mail',
      '@         IN TXT "v=spf1 include:_spf.example.net " "include:_spf.example.org ~all"',
      'www       IN A   203.0.113.999',
      'mail      IN A   203.0.113.25',
      'www       IN FOO bar',
      'www       IN CNAME @',
      'www       IN CNAME other.example.net.',
    ].join('\n');
    const result = importZoneFile(file, 'goudenkorst.nl');
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.records).toEqual<DnsZoneRecord[]>([
      { name: '@', type: 'A', value: '203.0.113.10', priority: null, ttl: 300 },
      { name: '@', type: 'A', value: '203.0.113.11', priority: null, ttl: 300 },
      { name: '@', type: 'MX', value: 'mail.goudenkorst.nl.', priority: 25, ttl: 3600 },
      { name: '@', type: 'TXT', value: '"v=spf1 include:_spf.example.net " "include:_spf.example.org ~all"', priority: null, ttl: 3600 },
      { name: 'mail', type: 'A', value: '203.0.113.25', priority: null, ttl: 3600 },
      { name: 'www', type: 'CNAME', value: 'goudenkorst.nl.', priority: null, ttl: 3600 },
    ]);
    expect(result.warnings).toEqual([{ line: 4, key: 'zoneTtlLowered', name: '@', type: 'A', ttl: 300 }]);
    expect(zoneFileWarningText('en', result.warnings[0]!)).toBe('Line 4: The records @ A had different TTLs; they now share the lowest, 300 seconds.');
    expect(result.skipped).toEqual([
      { line: 7, text: 'www       IN A   203.0.113.999', key: 'dnsIpv4', type: 'A' },
      { line: 9, text: 'www       IN FOO bar', key: 'zoneType', type: 'FOO' },
      { line: 11, text: 'www       IN CNAME other.example.net.', key: 'dnsCnameConflict', type: 'CNAME' },
    ]);
    expect(result.skipped.map((line) => skippedLineReason('nl', line))).toEqual([
      'Een IPv4-adres is vier getallen van 0 tot 255, gescheiden door punten, bijvoorbeeld 203.0.113.10.',
      'Onbekend recordtype FOO.',
      'Een naam met een CNAME kan geen andere records hebben, ook geen tweede CNAME.',
    ]);
  });

  it.each([
    ['an unknown type', '@ A 203.0.113.1\nwww IN FOO bar\n', { line: 2, text: 'www IN FOO bar', key: 'zoneType', type: 'FOO' }],
    ['a bad address', '@ A 203.0.113.1\nwww A 203.0.113.999\n', { line: 2, text: 'www A 203.0.113.999', key: 'dnsIpv4', type: 'A' }],
    ['an MX priority above 65535', '@ A 203.0.113.1\n@ MX 65536 mail\n', { line: 2, text: '@ MX 65536 mail', key: 'dnsPriority', type: 'MX' }],
    ['an MX without priority', '@ A 203.0.113.1\n@ MX mail\n', { line: 2, text: '@ MX mail', key: 'zoneData', type: 'MX' }],
    ['another class', '@ A 203.0.113.1\n@ CH A 203.0.113.1\n', { line: 2, text: '@ CH A 203.0.113.1', key: 'zoneClass' }],
    ['$INCLUDE', '@ A 203.0.113.1\n$INCLUDE other.zone\n', { line: 2, text: '$INCLUDE other.zone', key: 'zoneDirective' }],
    ['a name outside the zone', '@ A 203.0.113.1\nwww.elders.nl. A 203.0.113.1\n', { line: 2, text: 'www.elders.nl. A 203.0.113.1', key: 'dnsNameOutsideZone' }],
    ['a record twice', '@ A 203.0.113.1\n@ A 203.0.113.1\n', { line: 2, text: '@ A 203.0.113.1', key: 'dnsDuplicate', type: 'A' }],
  ])('skips %s with its line and why, and imports the rest', (_case, source, skipped) => {
    expect(importZoneFile(source, 'goudenkorst.nl')).toEqual({
      ok: true,
      records: [{ name: '@', type: 'A', value: '203.0.113.1', priority: null, ttl: 3600 }],
      skipped: [skipped],
      warnings: [],
    });
  });

  it.each([
    ['an open quote', '@ A 203.0.113.1\n\n@ TXT "open\n', { line: 3, key: 'zoneQuote' }, 'Regel 3: Er ontbreekt een afsluitend aanhalingsteken (").'],
    ['an open parenthesis', '@ A 203.0.113.1\n@ TXT ( "a"\n', { line: 2, key: 'zoneParentheses' }, 'Regel 2: De haakjes ( en ) sluiten niet op elkaar aan.'],
  ])('refuses a file that does not read as a whole (%s) with its line', (_case, source, error, text) => {
    const result = importZoneFile(source, 'goudenkorst.nl');
    expect(result).toEqual({ ok: false, errors: [error] });
    if (!result.ok) expect(zoneFileErrorText('nl', result.errors[0]!)).toBe(text);
  });
});

describe('zone file export', () => {
  const authority = { nameservers: ['ns1.kavel.nl', 'ns2.kavel.nl.'], hostmaster: 'host.master@kavel.nl', serial: 2026112301 };

  it('writes BIND format with the SOA, the name servers, a TXT in the strings it was given and a long TXT in strings of 255', () => {
    const imported = importZoneFile(REALISTIC, 'goudenkorst.nl');
    if (!imported.ok) throw new Error('import failed');
    const long: DnsZoneRecord = { name: 'selector2._domainkey', type: 'TXT', value: DKIM_1 + DKIM_2, priority: null, ttl: 3600 };
    const text = exportZoneFile('goudenkorst.nl', [...imported.records, long], authority);
    expect((DKIM_1 + DKIM_2).length).toBeGreaterThan(255);
    expect(text).toMatch(new RegExp(`^selector1\\._domainkey +3600 IN TXT +"${DKIM_1}" "${DKIM_2}"$`, 'm'));
    expect(text).toContain('$ORIGIN goudenkorst.nl.');
    expect(text).toMatch(/^@ +3600 IN SOA +ns1\.kavel\.nl\. host\\\.master\.kavel\.nl\. \($/m);
    expect(text).toMatch(/^@ +3600 IN NS +ns2\.kavel\.nl\.$/m);
    expect(text).toMatch(/^_sip\._tcp +3600 IN SRV +10 60 5060 sipserver\.goudenkorst\.nl\.$/m);
    expect(text).toContain(`"${(DKIM_1 + DKIM_2).slice(0, 255)}" "${(DKIM_1 + DKIM_2).slice(255)}"`);
    expect(text).toContain('"she said \\"hello\\"; twice"');
  });

  it('round trip: importing what was exported gives the same records', () => {
    const imported = importZoneFile(REALISTIC, 'goudenkorst.nl');
    if (!imported.ok) throw new Error('import failed');
    const extra: DnsZoneRecord[] = [
      { name: 'xn--bcher-kva', type: 'TXT', value: 'café ☕ and a backslash \\', priority: null, ttl: 60 },
      { name: '_xmpp._udp', type: 'SRV', value: '0 0 .', priority: 0, ttl: 3600 },
    ];
    const records = [...imported.records, ...extra];
    const again = importZoneFile(exportZoneFile('goudenkorst.nl', records, authority), 'goudenkorst.nl');
    expect(again).toMatchObject({ ok: true, records });
    const bare = importZoneFile(exportZoneFile('goudenkorst.nl', records), 'goudenkorst.nl');
    expect(bare).toEqual({ ok: true, records, skipped: [], warnings: [] });
  });

  it('writes an IDN zone in punycode', () => {
    const text = exportZoneFile('bücher.nl', [{ name: '@', type: 'A', value: '203.0.113.1', priority: null, ttl: 3600 }]);
    expect(text).toContain('$ORIGIN xn--bcher-kva.nl.');
    expect(text).toContain('; Zone bücher.nl');
  });
});
