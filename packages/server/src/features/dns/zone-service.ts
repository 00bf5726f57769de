import { changeZone, domainToAscii, domainToUnicode, type IdentifiedZoneRecord, type TDnsHistoryEntry, type TDnsPublishFailure, type TDnsZonePage, type TDnsZoneRecord, type ZoneChange } from '@kavel/core';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database, Queryable, Transaction } from '../../db/connect.ts';
import { dnsZoneRevisions, dnsZones } from '../../db/schema/index.ts';
import type { AccountDirectory } from '../accounts/customer-lookup.ts';
import type { DomainService } from '../domains/domain-service.ts';
import { DEFAULT_DNS_ZONE } from './default-dns-zone.ts';
import { mailPresetsFor } from './mail-presets.ts';
import { zoneFor, type DnsService } from './dns-service.ts';
import { zoneRows, type ZoneRecordWithId } from './zone-repository.ts';

/** A domain's zone as someone acting on it may see it: the page's flags and the zone's revision. */
export interface ZoneAccess {
  domainId: number;
  /** Lower case, Punycode. */
  name: string;
  extension: string;
  /** The customer whose account holds the domain (a sub-user's parent). */
  ownerId: number;
  /** A sub-user, or a domain in transfer: the zone can be seen, not changed. */
  readOnly: boolean;
  manageable: boolean;
  activeDnsServer: boolean;
  privacyEnabled: boolean;
  revision: number;
  /** Why the zone's last publication failed, while it did. */
  publishFailure: TDnsPublishFailure | null;
}

/** Why a change of a zone was not made; nothing was written. */
export type ZoneRefusal =
  | { ok: false; reason: 'notFound' | 'readOnly' | 'notManageable' | 'notActive' | 'notLatest' | 'scanFailed' | 'registryFailed' | 'privacyNotSupported' }
  | { ok: false; reason: 'invalid'; field: string; key: string }
  /** The change would make the zone hold more records than it may (`limit`). */
  | { ok: false; reason: 'tooManyRecords'; limit: number };

export type ZoneAnswer = { ok: true; page: TDnsZonePage } | ZoneRefusal;

/** A change of a zone made: the zone as it is now, and its records. */
export type ZoneWritten = { ok: true; access: ZoneAccess; records: TDnsZoneRecord[] } | ZoneRefusal;

/** What a zone change computes from the zone it found (read only: the write compares with it): the records the zone holds next, or a refusal. */
/** Thrown inside a zone's transaction to roll back a refusal; never leaves `writeOrNothing`. */
const REFUSED = Symbol('refused');

export type ZoneEdit = (zone: readonly IdentifiedZoneRecord[], access: ZoneAccess, tx: Transaction) => Promise<{ ok: true; records: readonly ZoneRecordWithId[] } | ZoneRefusal>;

export interface ZoneService {
  /** The DNS page's data for a domain (id, or name in Unicode or Punycode); null when it is not the customer's. */
  page(customerId: number, domain: number | string): Promise<TDnsZonePage | null>;
  /** The zone's records with ids; null when the domain is not the customer's. */
  records(customerId: number, domainId: number): Promise<TDnsZoneRecord[] | null>;
  /** Spec 001 section 7's dnsAddRecord, dnsUpdateRecord and dnsRemoveRecord. */
  change(customerId: number, domainId: number, change: ZoneChange): Promise<ZoneAnswer>;
  /** dnsResetToDefault: the zone a new domain gets. */
  reset(customerId: number, domainId: number): Promise<ZoneAnswer>;
  /** The zone's changes, newest first. */
  history(customerId: number, domainId: number): Promise<TDnsHistoryEntry[] | null>;
  /** Takes back `revision`, which must be the zone's latest, as a new revision. */
  undo(customerId: number, domainId: number, revision: number): Promise<ZoneAnswer>;
  /**
   * Any other change of a zone (apply a profile, import, switch): in one transaction, with the
   * zone locked, the customer's right to change it checked, and `edit` deciding the new records.
   */
  edit(customerId: number, domainId: number, action: string, edit: ZoneEdit, options?: ZoneEditOptions): Promise<ZoneAnswer>;
  /**
   * `edit` for a caller that answers the zone's records (or a page of its own) rather than the DNS
   * page; the domain by id, or by name in Unicode or Punycode.
   */
  editRecords(customerId: number, domain: number | string, action: string, edit: ZoneEdit, options?: ZoneEditOptions): Promise<ZoneWritten>;
  /** Turns privacy protection of the holder's data on or off, where the extension supports it. */
  setPrivacy(customerId: number, domainId: number, enabled: boolean): Promise<ZoneAnswer>;
  /** The customer's access to a domain's zone, without changing it. */
  access(customerId: number, domain: number | string, q?: Queryable): Promise<ZoneAccess | null>;
}

export interface ZoneEditOptions {
  /** Refused while the domain's DNS is served elsewhere (the default). */
  requireActive?: boolean;
  /** Marks the domain as served by the shop's name servers (the switch). */
  activate?: boolean;
}

export interface ZoneServiceDeps {
  db: Database;
  dns: Pick<DnsService, 'writeZone' | 'listProfiles'>;
  domains: Pick<DomainService, 'findOwned'>;
  accounts: AccountDirectory;
  privacySupported(extension: string): Promise<boolean>;
  /** The shop's name servers and where zones are published (configuration). */
  nameservers: readonly string[];
  publishing: 'none' | 'powerdns';
  /** The most records a zone may hold, however they come in. */
  maxRecords: number;
}

const HISTORY_LENGTH = 50;
const refused = <R extends ZoneRefusal['reason']>(reason: R) => ({ ok: false as const, reason });

/**
 * The account area's view of a domain's zone. Who acts decides what is seen: a customer's own
 * domains, a sub-user's parent's (read-only); anything else is not found. Every change locks
 * the zone's row first, so two changes of one zone never overwrite each other.
 */
export function createZoneService(deps: ZoneServiceDeps): ZoneService {
  const { db } = deps;

  async function access(customerId: number, domain: number | string, q: Queryable = db, lock = false): Promise<ZoneAccess | null> {
    const acting = await deps.accounts.actingAs(customerId, q);
    if (!acting) return null;
    const owned = await deps.domains.findOwned(acting.ownerId, typeof domain === 'number' ? domain : domainToAscii(domain.trim()).toLowerCase(), q);
    if (!owned) return null;
    // To change it: the zone's row made when missing and locked, in one statement (an upsert locks
    // the row it finds as `for update` does).
    const [zone] = lock
      ? await q.insert(dnsZones).values({ domainId: owned.id }).onConflictDoUpdate({ target: dnsZones.domainId, set: { domainId: sql`excluded.domain_id` } }).returning()
      : await q.select().from(dnsZones).where(eq(dnsZones.domainId, owned.id));
    return {
      domainId: owned.id,
      name: owned.name,
      extension: owned.extension,
      ownerId: acting.ownerId,
      readOnly: acting.subUser || owned.status !== 'active',
      manageable: zone?.manageable ?? true,
      activeDnsServer: zone?.activeDnsServer ?? true,
      privacyEnabled: zone?.privacyEnabled ?? false,
      revision: zone?.revision ?? 0,
      publishFailure:
        zone?.publishFailure && zone.publishFailedAt ? { reason: zone.publishFailure.reason, record: zone.publishFailure.record, failedAt: zone.publishFailedAt.toISOString() } : null,
    };
  }

  /** The page's data; `known` is the zone's records when the caller has them. */
  async function pageOf(found: ZoneAccess, known?: TDnsZoneRecord[]): Promise<TDnsZonePage> {
    const [records, profiles, privacySupported] = await Promise.all([known ?? zoneRows(db, found.domainId), deps.dns.listProfiles(found.ownerId), deps.privacySupported(found.extension)]);
    return {
      domainId: found.domainId,
      domainName: domainToUnicode(found.name),
      asciiName: found.name,
      dnsProfiles: profiles,
      mailPresets: mailPresetsFor(found.name),
      dnsListOnStart: records,
      domainIsManageable: found.manageable,
      isActiveDnsServer: found.activeDnsServer,
      readOnly: found.readOnly,
      privacySupported,
      privacyEnabled: privacySupported && found.privacyEnabled,
      nameservers: [...deps.nameservers],
      publishing: deps.publishing,
      revision: found.revision,
      publishFailure: found.publishFailure,
    };
  }

  /** The page's data as a committed change left it (the change held the zone's lock), or the change's refusal. */
  async function pageAfter(outcome: ZoneWritten): Promise<ZoneAnswer> {
    return outcome.ok ? { ok: true, page: await pageOf(outcome.access, outcome.records) } : outcome;
  }

  /**
   * One transaction whose refusal rolls back what it did before refusing: locking a zone makes its
   * row when missing, and a refused change must leave no row behind.
   */
  async function writeOrNothing(work: (tx: Transaction) => Promise<ZoneWritten>): Promise<ZoneWritten> {
    let refusal: ZoneWritten | null = null;
    try {
      return await db.transaction(async (tx) => {
        const outcome = await work(tx);
        if (outcome.ok) return outcome;
        refusal = outcome;
        throw REFUSED;
      });
    } catch (error) {
      if (error === REFUSED && refusal) return refusal;
      throw error;
    }
  }

  const editRecords: ZoneService['editRecords'] = (customerId, domain, action, compute, options = {}) =>
    writeOrNothing(async (tx): Promise<ZoneWritten> => {
      const found = await access(customerId, domain, tx, true);
      if (!found) return refused('notFound');
      const { domainId } = found;
      if (found.readOnly) return refused('readOnly');
      if (!found.manageable) return refused('notManageable');
      if ((options.requireActive ?? true) && !found.activeDnsServer) return refused('notActive');
      const current = await zoneRows(tx, domainId);
      const next = await compute(current, found, tx);
      if (!next.ok) return next;
      // A zone already over the limit (the limit was lowered) may still shrink or change in place.
      if (next.records.length > deps.maxRecords && next.records.length > current.length) return { ok: false, reason: 'tooManyRecords', limit: deps.maxRecords };
      // The switch puts the domain on the shop's name servers in the same transaction as its records.
      if (options.activate) await tx.update(dnsZones).set({ activeDnsServer: true }).where(eq(dnsZones.domainId, domainId));
      const written = await deps.dns.writeZone(tx, domainId, next.records, { action, customerId }, current);
      return { ok: true, access: { ...found, revision: written.revision, activeDnsServer: found.activeDnsServer || options.activate === true }, records: written.records };
    });

  const edit: ZoneService['edit'] = async (customerId, domainId, action, compute, options) => pageAfter(await editRecords(customerId, domainId, action, compute, options));

  return {
    access: (customerId, domain, q) => access(customerId, domain, q),
    editRecords,
    edit,

    async setPrivacy(customerId, domainId, enabled) {
      const outcome = await writeOrNothing(async (tx): Promise<ZoneWritten> => {
        const found = await access(customerId, domainId, tx, true);
        if (!found) return refused('notFound');
        if (found.readOnly) return refused('readOnly');
        if (!(await deps.privacySupported(found.extension))) return refused('privacyNotSupported');
        await tx.update(dnsZones).set({ privacyEnabled: enabled, updatedAt: new Date() }).where(eq(dnsZones.domainId, domainId));
        return { ok: true, access: { ...found, privacyEnabled: enabled }, records: await zoneRows(tx, domainId) };
      });
      return pageAfter(outcome);
    },

    async page(customerId, domain) {
      const found = await access(customerId, domain);
      return found ? pageOf(found) : null;
    },

    async records(customerId, domainId) {
      const found = await access(customerId, domainId);
      return found ? zoneRows(db, found.domainId) : null;
    },

    change(customerId, domainId, change) {
      return edit(customerId, domainId, change.kind, async (zone, found) => {
        const result = changeZone(zone, change, found.name);
        if (result.ok) return result;
        return result.reason === 'notFound' ? refused('notFound') : result;
      });
    },

    reset(customerId, domainId) {
      return edit(customerId, domainId, 'reset', async (_zone, found) => ({ ok: true, records: zoneFor(found.name, DEFAULT_DNS_ZONE) }));
    },

    async history(customerId, domainId) {
      const found = await access(customerId, domainId);
      if (!found) return null;
      const rows = await db
        .select({ revision: dnsZoneRevisions.revision, action: dnsZoneRevisions.action, createdAt: dnsZoneRevisions.createdAt, customerId: dnsZoneRevisions.customerId, changes: dnsZoneRevisions.changes })
        .from(dnsZoneRevisions)
        .where(eq(dnsZoneRevisions.domainId, found.domainId))
        .orderBy(desc(dnsZoneRevisions.revision))
        .limit(HISTORY_LENGTH);
      const emails = await deps.accounts.emails(rows.flatMap((row) => (row.customerId === null ? [] : [row.customerId])));
      return rows.map((row) => ({
        revision: row.revision,
        action: row.action,
        createdAt: row.createdAt.toISOString(),
        by: row.customerId === null ? null : (emails.get(row.customerId) ?? null),
        added: row.changes.added,
        removed: row.changes.removed,
      }));
    },

    undo(customerId, domainId, revision) {
      return edit(
        customerId,
        domainId,
        'undo',
        async (_zone, found, tx) => {
          if (revision !== found.revision || revision < 1) return refused('notLatest');
          if (revision === 1) return { ok: true, records: [] };
          const [before] = await tx
            .select({ records: dnsZoneRevisions.records })
            .from(dnsZoneRevisions)
            .where(eq(dnsZoneRevisions.domainId, domainId))
            .orderBy(desc(dnsZoneRevisions.revision))
            .offset(1)
            .limit(1);
          return { ok: true, records: before?.records ?? [] };
        },
        { requireActive: false },
      );
    },
  };
}
