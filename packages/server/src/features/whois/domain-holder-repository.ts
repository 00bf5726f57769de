import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.ts';
import { domainHolders } from '../../db/schema/index.ts';

export type DomainHolderRow = typeof domainHolders.$inferSelect;
export type DomainHolderValues = Omit<typeof domainHolders.$inferInsert, 'domainId' | 'updatedAt'>;

/** The holder set per domain; callers have checked that the domain is the customer's. */
export const domainHolderRepository = {
  async find(db: Queryable, domainId: number): Promise<DomainHolderRow | null> {
    const [row] = await db.select().from(domainHolders).where(eq(domainHolders.domainId, domainId)).limit(1);
    return row ?? null;
  },

  async save(db: Queryable, domainId: number, values: DomainHolderValues, now: Date): Promise<void> {
    await db
      .insert(domainHolders)
      .values({ ...values, domainId, updatedAt: now })
      .onConflictDoUpdate({ target: domainHolders.domainId, set: { ...values, updatedAt: now } });
  },
};
