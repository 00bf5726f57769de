import { forDomain } from './place-record.ts';
import type { DnsZoneRecord, TDnsRecordStored } from './record.ts';
import { txtText } from './txt.ts';
import { zoneProblems } from './zone-rules.ts';

/**
 * `replace` (spec 001 section 4: 'Applying a profile replaces all current records'): the zone
 * becomes the profile. `merge`: the zone keeps its records, except the record sets (name and
 * type) the profile defines, which become the profile's. `mail` (the e-mail presets): as merge,
 * and the zone's mail records go too, so one provider's mail records replace another's while
 * every other record, other TXT records at the apex included, stays.
 */
export type ProfileApplyMode = 'replace' | 'merge' | 'mail';

const SPF = /^v=spf1(\s|$)/i;

/**
 * The records that say where a domain's mail goes: the apex MX records, the apex SPF text, and
 * the `autodiscover` alias mail programs look up (Microsoft 365's; set by the 'office' preset).
 */
export function isMailRecord(record: { name: string; type: string; value: string }): boolean {
  if (record.name === '@') return record.type === 'MX' || (record.type === 'TXT' && SPF.test(txtText(record.value).trim()));
  return record.name === 'autodiscover' && record.type === 'CNAME';
}

export interface ProfileApplyError {
  record: TDnsRecordStored;
  /** A key of `texts/validation.ts`. */
  key: string;
}

export interface ProfileApplyPlan {
  /** The zone after applying. */
  records: DnsZoneRecord[];
  /** The profile's records as placed in the zone (spec 001 section 7's `successfullySavedRecords`). */
  saved: DnsZoneRecord[];
  /** The profile's records that could not be placed, with why (the answer's `errors`). */
  errors: ProfileApplyError[];
  /** What applying changes, for the preview the page shows before confirming. */
  added: DnsZoneRecord[];
  removed: DnsZoneRecord[];
}

const setKey = (record: { name: string; type: string }) => `${record.name} ${record.type}`;
const recordKey = (record: DnsZoneRecord) => `${setKey(record)} ${record.priority ?? ''} ${record.ttl} ${record.value}`;

/**
 * What applying a profile to `domain`'s zone does, without doing it: `[DOMAINNAME]` filled in,
 * targets completed, and each profile record kept to the zone rules. A record that breaks them
 * (a CNAME beside other data, a second TTL in a set, ...) is left out and listed in `errors`;
 * the rest is applied, as the spec's apply answers both lists.
 */
export function planProfileApply(zone: readonly DnsZoneRecord[], profile: readonly TDnsRecordStored[], domain: string, mode: ProfileApplyMode): ProfileApplyPlan {
  const placed = profile.map((record) => ({ record, placed: forDomain(record, domain) }));
  // In mail mode the mail records are swapped as a whole, record by record (the apex's other
  // texts stay); any other set the profile defines is replaced as in merge.
  const replacesSet = (record: DnsZoneRecord) => mode !== 'mail' || !isMailRecord(record);
  const profileSets = new Set(placed.flatMap((entry) => (entry.placed.ok && replacesSet(entry.placed.record) ? [setKey(entry.placed.record)] : [])));
  const kept = (record: DnsZoneRecord) => !profileSets.has(setKey(record)) && (mode !== 'mail' || !isMailRecord(record));
  const records = mode === 'replace' ? [] : zone.filter(kept);
  const saved: DnsZoneRecord[] = [];
  const errors: ProfileApplyError[] = [];
  for (const { record, placed: result } of placed) {
    if (!result.ok) {
      errors.push({ record, key: result.key });
      continue;
    }
    // A preset's record has no TTL of its own: beside records the mail mode keeps in its set
    // (the apex's other texts) it takes theirs, so the set keeps one TTL.
    const setTtl = mode === 'mail' && record.ttl === undefined ? records.find((other) => setKey(other) === setKey(result.record))?.ttl : undefined;
    const placedRecord = setTtl === undefined ? result.record : { ...result.record, ttl: setTtl };
    const candidate = [...records, placedRecord];
    const problem = zoneProblems(candidate, domain).find((found) => found.index === candidate.length - 1);
    if (problem) {
      errors.push({ record, key: problem.key });
      continue;
    }
    records.push(placedRecord);
    saved.push(placedRecord);
  }
  const before = new Set(zone.map(recordKey));
  const after = new Set(records.map(recordKey));
  return { records, saved, errors, added: records.filter((r) => !before.has(recordKey(r))), removed: zone.filter((r) => !after.has(recordKey(r))) };
}
