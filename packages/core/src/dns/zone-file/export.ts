import { domainToAscii, domainToUnicode } from '../punycode.ts';
import type { DnsZoneRecord } from '../record.ts';
import { quoteTxt } from '../txt.ts';

/** The shop's part of a zone: its SOA and name servers, from configuration. */
export interface ZoneAuthority {
  nameservers: readonly string[];
  /** The hostmaster's address as a name (`hostmaster.kavel.nl.`) or as an e-mail address. */
  hostmaster: string;
  serial: number;
  refresh?: number;
  retry?: number;
  expire?: number;
  /** Negative-answer TTL (RFC 2308). */
  minimum?: number;
}

const dotted = (name: string) => (name.endsWith('.') ? name : `${name}.`);

/** `hostmaster@kavel.nl` becomes `hostmaster.kavel.nl.`, a dot in the local part escaped. */
export function hostmasterName(hostmaster: string): string {
  const at = hostmaster.indexOf('@');
  if (at < 0) return dotted(hostmaster);
  return dotted(`${hostmaster.slice(0, at).replaceAll('.', '\\.')}.${hostmaster.slice(at + 1)}`);
}

/** One record's data in presentation form: targets absolute, SRV with its priority first, TXT quoted. */
export function presentRecordData(record: DnsZoneRecord): string {
  switch (record.type) {
    case 'MX':
      return `${record.priority ?? 0} ${record.value}`;
    case 'SRV':
      return `${record.priority ?? 0} ${record.value}`;
    case 'TXT':
      return quoteTxt(record.value);
    default:
      return record.value;
  }
}

/**
 * A zone file in BIND's format: `$ORIGIN` and `$TTL`, the SOA over several lines and the name
 * servers when `authority` is given, then every record with its owner relative (`@` the apex),
 * its TTL and class. IDN names are written in Punycode, the domain's Unicode form in a comment.
 */
export function exportZoneFile(domain: string, records: readonly DnsZoneRecord[], authority?: ZoneAuthority): string {
  const origin = `${domainToAscii(domain)}.`;
  const lines = [`; Zone ${domainToUnicode(domainToAscii(domain))}`, `$ORIGIN ${origin}`, '$TTL 3600'];
  const width = Math.max(1, ...records.map((record) => record.name.length));
  const line = (owner: string, ttl: number, type: string, data: string) => `${owner.padEnd(width)} ${String(ttl).padStart(6)} IN ${type.padEnd(5)} ${data}`;
  if (authority) {
    const [primary = origin] = authority.nameservers;
    lines.push(
      `${'@'.padEnd(width)}   3600 IN SOA   ${dotted(primary)} ${hostmasterName(authority.hostmaster)} (`,
      `${' '.repeat(width + 17)}${authority.serial} ; serial`,
      `${' '.repeat(width + 17)}${authority.refresh ?? 10_800} ; refresh`,
      `${' '.repeat(width + 17)}${authority.retry ?? 3600} ; retry`,
      `${' '.repeat(width + 17)}${authority.expire ?? 604_800} ; expire`,
      `${' '.repeat(width + 17)}${authority.minimum ?? 3600} ) ; negative TTL`,
    );
    for (const nameserver of authority.nameservers) lines.push(line('@', 3600, 'NS', dotted(nameserver)));
  }
  for (const record of records) lines.push(line(record.name, record.ttl, record.type, presentRecordData(record)));
  lines.push('');
  return lines.join('\n');
}
