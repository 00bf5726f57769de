import { DOMAIN_PLACEHOLDER, PROFILE_MX_PRIORITIES, ZDnsRecord, type TDnsProfile, type TDnsRecord, type TDnsRecordStored } from '@kavel/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/connect.ts';
import { dnsProfileRecords, dnsProfiles } from '../../db/schema/index.ts';
import type { AccountDirectory } from '../accounts/customer-lookup.ts';

/** Why a profile change was not made; nothing was written. */
export type ProfileRefusal = { ok: false; reason: 'notFound' | 'readOnly' } | { ok: false; reason: 'invalid'; field: string; key: string };
export type ProfileAnswer = { ok: true; profiles: TDnsProfile[] } | ProfileRefusal;

export interface ProfileService {
  /** The account's profiles with their records, oldest first; a sub-user sees its parent's. */
  list(customerId: number): Promise<TDnsProfile[]>;
  create(customerId: number, name: string): Promise<ProfileAnswer>;
  remove(customerId: number, profileId: number): Promise<ProfileAnswer>;
  addRecord(customerId: number, profileId: number, record: TDnsRecordStored): Promise<ProfileAnswer>;
  updateRecord(customerId: number, profileId: number, recordId: number, record: TDnsRecordStored): Promise<ProfileAnswer>;
  removeRecord(customerId: number, profileId: number, recordId: number): Promise<ProfileAnswer>;
  /** A new profile from a domain's records, the domain's name turned back into `[DOMAINNAME]`. */
  fromDomain(customerId: number, domain: string, name: string, records: readonly TDnsRecordStored[]): Promise<ProfileAnswer>;
}

const refused = (reason: 'notFound' | 'readOnly') => ({ ok: false as const, reason });

/** The profile page's MX choices lack 15 (spec 001 section 5). */
function profileRecordIssue(record: TDnsRecordStored): ProfileRefusal | null {
  if (record.type === 'MX' && !(PROFILE_MX_PRIORITIES as readonly number[]).includes(record.priority ?? -1)) return { ok: false, reason: 'invalid', field: 'priority', key: 'dnsMxPriority' };
  return null;
}

/** `mail.goudenkorst.nl.` in goudenkorst.nl's zone becomes `mail.[DOMAINNAME].`, so the profile fits any domain. */
export function withPlaceholder(record: TDnsRecordStored, domain: string): TDnsRecordStored {
  const apex = `${domain.toLowerCase()}.`;
  const generalise = (target: string) => {
    const lower = target.toLowerCase();
    if (lower === apex) return `${DOMAIN_PLACEHOLDER}.`;
    return lower.endsWith(`.${apex}`) ? `${target.slice(0, -apex.length)}${DOMAIN_PLACEHOLDER}.` : target;
  };
  switch (record.type) {
    case 'CNAME':
    case 'MX':
      return { ...record, value: generalise(record.value) };
    case 'SRV': {
      const words = record.value.split(' ');
      return { ...record, value: [...words.slice(0, -1), generalise(words.at(-1) ?? '.')].join(' ') };
    }
    default:
      return record;
  }
}

/**
 * The account's DNS profiles and their records (spec 001 sections 3, 5 and 7). Owner-scoped: a
 * profile or record of another account is not found; a sub-user may look, not change.
 */
export function createProfileService(db: Database, deps: { accounts: AccountDirectory }): ProfileService {
  async function list(ownerId: number, q: Database | Transaction = db): Promise<TDnsProfile[]> {
    const profiles = await q.select({ id: dnsProfiles.id, name: dnsProfiles.name }).from(dnsProfiles).where(eq(dnsProfiles.customerId, ownerId)).orderBy(asc(dnsProfiles.id));
    if (profiles.length === 0) return [];
    const records = await q
      .select({ id: dnsProfileRecords.id, profileId: dnsProfileRecords.profileId, name: dnsProfileRecords.name, type: dnsProfileRecords.type, value: dnsProfileRecords.value, priority: dnsProfileRecords.priority, ttl: dnsProfileRecords.ttl })
      .from(dnsProfileRecords)
      .where(inArray(dnsProfileRecords.profileId, profiles.map((profile) => profile.id)))
      .orderBy(asc(dnsProfileRecords.id));
    return profiles.map((profile) => ({ ...profile, records: records.filter((record) => record.profileId === profile.id).map(({ profileId: _p, ...record }) => record) }));
  }

  /** Runs a change for an account holder (not a sub-user) in one transaction, then answers the list. */
  async function change(customerId: number, work: (tx: Transaction, ownerId: number) => Promise<ProfileRefusal | null>): Promise<ProfileAnswer> {
    const outcome = await db.transaction(async (tx) => {
      const acting = await deps.accounts.actingAs(customerId, tx);
      if (!acting) return refused('notFound');
      if (acting.subUser) return refused('readOnly');
      return (await work(tx, acting.ownerId)) ?? { ok: true as const, profiles: await list(acting.ownerId, tx) };
    });
    return outcome;
  }

  const owns = async (tx: Transaction, ownerId: number, profileId: number) =>
    (await tx.select({ id: dnsProfiles.id }).from(dnsProfiles).where(and(eq(dnsProfiles.id, profileId), eq(dnsProfiles.customerId, ownerId))).for('update')).length > 0;

  const recordRow = (record: TDnsRecordStored) => ({ name: record.name, type: record.type, value: record.value, priority: record.priority, ttl: record.ttl ?? 3600 });

  return {
    async list(customerId) {
      const acting = await deps.accounts.actingAs(customerId);
      return acting ? list(acting.ownerId) : [];
    },

    create: (customerId, name) =>
      change(customerId, async (tx, ownerId) => {
        await tx.insert(dnsProfiles).values({ customerId: ownerId, name });
        return null;
      }),

    remove: (customerId, profileId) =>
      change(customerId, async (tx, ownerId) => {
        const deleted = await tx.delete(dnsProfiles).where(and(eq(dnsProfiles.id, profileId), eq(dnsProfiles.customerId, ownerId))).returning({ id: dnsProfiles.id });
        return deleted.length > 0 ? null : refused('notFound');
      }),

    addRecord: (customerId, profileId, record) =>
      change(customerId, async (tx, ownerId) => {
        if (!(await owns(tx, ownerId, profileId))) return refused('notFound');
        const issue = profileRecordIssue(record);
        if (issue) return issue;
        await tx.insert(dnsProfileRecords).values({ ...recordRow(record), profileId });
        return null;
      }),

    updateRecord: (customerId, profileId, recordId, record) =>
      change(customerId, async (tx, ownerId) => {
        if (!(await owns(tx, ownerId, profileId))) return refused('notFound');
        const issue = profileRecordIssue(record);
        if (issue) return issue;
        const updated = await tx
          .update(dnsProfileRecords)
          .set(recordRow(record))
          .where(and(eq(dnsProfileRecords.id, recordId), eq(dnsProfileRecords.profileId, profileId)))
          .returning({ id: dnsProfileRecords.id });
        return updated.length > 0 ? null : refused('notFound');
      }),

    removeRecord: (customerId, profileId, recordId) =>
      change(customerId, async (tx, ownerId) => {
        if (!(await owns(tx, ownerId, profileId))) return refused('notFound');
        const deleted = await tx.delete(dnsProfileRecords).where(and(eq(dnsProfileRecords.id, recordId), eq(dnsProfileRecords.profileId, profileId))).returning({ id: dnsProfileRecords.id });
        return deleted.length > 0 ? null : refused('notFound');
      }),

    fromDomain: (customerId, domain, name, records) =>
      change(customerId, async (tx, ownerId) => {
        // A zone may hold any MX priority (an import, the API); a profile keeps its page's list.
        const issue = records.map(profileRecordIssue).find((found) => found !== null);
        if (issue) return issue;
        const [profile] = await tx.insert(dnsProfiles).values({ customerId: ownerId, name }).returning({ id: dnsProfiles.id });
        // A record of the zone in the profile's form, so it reads again as the profile page would send it.
        const rows = records.map((record) => ZDnsRecord.parse(withPlaceholder(record, domain) satisfies TDnsRecord));
        if (rows.length > 0) await tx.insert(dnsProfileRecords).values(rows.map((record) => ({ ...recordRow(record), profileId: profile!.id })));
        return null;
      }),
  };
}
