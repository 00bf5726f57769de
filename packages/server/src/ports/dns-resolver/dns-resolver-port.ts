import type { TDnsRecordStored } from '@kavel/core';

/** What a domain's present name servers answer: the delegation and the records found at the usual names. */
export type DnsScanAnswer = { ok: true; nameservers: string[]; records: TDnsRecordStored[] } | { ok: false; reason: 'unreachable' | 'notFound'; detail?: string };

/**
 * Reads a domain's current DNS from where it is served now, before the shop takes it over
 * (spec 001 section 7's scan, copied by the switch). A zone cannot be listed over DNS, so the
 * usual names are asked: the apex, www, mail, and the common SRV and DKIM names.
 */
export interface DnsResolverPort {
  scan(domain: string): Promise<DnsScanAnswer>;
}
