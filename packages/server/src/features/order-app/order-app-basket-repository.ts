import type { TLocalBasket } from '@kavel/core';
import { and, eq, isNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/connect.ts';
import { orderAppBaskets } from '../../db/schema/index.ts';
import type { BasketOwner } from '../basket/basket-repository.ts';

export type OrderAppBasketRow = typeof orderAppBaskets.$inferSelect;

const ownedBy = (owner: BasketOwner) =>
  owner.customerId !== null
    ? eq(orderAppBaskets.customerId, owner.customerId)
    : and(eq(orderAppBaskets.sessionIdHash, owner.sessionIdHash), isNull(orderAppBaskets.customerId));

/** Data access of the order app's basket: one row per customer, or per anonymous session. */
export const orderAppBasketRepository = {
  async find(q: Queryable, owner: BasketOwner, options: { lock?: boolean } = {}): Promise<OrderAppBasketRow | null> {
    const query = q.select().from(orderAppBaskets).where(ownedBy(owner)).limit(1);
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  },

  /** Stores a conversion: the item, a new conversion id and the page it came from. */
  async store(q: Queryable, owner: BasketOwner, item: TLocalBasket, returnPath: string): Promise<void> {
    const values = { item, returnPath, conversionId: randomUUID(), orderedAt: null, updatedAt: new Date() };
    if (owner.customerId !== null) {
      await q.insert(orderAppBaskets).values({ ...values, customerId: owner.customerId }).onConflictDoUpdate({ target: orderAppBaskets.customerId, set: values });
    } else {
      await q.insert(orderAppBaskets).values({ ...values, sessionIdHash: owner.sessionIdHash }).onConflictDoUpdate({ target: orderAppBaskets.sessionIdHash, set: values });
    }
  },

  /** The customer's row, locked; made (empty) first when there is none, so two orders of one customer wait for each other. */
  async lockForOrder(q: Queryable, customerId: number): Promise<OrderAppBasketRow> {
    await q.insert(orderAppBaskets).values({ customerId, conversionId: randomUUID() }).onConflictDoNothing({ target: orderAppBaskets.customerId });
    const row = await orderAppBasketRepository.find(q, { customerId, sessionIdHash: '' }, { lock: true });
    if (!row) throw new Error('order app basket vanished right after it was made');
    return row;
  },

  /** Cancelled: the item goes. */
  async clear(q: Queryable, id: number): Promise<void> {
    await q.update(orderAppBaskets).set({ item: null, updatedAt: new Date() }).where(eq(orderAppBaskets.id, id));
  },

  /** Ordered: the basket is empty from now on; the item and conversion stay, so a repeat of the same submit is recognised. */
  async markOrdered(q: Queryable, id: number, item: TLocalBasket, at: Date): Promise<void> {
    await q.update(orderAppBaskets).set({ item, orderedAt: at, updatedAt: at }).where(eq(orderAppBaskets.id, id));
  },
};
