import { describe, expect, it } from 'vitest';
import type { DnsZoneRecord } from './record.ts';
import { changeZone, type IdentifiedZoneRecord } from './zone-change.ts';

const DOMAIN = 'goudenkorst.nl';
const r = (id: number, name: string, type: DnsZoneRecord['type'], value: string, priority: number | null = null, ttl = 3600): IdentifiedZoneRecord => ({ id, name, type, value, priority, ttl });
const zone = [r(1, '@', 'A', '203.0.113.10'), r(2, 'www', 'A', '203.0.113.10', null, 300), r(3, 'mail', 'A', '203.0.113.25'), r(4, '@', 'MX', 'mail.goudenkorst.nl.', 10)];

describe('record operations on a zone', () => {
  it("adds 'www A 203.0.113.10'-style records, taking the record set's TTL", () => {
    const result = changeZone(zone, { kind: 'add', record: { name: 'www', type: 'A', value: '203.0.113.11' } }, DOMAIN);
    expect(result).toEqual({ ok: true, records: [...zone, { name: 'www', type: 'A', value: '203.0.113.11', priority: null, ttl: 300 }] });
  });

  it('adds an MX with value mail, stored as mail.<domain>.', () => {
    const result = changeZone(zone, { kind: 'add', record: { name: '', type: 'MX', value: 'mail', priority: 20 } }, DOMAIN);
    expect(result.ok && result.records.at(-1)).toEqual({ name: '@', type: 'MX', value: 'mail.goudenkorst.nl.', priority: 20, ttl: 3600 });
  });

  it('updates a record in place, keeping its id and, without a new TTL, its TTL', () => {
    const result = changeZone(zone, { kind: 'update', id: 3, record: { name: 'mail', type: 'A', value: '203.0.113.26' } }, DOMAIN);
    expect(result.ok && result.records[2]).toEqual(r(3, 'mail', 'A', '203.0.113.26'));
  });

  it('removes a record by id', () => {
    expect(changeZone(zone, { kind: 'remove', id: 2 }, DOMAIN)).toEqual({ ok: true, records: [zone[0], zone[2], zone[3]] });
  });

  it.each([
    ['an id the zone lacks (update)', { kind: 'update' as const, id: 99, record: { name: 'x', type: 'A', value: '203.0.113.1' } }, { ok: false, reason: 'notFound' }],
    ['an id the zone lacks (remove)', { kind: 'remove' as const, id: 99 }, { ok: false, reason: 'notFound' }],
    ['a field the schema refuses', { kind: 'add' as const, record: { name: 'x', type: 'A', value: '999.1.1.1' } }, { ok: false, reason: 'invalid', field: 'value', key: 'dnsIpv4' }],
    ['a CNAME beside other data', { kind: 'add' as const, record: { name: 'www', type: 'CNAME', value: '@' } }, { ok: false, reason: 'invalid', field: 'name', key: 'dnsCnameConflict' }],
    ['an edit into a CNAME beside other data', { kind: 'update' as const, id: 1, record: { name: 'mail', type: 'CNAME', value: 'elders.nl.' } }, { ok: false, reason: 'invalid', field: 'name', key: 'dnsCnameConflict' }],
    ['a second TTL in a set', { kind: 'add' as const, record: { name: 'www', type: 'A', value: '203.0.113.12', ttl: 3600 } }, { ok: false, reason: 'invalid', field: 'ttl', key: 'dnsTtlMismatch' }],
    ['the same record twice', { kind: 'add' as const, record: { name: 'mail', type: 'A', value: '203.0.113.25' } }, { ok: false, reason: 'invalid', field: 'value', key: 'dnsDuplicate' }],
    ['a name of another domain', { kind: 'add' as const, record: { name: 'www.elders.nl.', type: 'A', value: '203.0.113.1' } }, { ok: false, reason: 'invalid', field: 'name', key: 'dnsNameOutsideZone' }],
    ['an MX to a CNAME of the zone', { kind: 'add' as const, record: { name: '', type: 'MX', value: 'post', priority: 20 } }, null],
  ])('refuses %s', (_case, change, expected) => {
    if (expected) {
      expect(changeZone(zone, change, DOMAIN)).toEqual(expected);
      return;
    }
    const withCname = [...zone, r(5, 'post', 'CNAME', 'mail.goudenkorst.nl.')];
    expect(changeZone(withCname, change, DOMAIN)).toEqual({ ok: false, reason: 'invalid', field: 'value', key: 'dnsMxTargetCname' });
  });
});
