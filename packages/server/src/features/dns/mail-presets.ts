import { forDomain, isMailRecord, MAIL_PRESETS, type TDnsMailPreset, type TMailPreset } from '@kavel/core';
import { DEFAULT_DNS_ZONE } from './default-dns-zone.ts';
import type { ProfileRecord } from './dns-service.ts';

/**
 * The built-in e-mail presets (issue: 'mx', 'google', 'office'), data in code like a profile's
 * records, with `[DOMAINNAME]` where the domain goes. The records are those the providers
 * document:
 * - Google Workspace: one MX, priority 1, `smtp.google.com`, and SPF `include:_spf.google.com`
 *   (Google Workspace Admin Help: 'Set up MX records', 'Set up SPF');
 * - Microsoft 365: MX priority 0 to `<domain with dashes>.mail.protection.outlook.com`, the
 *   `autodiscover` CNAME to `autodiscover.outlook.com`, SPF `include:spf.protection.outlook.com`
 *   (Microsoft 365 admin docs: 'Add DNS records to connect your domain');
 * - mx: our own mail servers, the MX and SPF records of the zone every new domain gets.
 */
const GOOGLE: readonly ProfileRecord[] = [
  { name: '@', type: 'MX', value: 'smtp.google.com.', priority: 1 },
  { name: '@', type: 'TXT', value: 'v=spf1 include:_spf.google.com ~all', priority: null },
];

/** Microsoft's MX host: the domain (Punycode) with its dots as dashes, under mail.protection.outlook.com. */
export const office365MxHost = (domain: string) => `${domain.toLowerCase().replace(/\.$/, '').replace(/\./g, '-')}.mail.protection.outlook.com.`;

const office = (domain: string): ProfileRecord[] => [
  { name: '@', type: 'MX', value: office365MxHost(domain), priority: 0 },
  { name: 'autodiscover', type: 'CNAME', value: 'autodiscover.outlook.com.', priority: null },
  { name: '@', type: 'TXT', value: 'v=spf1 include:spf.protection.outlook.com -all', priority: null },
];

/** Our own mail servers: the default zone's mail records (catalogue data, so they follow a change there). */
const OWN: readonly ProfileRecord[] = DEFAULT_DNS_ZONE.filter((record) => isMailRecord(record));

/** A preset's records for `domain` (lower case, Punycode), as a profile's records are applied. */
export function mailPresetRecords(preset: TMailPreset, domain: string): ProfileRecord[] {
  switch (preset) {
    case 'google':
      return [...GOOGLE];
    case 'office':
      return office(domain);
    case 'mx':
      return [...OWN];
  }
}

/** Every preset with its records as they would stand in `domain`'s zone (targets complete), for the page to list. */
export function mailPresetsFor(domain: string): TDnsMailPreset[] {
  return MAIL_PRESETS.map((preset) => ({
    preset,
    records: mailPresetRecords(preset, domain).flatMap((record) => {
      const placed = forDomain(record, domain);
      return placed.ok ? [{ name: placed.record.name, type: placed.record.type, value: placed.record.value, priority: placed.record.priority }] : [];
    }),
  }));
}
