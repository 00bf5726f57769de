import { ZDnsRecord, type TDnsProfileSummary, type TDnsRecord } from '@kavel/core';
import { and, asc, eq } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/connect.ts';
import { dnsProfileRecords, dnsProfiles } from '../../db/schema/index.ts';

export interface DnsService {
  /** The customer's profiles, oldest first (the first is the one step 2 preselects). */
  listProfiles(customerId: number): Promise<TDnsProfileSummary[]>;
  /** Whether the profile is the customer's; `q` lets another feature ask inside its transaction. */
  ownsProfile(customerId: number, profileId: number, q?: Queryable): Promise<boolean>;
  /** A new profile with its records, in one transaction; answers its id. */
  createProfile(customerId: number, name: string, records: readonly TDnsRecord[]): Promise<number>;
}

/**
 * DNS profiles of customers. Only what step 2 needs so far (the list, and seeding); editing
 * profiles and records comes with the account area's DNS pages.
 */
export function createDnsService(db: Database): DnsService {
  return {
    listProfiles(customerId) {
      return db.select({ id: dnsProfiles.id, name: dnsProfiles.name }).from(dnsProfiles).where(eq(dnsProfiles.customerId, customerId)).orderBy(asc(dnsProfiles.id));
    },

    async ownsProfile(customerId, profileId, q = db) {
      const [row] = await q
        .select({ id: dnsProfiles.id })
        .from(dnsProfiles)
        .where(and(eq(dnsProfiles.id, profileId), eq(dnsProfiles.customerId, customerId)))
        .limit(1);
      return row !== undefined;
    },

    async createProfile(customerId, name, records) {
      const parsed = records.map((record) => ZDnsRecord.parse(record));
      return db.transaction(async (tx) => {
        const [profile] = await tx.insert(dnsProfiles).values({ customerId, name: name.trim() }).returning({ id: dnsProfiles.id });
        if (!profile) throw new Error('profile insert returned nothing');
        if (parsed.length > 0) await tx.insert(dnsProfileRecords).values(parsed.map((record) => ({ ...record, profileId: profile.id })));
        return profile.id;
      });
    },
  };
}
