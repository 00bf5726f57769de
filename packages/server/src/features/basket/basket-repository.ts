import { and, asc, eq, or } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.ts';
import { basketItems, baskets } from '../../db/schema/index.ts';

export type BasketItemRow = typeof basketItems.$inferSelect;
export type NewBasketItem = Omit<typeof basketItems.$inferInsert, 'id' | 'basketId' | 'createdAt'>;

/** Data access of the basket feature; every item query is scoped by the owner's basket id. */
export const basketRepository = {
  async findBySession(db: Queryable, sessionIdHash: string) {
    const [row] = await db.select({ id: baskets.id, period: baskets.period }).from(baskets).where(eq(baskets.sessionIdHash, sessionIdHash)).limit(1);
    return row ?? null;
  },

  async ensureForSession(db: Queryable, sessionIdHash: string): Promise<number> {
    await db.insert(baskets).values({ sessionIdHash }).onConflictDoNothing({ target: baskets.sessionIdHash });
    const row = await basketRepository.findBySession(db, sessionIdHash);
    if (!row) throw new Error('basket vanished right after it was created');
    return row.id;
  },

  listItems(db: Queryable, basketId: number): Promise<BasketItemRow[]> {
    return db.select().from(basketItems).where(eq(basketItems.basketId, basketId)).orderBy(asc(basketItems.id));
  },

  /** Adds an item unless the same top-level domain is already there; answers whether it was added. */
  async insertItem(db: Queryable, basketId: number, item: NewBasketItem): Promise<boolean> {
    const inserted = await db.insert(basketItems).values({ ...item, basketId }).onConflictDoNothing().returning({ id: basketItems.id });
    await db.update(baskets).set({ updatedAt: new Date() }).where(eq(baskets.id, basketId));
    return inserted.length > 0;
  },

  /** Removes an item and everything connected to it. */
  async deleteWithChildren(db: Queryable, basketId: number, unique: string): Promise<number> {
    const removed = await db
      .delete(basketItems)
      .where(and(eq(basketItems.basketId, basketId), or(eq(basketItems.unique, unique), eq(basketItems.parentUnique, unique))))
      .returning({ id: basketItems.id });
    return removed.length;
  },

  async findTopLevelByTitle(db: Queryable, basketId: number, title: string) {
    const rows = await db.select().from(basketItems).where(and(eq(basketItems.basketId, basketId), eq(basketItems.title, title)));
    return rows.find((r) => r.parentUnique === null) ?? null;
  },
};
