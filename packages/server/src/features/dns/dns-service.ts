import { forDomain, ZDnsRecord, type DnsZoneRecord, type TDnsProfileSummary, type TDnsRecord, type TDnsRecordStored } from '@kavel/core';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Queryable, Transaction } from '../../db/connect.ts';
import { dnsProfileRecords, dnsProfiles, dnsZones, domainDnsRecords, domains } from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { requestZonePublishing } from './dns-publishing.ts';
import { nextTurn } from './event-loop-turns.ts';
import { insertRevision } from './zone-revisions.ts';
import { insertZoneRows, syncZoneRows, type ZoneRecordWithId, type ZoneRow } from './zone-repository.ts';

/** A record as stored in a zone: placeholders filled in, owner relative (`@` the apex), targets absolute. */
export type ZoneRecord = DnsZoneRecord;

export interface DnsService {
  /** The customer's profiles, oldest first (the first is the one step 2 preselects). */
  listProfiles(customerId: number): Promise<TDnsProfileSummary[]>;
  /** Whether the profile is the customer's; `q` lets another feature ask inside its transaction. */
  ownsProfile(customerId: number, profileId: number, q?: Queryable): Promise<boolean>;
  /** A new profile with its records, in one transaction; answers its id. */
  createProfile(customerId: number, name: string, records: readonly TDnsRecord[]): Promise<number>;
  /** The profile's records when it is the customer's; null otherwise. */
  profileRecords(customerId: number, profileId: number, q?: Queryable): Promise<ProfileRecord[] | null>;
  /** A domain's zone, in the order it was written; `q` lets another feature read inside its transaction. */
  zone(domainId: number, q?: Queryable): Promise<ZoneRecord[]>;
  /**
   * Writes a domain's zone inside the caller's transaction, replacing what it held (a record
   * keeps its id when it carries it, or when an unchanged record of the zone had it): a new
   * revision in the zone's history (who, what changed, the zone after it) and the job that
   * publishes it. `current` is the zone's rows when the caller read them with the zone locked.
   * Answers the zone's new revision and its rows.
   */
  writeZone(tx: Transaction, domainId: number, records: readonly ZoneRecordWithId[], change?: ZoneChangeBy, current?: readonly ZoneRow[]): Promise<WrittenZone>;
  /** Empties a domain's zone (undo of `writeZone` on a new domain), as a revision too. */
  clearZone(tx: Transaction, domainId: number, change?: ZoneChangeBy): Promise<void>;
  /** Notes that a domain's DNS is served by other name servers (a domain moved in without its DNS): no zone until the switch. */
  servedElsewhere(tx: Transaction, domainId: number): Promise<void>;
  /** How many records each of these domains' zones holds (0 when none). */
  recordCounts(domainIds: readonly number[]): Promise<Map<number, number>>;
}

/** A zone as a write left it: its revision, and its rows in the order they were written. */
export interface WrittenZone {
  revision: number;
  records: ZoneRow[];
}

/** Who changed a zone and how; the shop itself (fulfilment, demo data) has no customer. */
export interface ZoneChangeBy {
  action: string;
  customerId?: number | null;
}

/** A record of a profile or of the default zone as stored: it may hold `[DOMAINNAME]`, targets may be relative. */
export type ProfileRecord = TDnsRecordStored;

/**
 * Places profile or default-zone records in `domain`'s zone: `[DOMAINNAME]` filled in, targets
 * completed (`mail` becomes `mail.<domain>.`, `@` the domain). A record whose name lies outside
 * the zone (an absolute name of another domain in a profile) cannot be placed and is left out.
 */
export function zoneFor(domain: string, records: readonly ProfileRecord[]): ZoneRecord[] {
  return records.flatMap((record) => {
    const placed = forDomain(record, domain);
    return placed.ok ? [placed.record] : [];
  });
}

const zoneColumns = {
  name: domainDnsRecords.name,
  type: domainDnsRecords.type,
  value: domainDnsRecords.value,
  priority: domainDnsRecords.priority,
  ttl: domainDnsRecords.ttl,
};

/**
 * DNS profiles of customers and the zones of the shop's domains. Only what step 2 and fulfilment
 * need so far; editing profiles and records comes with the account area's DNS pages.
 */
const recordKey = (record: ZoneRecord) => `${record.name} ${record.type} ${record.priority ?? ''} ${record.ttl} ${record.value}`;

/** The records that went and came between two versions of a zone. */
export function zoneChanges(before: readonly ZoneRecord[], after: readonly ZoneRecord[]): { added: ZoneRecord[]; removed: ZoneRecord[] } {
  const beforeKeys = new Set(before.map(recordKey));
  const afterKeys = new Set(after.map(recordKey));
  return { added: after.filter((record) => !beforeKeys.has(recordKey(record))), removed: before.filter((record) => !afterKeys.has(recordKey(record))) };
}

export function createDnsService(db: Database, deps: { jobs: JobQueue }): DnsService {
  async function ownsProfile(customerId: number, profileId: number, q: Queryable = db): Promise<boolean> {
    const [row] = await q
      .select({ id: dnsProfiles.id })
      .from(dnsProfiles)
      .where(and(eq(dnsProfiles.id, profileId), eq(dnsProfiles.customerId, customerId)))
      .limit(1);
    return row !== undefined;
  }

  /** The zone's records replaced, its revision raised and written to the history, its publishing requested. */
  async function replaceZone(tx: Transaction, domainId: number, records: readonly ZoneRecordWithId[], change: ZoneChangeBy, current?: readonly ZoneRow[]): Promise<WrittenZone> {
    // The zone's revision raised in one statement, made at 1 for a new zone; the row stays locked
    // by it, so two changes of one zone get consecutive revisions. It also answers the domain's
    // name (for the publishing job) and whether the zone row is new (`xmax` is 0 for a row this
    // statement inserted): a new zone holds no records yet, which then need no reading. Every
    // domain's zone row exists before its first record (the migration that brought zones made one
    // for each domain, and records are written only here).
    const [zone] = await tx
      .insert(dnsZones)
      .values({ domainId, revision: 1 })
      .onConflictDoUpdate({ target: dnsZones.domainId, set: { revision: sql`${dnsZones.revision} + 1`, updatedAt: sql`now()` } })
      .returning({
        revision: dnsZones.revision,
        created: sql<boolean>`(xmax = 0)`,
        domain: sql<string | null>`(select ${domains.name} from ${domains} where ${domains.id} = ${dnsZones.domainId})`,
      });
    if (!zone?.domain) throw new Error(`no domain ${domainId}`);
    // Each step below is a turn's worth of work for a large zone, and the embedded database's statements give no turn of their own.
    await nextTurn();
    const { before, after: rows } = zone.created ? { before: [], after: await insertZoneRows(tx, domainId, records) } : await syncZoneRows(tx, domainId, records, current);
    const after = records.map(({ name, type, value, priority, ttl }) => ({ name, type, value, priority, ttl }));
    await nextTurn();
    const changes = zoneChanges(before, after);
    await insertRevision(tx, { domainId, revision: zone.revision, customerId: change.customerId ?? null, action: change.action }, after, changes);
    await requestZonePublishing(deps.jobs, tx, { domainId, domain: zone.domain });
    return { revision: zone.revision, records: rows };
  }

  return {
    listProfiles(customerId) {
      return db.select({ id: dnsProfiles.id, name: dnsProfiles.name }).from(dnsProfiles).where(eq(dnsProfiles.customerId, customerId)).orderBy(asc(dnsProfiles.id));
    },

    ownsProfile,

    async createProfile(customerId, name, records) {
      const parsed = records.map((record) => ZDnsRecord.parse(record));
      return db.transaction(async (tx) => {
        const [profile] = await tx.insert(dnsProfiles).values({ customerId, name: name.trim() }).returning({ id: dnsProfiles.id });
        if (!profile) throw new Error('profile insert returned nothing');
        if (parsed.length > 0) await tx.insert(dnsProfileRecords).values(parsed.map((record) => ({ ...record, profileId: profile.id })));
        return profile.id;
      });
    },

    async profileRecords(customerId, profileId, q = db) {
      // The profile and its records in one statement: no row when it is not the customer's, one
      // row without a record when it holds none.
      const rows = await q
        .select({ name: dnsProfileRecords.name, type: dnsProfileRecords.type, value: dnsProfileRecords.value, priority: dnsProfileRecords.priority, ttl: dnsProfileRecords.ttl })
        .from(dnsProfiles)
        .leftJoin(dnsProfileRecords, eq(dnsProfileRecords.profileId, dnsProfiles.id))
        .where(and(eq(dnsProfiles.id, profileId), eq(dnsProfiles.customerId, customerId)))
        .orderBy(asc(dnsProfileRecords.id));
      if (rows.length === 0) return null;
      return rows.flatMap(({ name, type, value, priority, ttl }) => (name === null || type === null || value === null ? [] : [{ name, type, value, priority, ...(ttl === null ? {} : { ttl }) }]));
    },

    zone(domainId, q = db) {
      return q.select(zoneColumns).from(domainDnsRecords).where(eq(domainDnsRecords.domainId, domainId)).orderBy(asc(domainDnsRecords.id));
    },

    writeZone(tx, domainId, records, change = { action: 'create' }, current) {
      return replaceZone(tx, domainId, records, change, current);
    },

    async clearZone(tx, domainId, change = { action: 'clear' }) {
      await replaceZone(tx, domainId, [], change);
    },

    async servedElsewhere(tx, domainId) {
      await tx.insert(dnsZones).values({ domainId, activeDnsServer: false }).onConflictDoUpdate({ target: dnsZones.domainId, set: { activeDnsServer: false } });
    },

    async recordCounts(domainIds) {
      const counts = new Map<number, number>(domainIds.map((id) => [id, 0]));
      if (domainIds.length === 0) return counts;
      const rows = await db
        .select({ domainId: domainDnsRecords.domainId, records: count() })
        .from(domainDnsRecords)
        .where(inArray(domainDnsRecords.domainId, [...domainIds]))
        .groupBy(domainDnsRecords.domainId);
      for (const row of rows) counts.set(row.domainId, Number(row.records));
      return counts;
    },
  };
}
