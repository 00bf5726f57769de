import { absoluteOwner, domainToAscii, hostmasterName, relativeOwner, type DnsZoneRecord } from '@kavel/core';
import type { DnsPublishFailure, DnsPublisherPort, PublishedZone } from './dns-publisher-port.ts';
import { fromContent, recordSetChanges, toRecordSets, type RecordSet } from './rrsets.ts';

export interface PowerDnsOptions {
  /** The API's base, e.g. `http://127.0.0.1:8081` (the `/api/v1/servers/localhost` part is added). */
  apiUrl: string;
  apiKey: string;
  nameservers: readonly string[];
  /** `hostmaster@kavel.nl` or `hostmaster.kavel.nl.` */
  hostmaster: string;
  timeoutMs?: number;
  /** How long after a change the zone's cached answers are flushed once more (see `flushLater`); default 1 s. */
  cacheSettleMs?: number;
  fetch?: typeof fetch;
}

interface ApiRecordSet {
  name: string;
  type: string;
  ttl: number;
  records: Array<{ content: string; disabled?: boolean }>;
}

interface ApiZone {
  serial: number;
  rrsets: ApiRecordSet[];
}

/** How often a zone's change is sent when PowerDNS fails it with a 5xx (see `patchZone`). */
const PATCH_ATTEMPTS = 6;

/** The longest record a refusal quotes back (a TXT can be kilobytes). */
const MAX_QUOTED_RECORD = 160;

/**
 * The record PowerDNS names when it refuses a change, in the shop's words: `Record <name>/<type>
 * '<content>': <why>`, or `RRset <name> IN <type> <why>` with the content at the end of some.
 */
export function refusedRecord(domain: string, error: string): string | undefined {
  const record = /^Record (\S+)\/([A-Z0-9]+) '(.*)': /.exec(error);
  const rrset = record ? null : /RRset (\S+) IN ([A-Z0-9]+)\b(?:.*? content "?(.*?)"?$)?/.exec(error);
  const [, name, type, content] = record ?? rrset ?? [];
  if (!name || !type) return undefined;
  const owner = relativeOwner(name, domain) ?? name;
  const text = [owner, type, content].filter(Boolean).join(' ');
  return text.length > MAX_QUOTED_RECORD ? `${text.slice(0, MAX_QUOTED_RECORD - 1)}…` : text;
}

/** SOA timers (RFC 1912's advice): refresh 3 h, retry 1 h, expire 1 week, negative answers 1 h. */
const SOA_TIMERS = '10800 3600 604800 3600';
const dotted = (name: string) => (name.endsWith('.') ? name : `${name}.`);

/**
 * PowerDNS Authoritative's HTTP API (https://doc.powerdns.com/authoritative/http-api/). A zone
 * is created Native with the SOA and NS from configuration and `soa_edit_api` DEFAULT, so every
 * change through the API raises the serial (YYYYMMDDnn); changes go as one rrset PATCH per zone,
 * which PowerDNS applies atomically. Secondaries (Knot, NSD) follow by AXFR and NOTIFY.
 */
export function createPowerDnsPublisher(options: PowerDnsOptions): DnsPublisherPort {
  const base = `${options.apiUrl.replace(/\/$/, '')}/api/v1/servers/localhost`;
  const doFetch = options.fetch ?? fetch;
  const nameservers = options.nameservers.map(dotted);

  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown } | DnsPublishFailure> {
    try {
      const response = await doFetch(`${base}${path}`, {
        method,
        headers: { 'X-API-Key': options.apiKey, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      const text = await response.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = text;
      }
      return { status: response.status, json };
    } catch (error) {
      return { ok: false, reason: 'unreachable', detail: error instanceof Error ? error.message : String(error) };
    }
  }

  const refused = (status: number, json: unknown, domain?: string): DnsPublishFailure => {
    const error = typeof json === 'object' && json && 'error' in json ? String(json.error) : JSON.stringify(json);
    const record = status < 500 && domain ? refusedRecord(domain, error) : undefined;
    return { ok: false, reason: status >= 500 ? 'unreachable' : 'refused', detail: `HTTP ${status}: ${error}`, ...(record ? { record } : {}) };
  };

  /** The zone's name as PowerDNS writes it: ASCII, with the trailing dot. */
  const apexOf = (domain: string) => `${domainToAscii(domain)}.`;
  const zonePath = (domain: string) => `/zones/${encodeURIComponent(apexOf(domain))}`;

  /**
   * PowerDNS empties its caches of a zone when the API changes it, but a query it was answering
   * from the zone's old records at that moment still puts its answer in the cache afterwards: a
   * name just added can then be answered NXDOMAIN for the cache's lifetime (20 s for the packet
   * cache, 60 s for negative answers by default), seen under load in the DNS benchmark while the
   * name was being asked every few milliseconds. So the zone's cache is flushed once more when
   * such queries have ended. Best effort, on a timer rather than as a job: losing it costs at
   * most that cache lifetime, and a job per publish would double the work of publishing many
   * zones. One flush per zone however many changes come meanwhile.
   */
  const pendingFlushes = new Map<string, NodeJS.Timeout>();
  function flushLater(domain: string): void {
    const apex = apexOf(domain);
    clearTimeout(pendingFlushes.get(apex));
    const timer = setTimeout(() => {
      pendingFlushes.delete(apex);
      // The API flushes every name at and below the one given.
      void call('PUT', `/cache/flush?domain=${encodeURIComponent(apex)}`);
    }, options.cacheSettleMs ?? 1000);
    timer.unref();
    pendingFlushes.set(apex, timer);
  }

  /**
   * The zone's changes, tried again a few times at once when PowerDNS fails them with a 5xx: on
   * its SQLite backend two changes at the same moment conflict (one takes the database's write
   * lock while the other holds a read), and PowerDNS answers 500 to the one that lost, about half
   * of four changes at a time. A change replaces whole record sets, so trying it again is safe;
   * what still fails goes back to the job's own retries.
   */
  async function patchZone(domain: string, changes: object[]): Promise<{ status: number; json: unknown } | DnsPublishFailure> {
    for (let attempt = 1; ; attempt++) {
      const answer = await call('PATCH', zonePath(domain), { rrsets: changes });
      if ('ok' in answer || answer.status < 500 || attempt === PATCH_ATTEMPTS) return answer;
      // Apart, so the changes that met do not meet again.
      await new Promise((resolve) => setTimeout(resolve, attempt * (20 + Math.random() * 80)));
    }
  }

  async function fetchZone(domain: string): Promise<{ ok: true; zone: ApiZone | null } | DnsPublishFailure> {
    const answer = await call('GET', zonePath(domain));
    if ('ok' in answer) return answer;
    // PowerDNS answers 404 for an unknown zone (422 in older releases).
    if (answer.status === 404 || answer.status === 422) return { ok: true, zone: null };
    if (answer.status !== 200) return refused(answer.status, answer.json);
    return { ok: true, zone: answer.json as ApiZone };
  }

  /** The zone's record sets in the shop's presentation, leaving out SOA and the apex NS. */
  function shopSets(domain: string, zone: ApiZone): { sets: Map<string, RecordSet>; records: DnsZoneRecord[] } {
    const records: DnsZoneRecord[] = [];
    for (const set of zone.rrsets) {
      for (const record of set.records) {
        if (record.disabled) continue;
        const read = fromContent(domain, set.name, set.type, set.ttl, record.content);
        if (read) records.push(read);
      }
    }
    return { sets: toRecordSets(domain, records), records };
  }

  async function createZone(domain: string): Promise<{ ok: true } | DnsPublishFailure> {
    const apex = absoluteOwner('@', domain);
    const [primary = apex] = nameservers;
    const answer = await call('POST', '/zones', {
      name: apex,
      kind: 'Native',
      soa_edit_api: 'DEFAULT',
      nameservers: [],
      rrsets: [
        { name: apex, type: 'SOA', ttl: 3600, records: [{ content: `${primary} ${hostmasterName(options.hostmaster)} 1 ${SOA_TIMERS}`, disabled: false }] },
        { name: apex, type: 'NS', ttl: 3600, records: nameservers.map((content) => ({ content, disabled: false })) },
      ],
    });
    if ('ok' in answer) return answer;
    // Another process created it meanwhile: that is what we wanted.
    if (answer.status === 201 || answer.status === 409) return { ok: true };
    return refused(answer.status, answer.json);
  }

  /** The SOA's name server and contact, and the apex NS, made equal to the configuration when it changed. */
  function authorityChanges(domain: string, zone: ApiZone): object[] {
    const apex = absoluteOwner('@', domain);
    const changes: object[] = [];
    const ns = zone.rrsets.find((set) => set.name === apex && set.type === 'NS');
    const served = (ns?.records ?? []).map((record) => record.content.toLowerCase()).sort();
    if (served.join(' ') !== [...nameservers].sort().join(' ')) {
      changes.push({ name: apex, type: 'NS', ttl: ns?.ttl ?? 3600, changetype: 'REPLACE', records: nameservers.map((content) => ({ content, disabled: false })) });
    }
    const soa = zone.rrsets.find((set) => set.name === apex && set.type === 'SOA');
    const [primary = apex] = nameservers;
    const [mname, rname, ...timers] = (soa?.records[0]?.content ?? '').split(' ');
    if (soa && timers.length === 5 && (mname !== primary || rname !== hostmasterName(options.hostmaster))) {
      changes.push({ name: apex, type: 'SOA', ttl: soa.ttl, changetype: 'REPLACE', records: [{ content: [primary, hostmasterName(options.hostmaster), ...timers].join(' '), disabled: false }] });
    }
    return changes;
  }

  return {
    name: 'powerdns',
    nameservers,

    async publish(domain, records) {
      let found = await fetchZone(domain);
      if (!found.ok) return found;
      if (found.zone === null) {
        const created = await createZone(domain);
        if (!created.ok) return created;
        found = await fetchZone(domain);
        if (!found.ok) return found;
      }
      const current = found.zone ? shopSets(domain, found.zone).sets : new Map<string, RecordSet>();
      const changes = [...recordSetChanges(toRecordSets(domain, records), current), ...(found.zone ? authorityChanges(domain, found.zone) : [])];
      if (changes.length === 0) return { ok: true, changedRecordSets: 0 };
      const answer = await patchZone(domain, changes);
      if ('ok' in answer) return answer;
      if (answer.status !== 204 && answer.status !== 200) return refused(answer.status, answer.json, domain);
      flushLater(domain);
      return { ok: true, changedRecordSets: changes.length };
    },

    async read(domain) {
      const found = await fetchZone(domain);
      if (!found.ok) return found;
      if (found.zone === null) return { ok: true, zone: null };
      const zone: PublishedZone = { serial: found.zone.serial, records: shopSets(domain, found.zone).records };
      return { ok: true, zone };
    },

    async remove(domain) {
      const answer = await call('DELETE', zonePath(domain));
      if ('ok' in answer) return answer;
      if (answer.status === 204 || answer.status === 404 || answer.status === 422) return { ok: true };
      return refused(answer.status, answer.json);
    },
  };
}
