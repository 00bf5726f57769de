import { absoluteOwner, DNS_RECORD_TYPES, normalTxt, presentRecordData, relativeOwner, type DnsZoneRecord, type TDnsRecordType } from '@kavel/core';

/** A record set as PowerDNS's API writes it: absolute name, one TTL, contents in presentation form. */
export interface RecordSet {
  name: string;
  type: TDnsRecordType;
  ttl: number;
  contents: string[];
}

const key = (name: string, type: string) => `${name} ${type}`;

/** The shop's records grouped into record sets, contents sorted so sets compare by value. */
export function toRecordSets(domain: string, records: readonly DnsZoneRecord[]): Map<string, RecordSet> {
  const sets = new Map<string, RecordSet>();
  for (const record of records) {
    const name = absoluteOwner(record.name, domain);
    const set = sets.get(key(name, record.type)) ?? { name, type: record.type, ttl: record.ttl, contents: [] };
    set.contents.push(presentRecordData(record));
    sets.set(key(name, record.type), set);
  }
  for (const set of sets.values()) set.contents.sort();
  return sets;
}

/** One published record back in the shop's form, or null for a type the shop does not keep. */
export function fromContent(domain: string, name: string, type: string, ttl: number, content: string): DnsZoneRecord | null {
  if (!(DNS_RECORD_TYPES as readonly string[]).includes(type)) return null;
  const owner = relativeOwner(name, domain) ?? name;
  const base = { name: owner, type: type as TDnsRecordType, ttl, priority: null };
  const [first = '', ...rest] = content.split(' ');
  switch (type) {
    case 'MX':
      return { ...base, priority: Number(first), value: rest.join(' ').toLowerCase() };
    case 'SRV':
      return { ...base, priority: Number(first), value: rest.join(' ').toLowerCase() };
    case 'TXT':
      // Its strings as published: a text PowerDNS holds split every 255 bytes is the shop's bare text again.
      return { ...base, value: normalTxt(content) };
    case 'CNAME':
      return { ...base, value: content.toLowerCase() };
    default:
      return { ...base, value: content };
  }
}

/**
 * The record-set changes that make `current` equal `desired`, for one PATCH, the removals first.
 * PowerDNS checks each change against the zone as the changes before it left it, and refuses a
 * CNAME beside other data at its name (`Conflicts with pre-existing RRset`): a forward turning
 * `www CNAME` into `www A` must lose the CNAME before the A comes, or the whole PATCH fails.
 */
export function recordSetChanges(desired: Map<string, RecordSet>, current: Map<string, RecordSet>): object[] {
  const changes: object[] = [];
  for (const [id, set] of current) if (!desired.has(id)) changes.push({ name: set.name, type: set.type, changetype: 'DELETE' });
  for (const [id, set] of desired) {
    const now = current.get(id);
    if (now && now.ttl === set.ttl && now.contents.join('\n') === set.contents.join('\n')) continue;
    changes.push({ name: set.name, type: set.type, ttl: set.ttl, changetype: 'REPLACE', records: set.contents.map((content) => ({ content, disabled: false })) });
  }
  return changes;
}

/** Whether the published records differ from the shop's (the catch-up's drift check). */
export function zoneDiffers(domain: string, shop: readonly DnsZoneRecord[], published: readonly DnsZoneRecord[]): boolean {
  return recordSetChanges(toRecordSets(domain, shop), toRecordSets(domain, published)).length > 0;
}
