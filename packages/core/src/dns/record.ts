import { z } from 'zod';
import { requiredSafeText, safeText } from '../schemas/safe-text.ts';
import { canonicalIpv6, embedsIpv4, isIpv4, isIpv6 } from './ip.ts';
import { APEX, asciiName, DOMAIN_PLACEHOLDER, fillDomainName, isWellFormedName, RELATIVE_SUFFIX } from './names.ts';
import { normalTxt, txtValueIssue } from './txt.ts';

/** Record types of spec 001 sections 5 and 10. */
export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV'] as const;
export const ZDnsRecordType = z.enum(DNS_RECORD_TYPES, { error: 'dnsType' });
export type TDnsRecordType = z.infer<typeof ZDnsRecordType>;

/**
 * MX priorities the record page offers (spec 001 section 5); the profile page's list lacks 15.
 * The list is the forms' choice: a record itself may have any priority from 0 to 65535 (the
 * reseller API, a zone file, a record imported with 25 and edited on the page).
 */
export const MX_PRIORITIES = [0, 1, 5, 10, 15, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const;
export const PROFILE_MX_PRIORITIES = MX_PRIORITIES.filter((priority) => priority !== 15);

export const DEFAULT_TTL = 3600;
export const MIN_TTL = 60;
export const MAX_TTL = 604_800;

/** A name used only to check the shape of names and targets that hold `[DOMAINNAME]`. */
const SAMPLE_DOMAIN = 'example.nl';
const SRV_OWNER = /^_[a-z0-9-]+\._[a-z0-9-]+(\.|$)/;
const PORT_LIKE = /^(0|[1-9][0-9]{0,4})$/;

const uint16 = (text: string | undefined) => (text !== undefined && PORT_LIKE.test(text) && Number(text) <= 65_535 ? Number(text) : null);

/** A target as typed: `@`, a relative or absolute host name (`mail.@` relative on purpose), possibly with `[DOMAINNAME]`. */
export function isTarget(value: string): boolean {
  const sample = asciiName(fillDomainName(value, SAMPLE_DOMAIN));
  if (sample.endsWith(RELATIVE_SUFFIX)) return isWellFormedName(sample.slice(0, -RELATIVE_SUFFIX.length), false) && !sample.endsWith(`.${RELATIVE_SUFFIX}`);
  return sample === APEX || isWellFormedName(sample, false);
}

/**
 * A target that must be a host name (MX and SRV, RFC 2181 section 10.3): no underscore, which
 * PowerDNS refuses there ('non-hostname content'); a CNAME may point to `_dmarc` and the like.
 */
const isHostTarget = (value: string) => isTarget(value) && !value.includes('_');

/** The longest name in presentation form without its final dot (255 octets on the wire). */
export const MAX_NAME_LENGTH = 253;

/** Reads an SRV value: `weight port target` with the priority apart, or `priority weight port target`. */
export function readSrv(value: string, priority: number | null): { priority: number; rest: string } | null {
  const parts = value.trim().split(/\s+/);
  const [first, ...others] = parts;
  if (parts.length === 4 && priority !== null && uint16(first) !== priority) return null;
  const [p, weight, port, target] = parts.length === 4 ? [uint16(first), ...others] : [priority, ...parts];
  if (typeof p !== 'number' || typeof weight !== 'string' || typeof port !== 'string' || typeof target !== 'string') return null;
  if (uint16(weight) === null || uint16(port) === null || (target !== '.' && !isTarget(target))) return null;
  return { priority: p, rest: `${Number(weight)} ${Number(port)} ${target === '.' ? '.' : asciiName(target)}` };
}

export type RecordIssue = { path: 'name' | 'type' | 'value' | 'priority' | 'ttl'; key: string };

/**
 * The rules of one record that need no zone: spec 001 section 5, and what a DNS server accepts.
 * An empty name is the apex, `@`, for every type (the spec's form asks a name except for MX, a
 * rule of the form); a CNAME there is refused, as DNS has no CNAME beside the zone's SOA and NS.
 */
function recordIssue(record: { name: string; type: TDnsRecordType; value: string; priority: number | null }): RecordIssue | null {
  const { name, type, value, priority } = record;
  const owner = name === '' ? APEX : asciiName(fillDomainName(name, SAMPLE_DOMAIN));
  if (owner !== '' && owner !== APEX && !isWellFormedName(owner, true)) return { path: 'name', key: 'dnsName' };
  switch (type) {
    case 'A':
      return isIpv4(value) ? null : { path: 'value', key: 'dnsIpv4' };
    case 'AAAA':
      if (!isIpv6(value)) return { path: 'value', key: 'dnsIpv6' };
      return embedsIpv4(value) ? { path: 'value', key: 'dnsIpv6Ipv4' } : null;
    case 'CNAME':
      if (owner === APEX) return { path: 'name', key: 'dnsCnameApex' };
      return isTarget(value) ? null : { path: 'value', key: 'dnsTarget' };
    case 'MX':
      if (priority === null) return { path: 'priority', key: 'dnsPriority' };
      if (!isTarget(value)) return { path: 'value', key: 'dnsTarget' };
      return isHostTarget(value) ? null : { path: 'value', key: 'dnsHostTarget' };
    case 'SRV':
      if (!SRV_OWNER.test(owner)) return { path: 'name', key: 'dnsSrvName' };
      {
        const srv = readSrv(value, priority);
        if (!srv) return { path: 'value', key: 'dnsSrvValue' };
        const target = srv.rest.split(' ')[2] ?? '.';
        return target === '.' || isHostTarget(target) ? null : { path: 'value', key: 'dnsHostTarget' };
      }
    case 'TXT': {
      const key = txtValueIssue(value);
      return key ? { path: 'value', key } : null;
    }
  }
}

/**
 * A DNS record as the pages send it and the server answers it (spec 001 sections 3 and 5), for
 * a domain's zone and for a profile alike. Parsing checks every rule that needs no zone and
 * answers the stored form: names lower case in Punycode (`@` for the apex), AAAA in its one
 * text (RFC 5952), a TXT in its stored form (`txt.ts`: quoted strings stay separate strings), SRV
 * as `weight port target` with the priority in `priority`, and no priority on types without one.
 * `[DOMAINNAME]` is kept. `forDomain` then places the record in a zone (targets made absolute);
 * `zoneProblems` checks the zone.
 */
export const ZDnsRecord = z
  .object({
    name: safeText(253)
      .default('')
      .describe(
        'The owner name relative to the domain: `www`, `_sip._tcp`, `*`, `*.shop`. `""` (the default) and `@` are the domain itself (the apex), for every type; a CNAME cannot be there. A full name in the domain (`www.example.nl` or `www.example.nl.`) is made relative. Answered lower case, in Punycode.',
      ),
    type: ZDnsRecordType,
    value: requiredSafeText(4096).describe(
      'A: an IPv4 address. AAAA: an IPv6 address. CNAME, MX: a host name. SRV: `weight port target` with `priority` apart, or `priority weight port target`. ' +
        'TXT: the text, or quoted strings (`"part one" "part two"`), which stay separate strings. ' +
        'A host name (CNAME, MX, SRV target) ending in a dot is absolute; `@` is the domain itself; a name with a dot whose last label is a top-level domain (IANA\'s list), such as `mail.example.nl` or `bakkerij.github.io`, or that ends in the domain, is absolute too; a name ending in `.@` is relative to the domain on purpose (`mail.shop.@` becomes `mail.shop.<domain>.`); any other name is relative to the domain (`mail` becomes `mail.<domain>.`). ' +
        'Answers carry the stored, absolute form.',
    ),
    priority: z
      .number({ error: 'dnsPriority' })
      .int({ error: 'dnsPriority' })
      .min(0, { error: 'dnsPriority' })
      .max(65_535, { error: 'dnsPriority' })
      .nullable()
      .default(null)
      .describe('MX: its preference, 0 to 65535 (required). SRV: the priority, unless the value starts with it. Left out for the other types.'),
    ttl: z
      .number({ error: 'dnsTtl' })
      .int({ error: 'dnsTtl' })
      .min(MIN_TTL, { error: 'dnsTtl' })
      .max(MAX_TTL, { error: 'dnsTtl' })
      .optional()
      .describe('Seconds, 60 to 604800. Left out: the TTL of the record set (the same name and type), else 3600.'),
  })
  .superRefine((record, context) => {
    const issue = recordIssue(record);
    if (issue) context.addIssue({ code: 'custom', path: [issue.path], message: issue.key });
  })
  .transform((record): TDnsRecordStored => {
    const name = record.name === '' ? APEX : asciiName(record.name);
    const ttl = record.ttl === undefined ? {} : { ttl: record.ttl };
    switch (record.type) {
      case 'A':
        return { name, type: record.type, value: record.value, priority: null, ...ttl };
      case 'AAAA':
        return { name, type: record.type, value: canonicalIpv6(record.value), priority: null, ...ttl };
      case 'CNAME':
        return { name, type: record.type, value: asciiName(record.value), priority: null, ...ttl };
      case 'MX':
        return { name, type: record.type, value: asciiName(record.value), priority: record.priority, ...ttl };
      case 'SRV': {
        const srv = readSrv(record.value, record.priority);
        return { name, type: record.type, value: srv?.rest ?? record.value, priority: srv?.priority ?? record.priority, ...ttl };
      }
      case 'TXT':
        return { name, type: record.type, value: normalTxt(record.value), priority: null, ...ttl };
    }
  });
export type TDnsRecord = z.input<typeof ZDnsRecord>;
/**
 * A record in its stored form, as `ZDnsRecord` leaves it and as answers carry it (no transforms:
 * a response schema describes the answer as sent); `[DOMAINNAME]` may remain, the TTL may be unset.
 */
export const ZDnsRecordStored = z.object({
  name: z.string(),
  type: ZDnsRecordType,
  value: z.string(),
  priority: z.number().int().nullable(),
  ttl: z.number().int().optional(),
});
export type TDnsRecordStored = z.infer<typeof ZDnsRecordStored>;

/** A record placed in a zone: owner relative, targets absolute, TTL set, no placeholder left. */
export interface DnsZoneRecord {
  name: string;
  type: TDnsRecordType;
  value: string;
  priority: number | null;
  ttl: number;
}

/** Whether a text still holds the profile placeholder. */
export const hasPlaceholder = (text: string) => text.toUpperCase().includes(DOMAIN_PLACEHOLDER);
