import { describe, expect, it } from 'vitest';
import type { DnsZoneRecord } from './record.ts';
import { zoneProblems } from './zone-rules.ts';

const r = (name: string, type: DnsZoneRecord['type'], value: string, priority: number | null = null, ttl = 3600): DnsZoneRecord => ({ name, type, value, priority, ttl });
const base = [r('@', 'A', '203.0.113.10'), r('www', 'A', '203.0.113.10'), r('mail', 'A', '203.0.113.25')];

describe('zone rules', () => {
  it.each([
    ['a clean zone has no problems', [], []],
    ['no CNAME beside other data', [r('www', 'CNAME', 'goudenkorst.nl.')], [{ index: 3, field: 'name', key: 'dnsCnameConflict' }]],
    ['no other data beside a CNAME', [r('shop', 'CNAME', 'goudenkorst.nl.'), r('shop', 'TXT', 'x')], [{ index: 4, field: 'name', key: 'dnsCnameConflict' }]],
    ['no second CNAME', [r('shop', 'CNAME', 'a.nl.'), r('shop', 'CNAME', 'b.nl.')], [{ index: 4, field: 'name', key: 'dnsCnameConflict' }]],
    ['no CNAME at the apex', [r('@', 'CNAME', 'a.nl.')], [{ index: 3, field: 'name', key: 'dnsCnameApex' }]],
    ['MX target not a CNAME in the zone', [r('post', 'CNAME', 'mail.goudenkorst.nl.'), r('@', 'MX', 'post.goudenkorst.nl.', 10)], [{ index: 4, field: 'value', key: 'dnsMxTargetCname' }]],
    ['SRV target not a CNAME in the zone', [r('sip', 'CNAME', 'mail.goudenkorst.nl.'), r('_sip._tcp', 'SRV', '10 5060 sip.goudenkorst.nl.', 10)], [{ index: 4, field: 'value', key: 'dnsSrvTargetCname' }]],
    ['MX to an A host is fine', [r('@', 'MX', 'mail.goudenkorst.nl.', 10)], []],
    ['one TTL per record set', [r('www', 'A', '203.0.113.11', null, 300)], [{ index: 3, field: 'ttl', key: 'dnsTtlMismatch' }]],
    ['different TTLs in different sets are fine', [r('www', 'AAAA', '2001:db8::1', null, 300)], []],
    ['no record twice', [r('www', 'A', '203.0.113.10')], [{ index: 3, field: 'value', key: 'dnsDuplicate' }]],
    ['wildcard CNAME beside nothing is fine', [r('*', 'CNAME', 'goudenkorst.nl.')], []],
  ])('%s', (_rule, extra, expected) => {
    expect(zoneProblems([...base, ...extra], 'goudenkorst.nl')).toEqual(expected);
  });
});

describe('zone rules on a large zone', () => {
  it('check 20,000 records at one name in linear time, answering each problem', () => {
    const records = Array.from({ length: 20_000 }, (_, i) => r('@', 'TXT', `entry ${i % 19_999}`));
    const started = performance.now();
    const problems = zoneProblems(records, 'goudenkorst.nl');
    // Quadratic work (a copy of the name's records per record) takes seconds here; linear, milliseconds.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(problems).toEqual([{ index: 19_999, field: 'value', key: 'dnsDuplicate' }]);
  });
});
