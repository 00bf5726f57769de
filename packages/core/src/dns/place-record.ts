import { absoluteOwner, APEX, asciiName, fillDomainName, relativeOwner } from './names.ts';
import { DEFAULT_TTL, isTarget, MAX_NAME_LENGTH, readSrv, type DnsZoneRecord, type RecordIssue, type TDnsRecordStored, type TDnsRecordType } from './record.ts';
import { completeTarget } from './targets.ts';

export type PlaceResult = { ok: true; record: DnsZoneRecord } | { ok: false; field: RecordIssue['path']; key: string };

/**
 * Places a parsed record in `domain`'s zone: `[DOMAINNAME]` filled in, the owner made relative
 * (refused when it lies outside the zone), and every target made absolute (`completeTarget`:
 * `mail` becomes `mail.<domain>.`, `mail.example.nl` stays `mail.example.nl.`).
 */
export function forDomain(record: TDnsRecordStored, domain: string): PlaceResult {
  const owner = relativeOwner(fillDomainName(record.name, domain), domain);
  if (owner === null) return { ok: false, field: 'name', key: 'dnsNameOutsideZone' };
  if (record.type === 'CNAME' && owner === APEX) return { ok: false, field: 'name', key: 'dnsCnameApex' };
  // Only the zone makes a name whole: a name of 250 characters fits alone, not before the domain.
  if (absoluteOwner(owner, domain).length - 1 > MAX_NAME_LENGTH) return { ok: false, field: 'name', key: 'dnsNameTooLong' };
  const placed = { name: owner, type: record.type, priority: record.priority, ttl: record.ttl ?? DEFAULT_TTL };
  const { value, target } = placeValue(record.type, record.value, domain);
  if (target.length - 1 > MAX_NAME_LENGTH) return { ok: false, field: 'value', key: 'dnsNameTooLong' };
  return { ok: true, record: { ...placed, value } };
}

/** A stored value in `domain`'s zone: `[DOMAINNAME]` filled in, a target (CNAME, MX, SRV) made absolute; `target` is that target ('' for none). */
function placeValue(type: TDnsRecordType, stored: string, domain: string): { value: string; target: string } {
  const value = fillDomainName(stored, domain);
  switch (type) {
    case 'CNAME':
    case 'MX': {
      const target = completeTarget(value, domain);
      return { value: target, target };
    }
    case 'SRV': {
      const [weight, port, target = '.'] = value.split(' ');
      const full = target === '.' ? '.' : completeTarget(target, domain);
      return { value: `${weight} ${port} ${full}`, target: full };
    }
    default:
      return { value, target: '' };
  }
}

/**
 * What a typed CNAME, MX or SRV value is stored as in `domain`'s zone (its target absolute), for
 * the record form to show before saving; null for the other types and for a value the record
 * rules refuse. `mail` in goudenkorst.nl becomes `mail.goudenkorst.nl.`, `mail.example.nl` stays
 * `mail.example.nl.`.
 */
export function storedValuePreview(record: { type: TDnsRecordType; value: string; priority: number | null }, domain: string): string | null {
  const value = record.value.trim();
  switch (record.type) {
    case 'CNAME':
    case 'MX':
      return isTarget(value) ? placeValue(record.type, asciiName(value), domain).value : null;
    case 'SRV': {
      const srv = readSrv(value, Number.isInteger(record.priority) ? record.priority : null);
      return srv ? placeValue('SRV', srv.rest, domain).value : null;
    }
    default:
      return null;
  }
}

