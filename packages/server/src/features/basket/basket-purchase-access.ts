import { todayInAmsterdam, ZBasketPeriod, type TBasket } from '@kavel/core';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/connect.ts';
import { basketItems } from '../../db/schema/index.ts';
import type { CatalogueSnapshot } from '../catalogue/catalogue-service.ts';
import { basketRepository, type BasketItemRow, type BasketOwner } from './basket-repository.ts';
import { priceBasket, priceListOf } from './basket-pricing.ts';

/** The owner's basket as a purchase sees it: its rows, priced from them. */
export interface BasketForPurchase {
  basketId: number;
  /** The code stored on the basket (also one that no longer counts). */
  discountCode: string | null;
  rows: BasketItemRow[];
  priced: TBasket;
}

/**
 * What the orders feature needs of the basket while it turns it into an order. Everything runs
 * in the caller's transaction: the basket row stays locked until the order is committed, so a
 * concurrent change (or a second purchase of the same basket) waits and then sees it empty.
 * The catalogue is passed in, read before the transaction: the embedded database has one
 * connection, so no query may run outside the transaction while it is open.
 */
export interface BasketPurchaseAccess {
  /** Null when the owner has no basket at all. `now` decides whether the discount code still counts. */
  lockAndPrice(tx: Transaction, owner: BasketOwner, catalogue: CatalogueSnapshot, now: Date): Promise<BasketForPurchase | null>;
  /** Every item goes and the discount code is cleared; the basket row itself stays. */
  empty(tx: Transaction, basket: Pick<BasketForPurchase, 'basketId' | 'discountCode'>): Promise<void>;
}

/** One round trip: the basket row, locked, with its items. */
async function lockAndPrice(tx: Transaction, owner: BasketOwner, catalogue: CatalogueSnapshot, now: Date): Promise<BasketForPurchase | null> {
  const basket = await basketRepository.findWithItems(tx, owner, { lock: true });
  if (!basket) return null;
  const period = ZBasketPeriod.catch('YEARLY').parse(basket.period);
  const priced = priceBasket(basket.items, { period, discountCode: basket.discountCode }, catalogue, todayInAmsterdam(now), priceListOf(owner, catalogue));
  return { basketId: basket.id, discountCode: basket.discountCode, rows: basket.items, priced };
}

export const basketPurchaseAccess: BasketPurchaseAccess = {
  lockAndPrice,

  async empty(tx, basket) {
    await tx.delete(basketItems).where(eq(basketItems.basketId, basket.basketId));
    // The row is locked: nobody set a code since it was read.
    if (basket.discountCode !== null) await basketRepository.update(tx, basket.basketId, { discountCode: null });
  },
};
