import { forDomain } from './place-record.ts';
import { DEFAULT_TTL, ZDnsRecord, type DnsZoneRecord } from './record.ts';
import { zoneProblems } from './zone-rules.ts';

/** A record of a domain's zone with its stable id. */
export type IdentifiedZoneRecord = DnsZoneRecord & { id: number };

/** Spec 001 section 7's record operations: dnsAddRecord, dnsUpdateRecord, dnsRemoveRecord. */
export type ZoneChange = { kind: 'add'; record: unknown } | { kind: 'update'; id: number; record: unknown } | { kind: 'remove'; id: number };

export type ZoneChangeResult =
  | { ok: true; records: Array<DnsZoneRecord & { id?: number }> }
  /** `field` and `key` (of `texts/validation.ts`) for the 'Error!' modal; `notFound` for an id the zone lacks. */
  | { ok: false; reason: 'invalid'; field: string; key: string }
  | { ok: false; reason: 'notFound' };

/**
 * One record operation on `domain`'s zone, checked as the page and the server both check it:
 * the record schema, its place in the zone (MX completion), and the zone rules. A record sent
 * without a TTL takes its record set's TTL (one TTL per set), or the edited record's, or 3600.
 * Answers the zone after the change (new records without id) or why it is refused.
 */
export function changeZone(zone: readonly IdentifiedZoneRecord[], change: ZoneChange, domain: string): ZoneChangeResult {
  const index = change.kind === 'add' ? -1 : zone.findIndex((record) => record.id === change.id);
  if (change.kind !== 'add' && index < 0) return { ok: false, reason: 'notFound' };
  if (change.kind === 'remove') return { ok: true, records: zone.filter((_, i) => i !== index) };

  const parsed = ZDnsRecord.safeParse(change.record);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: 'invalid', field: String(issue?.path[0] ?? 'value'), key: issue?.message ?? 'required' };
  }
  const placed = forDomain(parsed.data, domain);
  if (!placed.ok) return { ok: false, reason: 'invalid', field: placed.field, key: placed.key };
  let record = placed.record;
  if (parsed.data.ttl === undefined) {
    const sameSet = zone.find((other, i) => i !== index && other.name === record.name && other.type === record.type);
    record = { ...record, ttl: sameSet?.ttl ?? zone[index]?.ttl ?? DEFAULT_TTL };
  }
  const records: Array<DnsZoneRecord & { id?: number }> = change.kind === 'add' ? [...zone, record] : zone.map((old, i) => (i === index ? { ...record, id: old.id } : old));
  const changedAt = change.kind === 'add' ? records.length - 1 : index;
  // Check the changed record as if it came last, so a conflict is reported on it.
  const ordered = [...records.filter((_, i) => i !== changedAt), records[changedAt]!];
  const problem = zoneProblems(ordered, domain).find((found) => found.index === ordered.length - 1) ?? zoneProblems(ordered, domain)[0];
  if (problem) return { ok: false, reason: 'invalid', field: problem.field, key: problem.key };
  return { ok: true, records };
}
