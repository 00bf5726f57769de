import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.ts';
import { standardHolders, whoisHolders } from '../../db/schema/index.ts';

export type WhoisHolderRow = typeof whoisHolders.$inferSelect;
export type WhoisHolderValues = Omit<typeof whoisHolders.$inferInsert, 'id' | 'customerId' | 'createdAt' | 'updatedAt'>;

/** Data access of the whois feature; every query is scoped by the customer who owns the holder. */
export const whoisRepository = {
  listLabels(db: Queryable, customerId: number) {
    return db.select({ id: whoisHolders.id, label: whoisHolders.label }).from(whoisHolders).where(eq(whoisHolders.customerId, customerId)).orderBy(asc(whoisHolders.id));
  },

  async find(db: Queryable, customerId: number, id: number): Promise<WhoisHolderRow | null> {
    const [row] = await db
      .select()
      .from(whoisHolders)
      .where(and(eq(whoisHolders.id, id), eq(whoisHolders.customerId, customerId)))
      .limit(1);
    return row ?? null;
  },

  /** The customer's holder with exactly these values (the oldest, if several), if there is one. */
  async findEqual(db: Queryable, customerId: number, values: WhoisHolderValues): Promise<WhoisHolderRow | null> {
    const rows = await db.select().from(whoisHolders).where(eq(whoisHolders.customerId, customerId)).orderBy(asc(whoisHolders.id));
    const keys = Object.keys(values) as (keyof WhoisHolderValues)[];
    return rows.find((row) => keys.every((key) => (row[key] ?? null) === (values[key] ?? null))) ?? null;
  },

  async insert(db: Queryable, customerId: number, values: WhoisHolderValues): Promise<number> {
    const [row] = await db.insert(whoisHolders).values({ ...values, customerId }).returning({ id: whoisHolders.id });
    if (!row) throw new Error('holder insert returned nothing');
    return row.id;
  },

  /** Answers whether the customer's holder was there to change. */
  async update(db: Queryable, customerId: number, id: number, values: WhoisHolderValues, now: Date): Promise<boolean> {
    const rows = await db
      .update(whoisHolders)
      .set({ ...values, updatedAt: now })
      .where(and(eq(whoisHolders.id, id), eq(whoisHolders.customerId, customerId)))
      .returning({ id: whoisHolders.id });
    return rows.length > 0;
  },

  /** The standard holder's own label, e-mail address and phone, when the customer set them. */
  async findStandard(db: Queryable, customerId: number): Promise<{ label: string; email: string; phone: string } | null> {
    const [row] = await db
      .select({ label: standardHolders.label, email: standardHolders.email, phone: standardHolders.phone })
      .from(standardHolders)
      .where(eq(standardHolders.customerId, customerId))
      .limit(1);
    return row ?? null;
  },

  async saveStandard(db: Queryable, customerId: number, values: { label: string; email: string; phone: string }, now: Date): Promise<void> {
    await db
      .insert(standardHolders)
      .values({ ...values, customerId, updatedAt: now })
      .onConflictDoUpdate({ target: standardHolders.customerId, set: { ...values, updatedAt: now } });
  },

  async delete(db: Queryable, customerId: number, id: number): Promise<boolean> {
    const rows = await db
      .delete(whoisHolders)
      .where(and(eq(whoisHolders.id, id), eq(whoisHolders.customerId, customerId)))
      .returning({ id: whoisHolders.id });
    return rows.length > 0;
  },
};
