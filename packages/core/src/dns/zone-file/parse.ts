import { domainToAscii } from '../punycode.ts';
import { forDomain } from '../place-record.ts';
import { DEFAULT_TTL, DNS_RECORD_TYPES, ZDnsRecord, type DnsZoneRecord, type TDnsRecordType } from '../record.ts';
import { quoteTxtStrings, unquoteTxt } from '../txt.ts';
import { DEFAULT_ZONE_RECORD_LIMIT, lowestTtlPerSet, zoneProblemSteps } from '../zone-rules.ts';
import { tokenSteps, type Entry, type Token } from './tokenize.ts';

/** A line that stops the import; `key` is a key of `texts/validation.ts`, `type` fills `{type}`, `limit` fills `{limit}`. */
export interface ZoneFileError {
  line: number;
  key: string;
  type?: string;
  limit?: number;
}

export interface ZoneFileOptions {
  /** The most records a zone may hold; a file with more is refused at the first record too many. */
  maxRecords?: number;
}

/** Entries read between two pauses of `readZoneFile`: well under a millisecond of work. */
const ENTRIES_PER_STEP = 10;

/**
 * A line that is not imported, with the line as it stands in the file and why (`key`, a key of
 * `texts/validation.ts`, `type` filling `{type}`): a record the shop does not keep (SOA and the
 * apex NS it sets itself, types the record pages do not offer), a line that does not read, or a
 * record that breaks a rule of the zone. The rest of the file is imported; no line is dropped
 * without a word.
 */
export interface SkippedLine {
  line: number;
  text: string;
  key: string;
  type?: string;
}

/** A record set whose TTLs differed in the file: all its records now have the lowest (as BIND does, with a warning). */
export interface ZoneFileWarning {
  line: number;
  key: 'zoneTtlLowered';
  name: string;
  type: string;
  ttl: number;
}

export type ZoneFileImport =
  | { ok: true; records: DnsZoneRecord[]; skipped: SkippedLine[]; warnings: ZoneFileWarning[] }
  | { ok: false; errors: ZoneFileError[] };

const CLASSES = new Set(['IN', 'CH', 'HS', 'CS']);
const TTL = /^(?:[0-9]+|(?:[0-9]+[smhdw])+)$/i;
const UNIT: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };
/** Types a zone file may hold that the shop does not keep (IANA's list, the common part). */
const KNOWN_TYPES = new Set(
  'SOA NS CAA PTR SPF DS DNSKEY CDS CDNSKEY TLSA SMIMEA SSHFP NAPTR HINFO LOC DNAME RP CERT HTTPS SVCB URI OPENPGPKEY RRSIG NSEC NSEC3 NSEC3PARAM ZONEMD AFSDB KX APL DHCID IPSECKEY'.split(' '),
);

function ttlSeconds(text: string): number | null {
  if (!TTL.test(text)) return null;
  if (/^[0-9]+$/.test(text)) return Number(text);
  let total = 0;
  for (const [, amount, unit] of text.toLowerCase().matchAll(/([0-9]+)([smhdw])/g)) total += Number(amount) * (UNIT[unit ?? 's'] ?? 1);
  return total;
}

/** An absolute name (with its dot) from a name in the file, relative to `origin`. */
function absolute(name: string, origin: string): string {
  if (name === '@') return origin;
  if (name.endsWith('.')) return name.toLowerCase();
  return `${name.toLowerCase()}.${origin}`;
}

const text = (tokens: Token[]) => tokens.map((token) => token.text);
const decoded = (token: Token) => unquoteTxt(`"${token.text}"`);

/** The wire form of one record's data, or null when it does not read for its type. */
function rdata(type: TDnsRecordType, data: Token[], origin: string): { value: string; priority: number | null } | null {
  const words = text(data);
  const [first, second] = words;
  switch (type) {
    case 'A':
    case 'AAAA':
      return words.length === 1 && first ? { value: first, priority: null } : null;
    case 'CNAME':
      return words.length === 1 && first ? { value: absolute(first, origin), priority: null } : null;
    case 'MX':
      return words.length === 2 && first && second && /^[0-9]+$/.test(first) ? { value: absolute(second, origin), priority: Number(first) } : null;
    case 'SRV': {
      const [priority, weight, port, target] = words;
      if (words.length !== 4 || !priority || !weight || !port || !target || ![priority, weight, port].every((n) => /^[0-9]+$/.test(n))) return null;
      return { value: `${priority} ${weight} ${port} ${target === '.' ? '.' : absolute(target, origin)}`, priority: null };
    }
    case 'TXT': {
      const parts = data.map(decoded);
      // Quoted again, so the record schema reads exactly these strings and keeps them apart.
      return parts.length > 0 && parts.every((part) => part !== null) ? { value: quoteTxtStrings(parts), priority: null } : null;
    }
  }
}

/**
 * Reads a zone file in BIND's format (RFC 1035 section 5) for `domain`: `$ORIGIN`, `$TTL`
 * with units (`1h`), parentheses over several lines, relative names, quoted strings with
 * escapes (a TXT of several strings keeps them), comments, and lines without owner
 * (the previous one), TTL or class. Every record then passes the same rules as one typed on the
 * page. A line that does not read or breaks a rule is skipped and answered with its number and
 * why; the rest is imported. A record set with differing TTLs gets its lowest. Only a file that
 * does not read as a whole (an open quote) or holds too many records is refused.
 */
export function importZoneFile(source: string, domain: string, options: ZoneFileOptions = {}): ZoneFileImport {
  const steps = readZoneFile(source, domain, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `importZoneFile` in steps of a few milliseconds: the generator pauses (yields) between them, so
 * a server can let other requests in while it reads a large file. Its return value is the answer.
 */
export function* readZoneFile(source: string, domain: string, options: ZoneFileOptions = {}): Generator<void, ZoneFileImport, void> {
  const maxRecords = options.maxRecords ?? DEFAULT_ZONE_RECORD_LIMIT;
  const tokenized = yield* tokenSteps(source);
  if (!tokenized.ok) return { ok: false, errors: [{ line: tokenized.line, key: tokenized.key }] };
  const zone = `${domainToAscii(domain)}.`;
  let origin = zone;
  let defaultTtl: number | null = null;
  let lastTtl: number | null = null;
  let owner: string | null = null;
  const sourceLines = source.split(/\r\n|\n|\r/);
  const skipped: SkippedLine[] = [];
  const skip = (line: number, key: string, type?: string) => skipped.push({ line, text: (sourceLines[line - 1] ?? '').trim(), key, ...(type ? { type } : {}) });
  const records: DnsZoneRecord[] = [];
  const lines: number[] = [];

  const read = (entry: Entry) => {
    const fail = (key: string, type?: string) => skip(entry.line, key, type);
    const tokens = [...entry.tokens];
    const head = tokens[0]?.text ?? '';
    if (!entry.ownerOmitted && head.startsWith('$')) {
      const argument = tokens[1]?.text;
      if (head.toUpperCase() === '$ORIGIN' && argument && tokens.length === 2) origin = absolute(domainToAscii(argument), origin);
      else if (head.toUpperCase() === '$TTL' && argument && tokens.length === 2 && ttlSeconds(argument) !== null) defaultTtl = ttlSeconds(argument);
      else fail('zoneDirective');
      return;
    }
    if (!entry.ownerOmitted) owner = absolute(domainToAscii(tokens.shift()?.text ?? ''), origin);
    if (owner === null) return fail('zoneOwner');
    let ttl: number | null = null;
    for (let k = 0; k < 2 && tokens[0] && !tokens[0].quoted; k++) {
      const word = tokens[0].text;
      if (CLASSES.has(word.toUpperCase())) {
        if (word.toUpperCase() !== 'IN') return fail('zoneClass');
      } else if (ttlSeconds(word) !== null && ttl === null) ttl = ttlSeconds(word);
      else break;
      tokens.shift();
    }
    const type = (tokens.shift()?.text ?? '').toUpperCase();
    if (ttl !== null) lastTtl = ttl;
    const recordTtl = ttl ?? defaultTtl ?? lastTtl ?? DEFAULT_TTL;
    if (!(DNS_RECORD_TYPES as readonly string[]).includes(type)) {
      if (!KNOWN_TYPES.has(type) && !/^TYPE[0-9]+$/.test(type)) return fail('zoneType', type);
      const managed = (type === 'SOA' || type === 'NS') && owner === zone;
      return skip(entry.line, managed ? 'zoneSkippedManaged' : 'zoneSkippedUnsupported', type);
    }
    const known = type as TDnsRecordType;
    const data = rdata(known, tokens, origin);
    if (!data) return fail('zoneData', type);
    if (owner !== zone && !owner.endsWith(`.${zone}`)) return fail('dnsNameOutsideZone');
    const parsed = ZDnsRecord.safeParse({ name: owner, type: known, value: data.value, priority: data.priority, ttl: recordTtl });
    if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? 'zoneData', type);
    const placed = forDomain(parsed.data, domain);
    if (!placed.ok) return fail(placed.key, type);
    records.push(placed.record);
    lines.push(entry.line);
  };

  let sinceStep = 0;
  for (const entry of tokenized.entries) {
    read(entry);
    if (records.length > maxRecords) return { ok: false, errors: [{ line: entry.line, key: 'dnsZoneRecordLimit', limit: maxRecords }] };
    if (++sinceStep === ENTRIES_PER_STEP) {
      sinceStep = 0;
      yield;
    }
  }
  const lowered = lowestTtlPerSet(records);
  const warnings: ZoneFileWarning[] = lowered.changed.map((index) => {
    const record = lowered.records[index] as DnsZoneRecord;
    return { line: lines[index] ?? 0, key: 'zoneTtlLowered', name: record.name, type: record.type, ttl: record.ttl };
  });
  // A record that breaks a rule of the zone (a duplicate, a CNAME beside other data) is skipped;
  // leaving it out may settle another's problem, so the rest is checked again.
  let kept = lowered.records.map((record, index) => ({ record, line: lines[index] ?? 0 }));
  for (;;) {
    const problems = yield* zoneProblemSteps(
      kept.map((entry) => entry.record),
      domain,
    );
    if (problems.length === 0) break;
    const dropped = new Set(problems.map((problem) => problem.index));
    for (const problem of problems) skip(kept[problem.index]?.line ?? 0, problem.key, kept[problem.index]?.record.type);
    kept = kept.filter((_, index) => !dropped.has(index));
  }
  return { ok: true, records: kept.map((entry) => entry.record), skipped: skipped.sort((a, b) => a.line - b.line), warnings };
}
