import type { DnsZoneRecord } from '@kavel/core';

/**
 * Where the shop's zones are served. Adapters: `none` (default: the shop keeps the zones and
 * serves nothing) and `powerdns` (PowerDNS Authoritative's HTTP API). Calls take the whole zone
 * the shop holds and make the server hold exactly that, so repeating a call is harmless and the
 * same call repairs drift. Expected failures are answers, never throws.
 */
export type DnsPublishFailure = {
  ok: false;
  reason: 'unreachable' | 'refused';
  detail?: string;
  /** The record a refusal named, as `owner type data` with the owner relative (`www AAAA ::ffff:127.0.0.1`). */
  record?: string;
};

/** What the server holds for a zone: its serial and its records (SOA and the apex NS left out). */
export interface PublishedZone {
  serial: number;
  records: DnsZoneRecord[];
}

export type PublishAnswer = { ok: true; changedRecordSets: number } | DnsPublishFailure;
export type ReadAnswer = { ok: true; zone: PublishedZone | null } | DnsPublishFailure;
export type DeleteAnswer = { ok: true } | DnsPublishFailure;

export interface DnsPublisherPort {
  readonly name: 'none' | 'powerdns';
  /** The name servers the zones are (or would be) served from, with trailing dots. */
  readonly nameservers: readonly string[];
  /**
   * Creates the zone when the server lacks it (SOA and NS from configuration), then changes,
   * in one atomic request, every record set that differs from `records` (and the NS and the
   * SOA's name server and contact, when the configuration changed); the server raises the
   * serial. Nothing differing: no request, no new serial.
   */
  publish(domain: string, records: readonly DnsZoneRecord[]): Promise<PublishAnswer>;
  /** The zone as the server holds it, or null when it holds none: for the drift comparison. */
  read(domain: string): Promise<ReadAnswer>;
  /** Removes the zone (the domain left); a zone already gone is fine. */
  remove(domain: string): Promise<DeleteAnswer>;
}
