import { absoluteOwner, APEX } from './names.ts';
import type { DnsZoneRecord } from './record.ts';

export interface ZoneProblem {
  /** Index of the record the problem is reported on: the later of two that conflict. */
  index: number;
  field: 'name' | 'value' | 'ttl';
  /** A key of `texts/validation.ts`. */
  key: string;
}

const rrsetKey = (record: DnsZoneRecord) => `${record.name} ${record.type}`;
const srvTarget = (value: string) => value.split(' ')[2] ?? '.';

/**
 * The rules a whole zone must keep so an authoritative server serves it (RFC 1034, 2181, 2782):
 * no CNAME at the apex or beside other data at its name, no MX or SRV target that is a CNAME
 * in the zone, one TTL per record set, no record twice. Names compare case-insensitively
 * (records are stored lower case). Answers every problem, in record order.
 */
export function zoneProblems(records: readonly DnsZoneRecord[], domain: string): ZoneProblem[] {
  const problems: ZoneProblem[] = [];
  const cnameOwners = new Set(records.filter((record) => record.type === 'CNAME').map((record) => absoluteOwner(record.name, domain)));
  const namesSeen = new Map<string, DnsZoneRecord[]>();
  const ttlOfSet = new Map<string, number>();
  const seen = new Set<string>();
  records.forEach((record, index) => {
    const report = (field: ZoneProblem['field'], key: string) => problems.push({ index, field, key });
    const same = `${rrsetKey(record)} ${record.priority ?? ''} ${record.value.toLowerCase()}`;
    const before = namesSeen.get(record.name) ?? [];
    if (record.type === 'CNAME' && record.name === APEX) report('name', 'dnsCnameApex');
    else if (seen.has(same)) report('value', 'dnsDuplicate');
    else if (before.length > 0 && (record.type === 'CNAME' || before.some((other) => other.type === 'CNAME'))) report('name', 'dnsCnameConflict');
    else if (record.type === 'MX' && cnameOwners.has(record.value)) report('value', 'dnsMxTargetCname');
    else if (record.type === 'SRV' && cnameOwners.has(srvTarget(record.value))) report('value', 'dnsSrvTargetCname');
    else if ((ttlOfSet.get(rrsetKey(record)) ?? record.ttl) !== record.ttl) report('ttl', 'dnsTtlMismatch');
    seen.add(same);
    namesSeen.set(record.name, [...before, record]);
    if (!ttlOfSet.has(rrsetKey(record))) ttlOfSet.set(rrsetKey(record), record.ttl);
  });
  return problems;
}
