import type { DnsZoneRecord } from './dns/index.ts';
import type { TForwardOption, TForwardRecord } from './schemas/forwarding.ts';

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

/**
 * The zone after a forward changed: the records the previous forward wrote go, and so does
 * whatever would send visitors past the next forward at the names it writes (any address
 * record, A or AAAA, and a CNAME, which allows nothing beside it); then the next forward's
 * records come.
 */
export function zoneWithForward<R extends DnsZoneRecord>(zone: readonly R[], previous: readonly TForwardRecord[], next: readonly TForwardRecord[]): Array<R | DnsZoneRecord> {
  const clashes = (record: DnsZoneRecord) => ['A', 'AAAA', 'CNAME'].includes(record.type) && next.some((written) => written.name === record.name);
  const kept = zone.filter((record) => !previous.some((written) => sameRecord(written, record)) && !clashes(record));
  return [...kept, ...next.map((record) => ({ ...record, priority: null }) as DnsZoneRecord)];
}
