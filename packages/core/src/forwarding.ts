import type { DnsZoneRecord } from './dns/index.ts';
import type { TForwardOption, TForwardRecord, TReplacedRecord } from './schemas/forwarding.ts';

/** Where the forwarding responder answers (configuration): its IPv4 address, and its IPv6 address when it has one. */
export interface ForwardResponder {
  ipv4: string;
  ipv6: string | null;
}

export const FORWARD_RECORD_TTL = 3600;

/**
 * The records a forward needs in its domain's zone: HTTP and IFRAME point the apex and `www`
 * at the responder (A, and AAAA when it has IPv6); DNS points the apex at the typed address
 * (A, or AAAA for an IPv6 address); NONE needs none.
 */
export function forwardRecords(option: TForwardOption, target: string, responder: ForwardResponder): TForwardRecord[] {
  const at = (name: string, value: string): TForwardRecord => ({ name, type: value.includes(':') ? 'AAAA' : 'A', value, ttl: FORWARD_RECORD_TTL });
  switch (option) {
    case 'HTTP':
    case 'IFRAME':
      return ['@', 'www'].flatMap((name) => [at(name, responder.ipv4), ...(responder.ipv6 ? [at(name, responder.ipv6)] : [])]);
    case 'DNS':
      return [at('@', target)];
    case 'NONE':
      return [];
  }
}

const sameRecord = (a: Pick<DnsZoneRecord, 'name' | 'type' | 'value'>, b: Pick<DnsZoneRecord, 'name' | 'type' | 'value'>) =>
  a.name === b.name && a.type === b.type && a.value.toLowerCase() === b.value.toLowerCase();

/** The record types that send visitors to a host: a forward replaces them at the names it writes. */
const isAddress = <T extends DnsZoneRecord>(record: T): record is T & { type: TReplacedRecord['type'] } => record.type === 'A' || record.type === 'AAAA' || record.type === 'CNAME';

const asReplaced = ({ name, type, value, ttl }: DnsZoneRecord & { type: TReplacedRecord['type'] }): TReplacedRecord => ({ name, type, value, ttl });

/** What a forward in place wrote into the zone, and what it replaced there. */
export interface ForwardInZone {
  records: readonly TForwardRecord[];
  replaced: readonly TReplacedRecord[];
}

export const NO_FORWARD_IN_ZONE: ForwardInZone = { records: [], replaced: [] };

/** A zone after a forward changed. */
export interface ForwardZoneChange<R extends DnsZoneRecord> {
  records: Array<R | DnsZoneRecord>;
  /** What the next forward replaced at the names it writes, kept to be put back when it goes. */
  replaced: TReplacedRecord[];
  /** Records replaced earlier that were not put back: their name has address records of the customer's own now, or other data beside which a CNAME may not stand. */
  notRestored: TReplacedRecord[];
}

/**
 * The zone after a forward changed (`next`: the next forward's records, none for NONE). The
 * previous forward's records go. At each name the next forward writes, every A, AAAA and CNAME
 * goes (an AAAA left at the old host would send IPv6 visitors past the forward) and is kept as
 * replaced: the customer's own records there if the name has any, otherwise what the previous
 * forward had replaced there. At a name the previous forward replaced and the next does not
 * write, its replaced records come back, unless the customer put address records of their own
 * there since (those stay) or a CNAME would stand beside other data: then they are answered as
 * not restored. The rest of the zone stays as it is.
 */
export function applyForward<R extends DnsZoneRecord>(zone: readonly R[], previous: ForwardInZone, next: readonly TForwardRecord[]): ForwardZoneChange<R> {
  const nextNames = new Set(next.map((record) => record.name));
  const remaining = zone.filter((record) => !previous.records.some((written) => sameRecord(written, record)));
  const replaced: TReplacedRecord[] = [];
  const restored: TReplacedRecord[] = [];
  const notRestored: TReplacedRecord[] = [];
  const names = new Set([...previous.replaced.map((record) => record.name), ...nextNames]);
  for (const name of names) {
    const own = remaining.filter((record) => record.name === name).filter(isAddress).map(asReplaced);
    const held = previous.replaced.filter((record) => record.name === name);
    if (nextNames.has(name)) replaced.push(...(own.length > 0 ? own : held));
    else if (own.length > 0 || (held.some((record) => record.type === 'CNAME') && remaining.some((record) => record.name === name))) notRestored.push(...held);
    else restored.push(...held);
  }
  const kept = remaining.filter((record) => !(nextNames.has(record.name) && isAddress(record)));
  const added = [...restored, ...next].map((record): DnsZoneRecord => ({ ...record, priority: null }));
  return { records: [...kept, ...added], replaced, notRestored };
}

/** The zone after a forward changed, when nothing replaced is held (see `applyForward`). */
export function zoneWithForward<R extends DnsZoneRecord>(zone: readonly R[], previous: readonly TForwardRecord[], next: readonly TForwardRecord[]): Array<R | DnsZoneRecord> {
  return applyForward(zone, { records: previous, replaced: [] }, next).records;
}
