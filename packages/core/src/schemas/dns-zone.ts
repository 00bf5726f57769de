import { z } from 'zod';
import { ZDnsRecordStored } from '../dns/record.ts';
import { ZDnsProfileSummary } from './dns.ts';
import { ZDnsMailPreset } from './dns-mail-preset.ts';
import { ZDbId, ZPathId } from './safe-text.ts';

/** A record of a domain's zone as answers carry it: its stable id, and its TTL always set. */
export const ZDnsZoneRecord = ZDnsRecordStored.extend({ id: z.number().int(), ttl: z.number().int() });
export type TDnsZoneRecord = z.infer<typeof ZDnsZoneRecord>;

/**
 * Why the zone's last publication to the DNS server failed: the server could not be reached (it is
 * tried again), or it refused the zone, naming the record when it said which (`www AAAA ::ffff:…`).
 */
export const ZDnsPublishFailure = z.object({
  reason: z.enum(['unreachable', 'refused']),
  record: z.string().nullable(),
  failedAt: z.string(),
});
export type TDnsPublishFailure = z.infer<typeof ZDnsPublishFailure>;

/**
 * What `/account/dns-beheren?name=` shows (spec 001 section 2, the page data flags): the zone's
 * records with ids, the customer's profiles, and the flags that govern the page. `domainName` is
 * the name as people read it (Unicode), `asciiName` as DNS serves it (Punycode).
 */
export const ZDnsZonePage = z.object({
  domainId: z.number().int(),
  domainName: z.string(),
  asciiName: z.string(),
  dnsProfiles: z.array(ZDnsProfileSummary),
  /** The built-in e-mail presets, their records as they would be placed in this zone. */
  mailPresets: z.array(ZDnsMailPreset),
  dnsListOnStart: z.array(ZDnsZoneRecord),
  domainIsManageable: z.boolean(),
  isActiveDnsServer: z.boolean(),
  readOnly: z.boolean(),
  privacySupported: z.boolean(),
  privacyEnabled: z.boolean(),
  /** The shop's name servers: where the zone is served once it is on them. */
  nameservers: z.array(z.string()),
  /** Where changes go: `none` keeps the zone in the shop only, `powerdns` publishes it. */
  publishing: z.enum(['none', 'powerdns']),
  /** The zone's revision; undo names the revision it takes back. */
  revision: z.number().int(),
  /** Set while the zone's last publication failed: the page says the records are not served yet. */
  publishFailure: ZDnsPublishFailure.nullable(),
});
export type TDnsZonePage = z.infer<typeof ZDnsZonePage>;

/** `?name=` of the DNS page: a domain name as typed in the address (Unicode or Punycode). */
export const ZDnsZonePageQuery = z.object({ name: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(253, { error: 'required' }) });

/** The params of a route on one record of a domain's zone. */
export const ZDnsRecordParams = z.object({ id: ZPathId, recordId: ZPathId });

/** One change in a zone's history, newest first. `by` is who made it (an e-mail address), null for the shop. */
export const ZDnsHistoryEntry = z.object({
  revision: z.number().int(),
  action: z.string(),
  createdAt: z.string(),
  by: z.string().nullable(),
  added: z.array(ZDnsRecordStored),
  removed: z.array(ZDnsRecordStored),
});
export type TDnsHistoryEntry = z.infer<typeof ZDnsHistoryEntry>;

/** Undo names the revision it takes back, so a change made meanwhile is never undone unseen. */
export const ZDnsUndoRequest = z.object({ revision: ZDbId });

/** Privacy protection of the holder's data in the whois, where the extension supports it. */
export const ZDnsPrivacyRequest = z.object({ enabled: z.boolean() });
export type TDnsPrivacyRequest = z.infer<typeof ZDnsPrivacyRequest>;

/** What the scan found where the domain is served now (spec 001 section 7's scan), before a switch copies it. */
export const ZDnsScan = z.object({ nameservers: z.array(z.string()), records: z.array(ZDnsRecordStored) });
export type TDnsScan = z.infer<typeof ZDnsScan>;
