import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.ts';
import { domainHolders, whoisHolders } from '../../db/schema/index.ts';

export type DomainHolderRow = typeof domainHolders.$inferSelect;
/** A holder's fields as a domain keeps them. */
export type DomainHolderValues = Omit<typeof domainHolders.$inferInsert, 'domainId' | 'updatedAt' | 'usesStandard' | 'whoisHolderId'>;
/** Where a domain's holder came from: the standard holder, one of the customer's holders, or neither. */
export type HolderOrigin = { usesStandard: true; whoisHolderId: null } | { usesStandard: false; whoisHolderId: number | null };

export const STANDARD_ORIGIN: HolderOrigin = { usesStandard: true, whoisHolderId: null };
export const OWN_ORIGIN: HolderOrigin = { usesStandard: false, whoisHolderId: null };

/** The holder of each domain; callers have checked that the domains are the customer's. */
export const domainHolderRepository = {
  async find(db: Queryable, domainId: number): Promise<DomainHolderRow | null> {
    const [row] = await db.select().from(domainHolders).where(eq(domainHolders.domainId, domainId)).limit(1);
    return row ?? null;
  },

  /** The origin of each of these domains' holders (domains without a row are left out). */
  async originsOf(db: Queryable, domainIds: readonly number[]): Promise<Map<number, HolderOrigin>> {
    if (domainIds.length === 0) return new Map();
    const rows = await db
      .select({ domainId: domainHolders.domainId, usesStandard: domainHolders.usesStandard, whoisHolderId: domainHolders.whoisHolderId })
      .from(domainHolders)
      .where(inArray(domainHolders.domainId, [...domainIds]));
    return new Map(rows.map((row) => [row.domainId, row.usesStandard ? STANDARD_ORIGIN : { usesStandard: false, whoisHolderId: row.whoisHolderId }]));
  },

  async save(db: Queryable, domainId: number, values: DomainHolderValues, origin: HolderOrigin, now: Date): Promise<void> {
    // A holder of the customer's that is gone by now (deleted after the order): the values stay, the link does not.
    let whoisHolderId = origin.whoisHolderId;
    if (whoisHolderId !== null) {
      const [exists] = await db.select({ id: whoisHolders.id }).from(whoisHolders).where(eq(whoisHolders.id, whoisHolderId)).limit(1);
      if (!exists) whoisHolderId = null;
    }
    const set = { ...values, usesStandard: origin.usesStandard, whoisHolderId, updatedAt: now };
    await db
      .insert(domainHolders)
      .values({ ...set, domainId })
      .onConflictDoUpdate({ target: domainHolders.domainId, set });
  },
};
