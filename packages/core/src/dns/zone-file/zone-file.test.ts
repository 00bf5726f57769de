import { describe, expect, it } from 'vitest';
import type { DnsZoneRecord } from '../record.ts';
import { exportZoneFile, importZoneFile, skippedRecordText, zoneFileErrorText } from './index.ts';

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
      { name: 'selector1._domainkey', type: 'TXT', value: DKIM_1 + DKIM_2, priority: null, ttl: 3600 },
      { name: '@', type: 'TXT', value: 'v=spf1 mx a:mail.goudenkorst.nl ~all', priority: null, ttl: 3600 },
      { name: 'quote', type: 'TXT', value: 'she said "hello"; twice', priority: null, ttl: 3600 },
    ]);
    // SOA and NS are the shop's own; CAA is not kept, and both are said, with their lines.
    expect(result.skipped).toEqual([
      { line: 4, type: 'SOA', name: 'goudenkorst.nl.', reason: 'managed' },
      { line: 10, type: 'NS', name: 'goudenkorst.nl.', reason: 'managed' },
      { line: 11, type: 'NS', name: 'goudenkorst.nl.', reason: 'managed' },
      { line: 25, type: 'CAA', name: 'goudenkorst.nl.', reason: 'unsupported' },
    ]);
    expect(skippedRecordText('nl', result.skipped[3]!)).toBe('Regel 25: CAA-records kunnen hier niet beheerd worden en zijn niet overgenomen.');
  });

  it('takes the last stated TTL when there is no $TTL, and relative names below a new $ORIGIN', () => {
    const result = importZoneFile('www 600 A 203.0.113.1\nftp A 203.0.113.2\n$ORIGIN eu.goudenkorst.nl.\napi A 203.0.113.3\n', 'goudenkorst.nl');
    expect(result).toMatchObject({ ok: true, records: [{ name: 'www', ttl: 600 }, { name: 'ftp', ttl: 600 }, { name: 'api.eu', ttl: 600 }] });
  });

  it.each([
    ['an unknown type', '@ A 203.0.113.1\nwww IN FOO bar\n', { line: 2, key: 'zoneType', type: 'FOO' }, 'Regel 2: Onbekend recordtype FOO.'],
    ['an open quote', '@ A 203.0.113.1\n\n@ TXT "open\n', { line: 3, key: 'zoneQuote' }, 'Regel 3: Er ontbreekt een afsluitend aanhalingsteken (").'],
    ['an open parenthesis', '@ A 203.0.113.1\n@ TXT ( "a"\n', { line: 2, key: 'zoneParentheses' }, 'Regel 2: De haakjes ( en ) sluiten niet op elkaar aan.'],
    ['a bad address', '@ A 203.0.113.1\nwww A 203.0.113.999\n', { line: 2, key: 'dnsIpv4', type: 'A' }, 'Regel 2: Een IPv4-adres is vier getallen van 0 tot 255, gescheiden door punten, bijvoorbeeld 203.0.113.10.'],
    ['an MX priority outside the list', '@ MX 25 mail\n', { line: 1, key: 'dnsMxPriority', type: 'MX' }, null],
    ['an MX without priority', '@ MX mail\n', { line: 1, key: 'zoneData', type: 'MX' }, 'Regel 1: De gegevens van dit MX-record zijn niet te lezen.'],
    ['a first line without owner', '  A 203.0.113.1\n', { line: 1, key: 'zoneOwner' }, null],
    ['another class', '@ CH A 203.0.113.1\n', { line: 1, key: 'zoneClass' }, null],
    ['$INCLUDE', '$INCLUDE other.zone\n', { line: 1, key: 'zoneDirective' }, null],
    ['a name outside the zone', 'www.elders.nl. A 203.0.113.1\n', { line: 1, key: 'dnsNameOutsideZone' }, null],
    ['a CNAME beside other data', 'www A 203.0.113.1\nwww CNAME @\n', { line: 2, key: 'dnsCnameConflict' }, null],
  ])('reports %s with its line and imports nothing', (_case, source, error, text) => {
    const result = importZoneFile(source, 'goudenkorst.nl');
    expect(result).toEqual({ ok: false, errors: [error] });
    if (text && !result.ok) expect(zoneFileErrorText('nl', result.errors[0]!)).toBe(text);
  });
});

describe('zone file export', () => {
  const authority = { nameservers: ['ns1.kavel.nl', 'ns2.kavel.nl.'], hostmaster: 'host.master@kavel.nl', serial: 2026112301 };

  it('writes BIND format with the SOA, the name servers and a long TXT in strings', () => {
    const imported = importZoneFile(REALISTIC, 'goudenkorst.nl');
    if (!imported.ok) throw new Error('import failed');
    const text = exportZoneFile('goudenkorst.nl', imported.records, authority);
    expect((DKIM_1 + DKIM_2).length).toBeGreaterThan(255);
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
    expect(bare).toEqual({ ok: true, records, skipped: [] });
  });

  it('writes an IDN zone in punycode', () => {
    const text = exportZoneFile('bücher.nl', [{ name: '@', type: 'A', value: '203.0.113.1', priority: null, ttl: 3600 }]);
    expect(text).toContain('$ORIGIN xn--bcher-kva.nl.');
    expect(text).toContain('; Zone bücher.nl');
  });
});
