import type { TBasketChannel, TBasketItemOptions, TBasketPeriod, TProductType } from '@kavel/core';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.ts';
import { basketItems, baskets } from '../../db/schema/index.ts';

export type BasketItemRow = typeof basketItems.$inferSelect;
export type NewBasketItem = Omit<typeof basketItems.$inferInsert, 'id' | 'basketId' | 'createdAt'>;

/**
 * Whose basket: a logged-in customer's (by customer id), else the anonymous session's, in a
 * channel (default `shop`). A `reseller` owner carries the staffel its prices come from.
 */
export interface BasketOwner {
  sessionIdHash: string;
  customerId: number | null;
  channel?: TBasketChannel;
  staffel?: number | null;
}

export const channelOf = (owner: Pick<BasketOwner, 'channel'>): TBasketChannel => owner.channel ?? 'shop';

const ownedBy = (owner: BasketOwner) =>
  and(
    eq(baskets.channel, channelOf(owner)),
    owner.customerId !== null ? eq(baskets.customerId, owner.customerId) : and(eq(baskets.sessionIdHash, owner.sessionIdHash), isNull(baskets.customerId)),
  );

/** Data access of the basket feature; every item query is scoped by the owner's basket id. */
export const basketRepository = {
  async findByOwner(db: Queryable, owner: BasketOwner, options: { lock?: boolean } = {}) {
    const query = db.select({ id: baskets.id, period: baskets.period, discountCode: baskets.discountCode }).from(baskets).where(ownedBy(owner)).limit(1);
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async ensureForOwner(db: Queryable, owner: BasketOwner): Promise<number> {
    const channel = channelOf(owner);
    if (owner.customerId !== null) {
      await db.insert(baskets).values({ customerId: owner.customerId, channel }).onConflictDoNothing({ target: [baskets.customerId, baskets.channel] });
    } else {
      await db.insert(baskets).values({ sessionIdHash: owner.sessionIdHash, channel }).onConflictDoNothing({ target: [baskets.sessionIdHash, baskets.channel] });
    }
    const row = await basketRepository.findByOwner(db, owner);
    if (!row) throw new Error('basket vanished right after it was created');
    return row.id;
  },

  /** Hands a basket to a customer, in `channel`; it no longer hangs on the session, so logout leaves it with them. */
  async assignToCustomer(db: Queryable, basketId: number, customerId: number, channel: TBasketChannel = 'shop'): Promise<void> {
    await db.update(baskets).set({ customerId, channel, sessionIdHash: null, updatedAt: new Date() }).where(eq(baskets.id, basketId));
  },

  async moveItems(db: Queryable, itemIds: number[], toBasketId: number): Promise<void> {
    if (itemIds.length === 0) return;
    await db.update(basketItems).set({ basketId: toBasketId }).where(inArray(basketItems.id, itemIds));
    await db.update(baskets).set({ updatedAt: new Date() }).where(eq(baskets.id, toBasketId));
  },

  async update(db: Queryable, basketId: number, changes: { period?: TBasketPeriod; discountCode?: string | null }): Promise<void> {
    await db.update(baskets).set({ ...changes, updatedAt: new Date() }).where(eq(baskets.id, basketId));
  },

  async deleteBasket(db: Queryable, basketId: number): Promise<void> {
    await db.delete(baskets).where(eq(baskets.id, basketId));
  },

  /**
   * The owner's basket with its items in one round trip (a basket read is the most frequent
   * call); `lock` locks the basket row (not the items) until the transaction ends.
   */
  async findWithItems(db: Queryable, owner: BasketOwner, options: { lock?: boolean } = {}) {
    const query = db
      .select({ id: baskets.id, period: baskets.period, discountCode: baskets.discountCode, item: basketItems })
      .from(baskets)
      .leftJoin(basketItems, eq(basketItems.basketId, baskets.id))
      .where(ownedBy(owner))
      .orderBy(asc(basketItems.id));
    const rows = options.lock ? await query.for('update', { of: baskets }) : await query;
    const first = rows[0];
    if (!first) return null;
    const items = rows.flatMap((row) => (row.item ? [row.item] : []));
    return { id: first.id, period: first.period, discountCode: first.discountCode, items };
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

  async findItem(db: Queryable, basketId: number, unique: string): Promise<BasketItemRow | null> {
    const [row] = await db.select().from(basketItems).where(and(eq(basketItems.basketId, basketId), eq(basketItems.unique, unique))).limit(1);
    return row ?? null;
  },

  listChildren(db: Queryable, parentUnique: string): Promise<BasketItemRow[]> {
    return db.select().from(basketItems).where(eq(basketItems.parentUnique, parentUnique)).orderBy(asc(basketItems.id));
  },

  /** Removes the items of a domain whose product type is one of `types`; answers how many went. */
  async deleteChildrenOfTypes(db: Queryable, parentUnique: string, types: readonly TProductType[]): Promise<number> {
    if (types.length === 0) return 0;
    const removed = await db
      .delete(basketItems)
      .where(and(eq(basketItems.parentUnique, parentUnique), inArray(basketItems.productType, [...types])))
      .returning({ id: basketItems.id });
    return removed.length;
  },

  async setOptions(db: Queryable, itemId: number, options: TBasketItemOptions): Promise<void> {
    await db.update(basketItems).set({ options }).where(eq(basketItems.id, itemId));
  },

  /** Every domain of the customer's basket that was bought for holder `holderId` goes back to the standard holder. */
  async clearHolder(db: Queryable, customerId: number, holderId: number): Promise<void> {
    await db
      .update(basketItems)
      .set({ options: sql`${basketItems.options} || '{"customWhoisId": null}'::jsonb` })
      .where(
        and(
          inArray(basketItems.basketId, db.select({ id: baskets.id }).from(baskets).where(eq(baskets.customerId, customerId))),
          sql`${basketItems.options}->>'customWhoisId' = ${String(holderId)}`,
        ),
      );
  },

  async findTopLevelByTitle(db: Queryable, basketId: number, title: string) {
    const rows = await db.select().from(basketItems).where(and(eq(basketItems.basketId, basketId), eq(basketItems.title, title)));
    return rows.find((r) => r.parentUnique === null) ?? null;
  },
};
