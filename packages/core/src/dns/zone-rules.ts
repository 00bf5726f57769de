import { absoluteOwner, APEX } from './names.ts';
import type { DnsZoneRecord } from './record.ts';

export interface ZoneProblem {
  /** Index of the record the problem is reported on: the later of two that conflict. */
  index: number;
  field: 'name' | 'value' | 'ttl';
  /** A key of `texts/validation.ts`. */
  key: string;
}

/**
 * The most records one zone holds, unless the shop is configured otherwise: far above any real
 * zone, and low enough that checking, storing and publishing one stays quick.
 */
export const DEFAULT_ZONE_RECORD_LIMIT = 5000;

const rrsetKey = (record: DnsZoneRecord) => `${record.name} ${record.type}`;
const srvTarget = (value: string) => value.split(' ')[2] ?? '.';

/**
 * The rules a whole zone must keep so an authoritative server serves it (RFC 1034, 2181, 2782):
 * no CNAME at the apex or beside other data at its name, no MX or SRV target that is a CNAME
 * in the zone, one TTL per record set, no record twice. Names compare case-insensitively
 * (records are stored lower case). Answers every problem, in record order. One pass over the
 * records with a map per name and per record set, so a zone of thousands of records at one name
 * is checked in milliseconds.
 */
export function zoneProblems(records: readonly DnsZoneRecord[], domain: string): ZoneProblem[] {
  const steps = zoneProblemSteps(records, domain);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Records checked between two pauses of `zoneProblemSteps`. */
const RECORDS_PER_STEP = 100;

/** `zoneProblems` in steps: the generator pauses (yields) every hundred records, so a server can answer others in between. */
export function* zoneProblemSteps(records: readonly DnsZoneRecord[], domain: string): Generator<void, ZoneProblem[], void> {
  const problems: ZoneProblem[] = [];
  const cnameOwners = new Set(records.filter((record) => record.type === 'CNAME').map((record) => absoluteOwner(record.name, domain)));
  /** Per name: how many records came before, and whether one of them is a CNAME. */
  const namesSeen = new Map<string, { count: number; cname: boolean }>();
  const ttlOfSet = new Map<string, number>();
  const seen = new Set<string>();
  for (const [index, record] of records.entries()) {
    if (index > 0 && index % RECORDS_PER_STEP === 0) yield;
    const report = (field: ZoneProblem['field'], key: string) => problems.push({ index, field, key });
    const same = `${rrsetKey(record)} ${record.priority ?? ''} ${record.value.toLowerCase()}`;
    const before = namesSeen.get(record.name) ?? { count: 0, cname: false };
    if (record.type === 'CNAME' && record.name === APEX) report('name', 'dnsCnameApex');
    else if (seen.has(same)) report('value', 'dnsDuplicate');
    else if (before.count > 0 && (record.type === 'CNAME' || before.cname)) report('name', 'dnsCnameConflict');
    else if (record.type === 'MX' && cnameOwners.has(record.value)) report('value', 'dnsMxTargetCname');
    else if (record.type === 'SRV' && cnameOwners.has(srvTarget(record.value))) report('value', 'dnsSrvTargetCname');
    else if ((ttlOfSet.get(rrsetKey(record)) ?? record.ttl) !== record.ttl) report('ttl', 'dnsTtlMismatch');
    seen.add(same);
    namesSeen.set(record.name, { count: before.count + 1, cname: before.cname || record.type === 'CNAME' });
    if (!ttlOfSet.has(rrsetKey(record))) ttlOfSet.set(rrsetKey(record), record.ttl);
  }
  return problems;
}

/**
 * Every record set's records with the set's lowest TTL (RFC 2181 section 5.2: one TTL per set;
 * BIND loads a file that differs with a warning and does the same). `changed` lists the indexes
 * of the records whose TTL was lowered.
 */
export function lowestTtlPerSet(records: readonly DnsZoneRecord[]): { records: DnsZoneRecord[]; changed: number[] } {
  const lowest = new Map<string, number>();
  for (const record of records) lowest.set(rrsetKey(record), Math.min(lowest.get(rrsetKey(record)) ?? record.ttl, record.ttl));
  const changed: number[] = [];
  const out = records.map((record, index) => {
    const ttl = lowest.get(rrsetKey(record)) ?? record.ttl;
    if (ttl === record.ttl) return record;
    changed.push(index);
    return { ...record, ttl };
  });
  return { records: out, changed };
}
