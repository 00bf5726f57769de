import type { TBasketChannel } from '@kavel/core';
import type { Queryable } from '../../db/connect.ts';
import { basketRepository, type BasketItemRow } from './basket-repository.ts';

/** The ids of the items that move: top-level items whose title is not taken yet, with everything connected to them. */
function itemsToMove(incoming: readonly BasketItemRow[], present: readonly BasketItemRow[]): number[] {
  const taken = new Set(present.filter((item) => item.parentUnique === null).map((item) => item.title));
  const moving = new Set(incoming.filter((item) => item.parentUnique === null && !taken.has(item.title)).map((item) => item.unique));
  for (let grew = true; grew; ) {
    grew = false;
    for (const item of incoming) {
      if (item.parentUnique !== null && moving.has(item.parentUnique) && !moving.has(item.unique)) {
        moving.add(item.unique);
        grew = true;
      }
    }
  }
  return incoming.filter((item) => moving.has(item.unique)).map((item) => item.id);
}

/**
 * A visitor who logs in keeps what was in the basket before: the session's anonymous basket
 * becomes the customer's, or, when the customer has one already, its items whose name is not
 * there yet move over (with what hangs under them), as does a discount code the customer's
 * basket lacks. The anonymous basket is gone afterwards.
 */
export async function adoptSessionBasket(q: Queryable, sessionIdHash: string, customerId: number, channel: TBasketChannel): Promise<void> {
  // Locked: an item added meanwhile waits (its foreign key check needs the basket row).
  const anonymous = await basketRepository.findByOwner(q, { sessionIdHash, customerId: null }, { lock: true });
  if (!anonymous) return;
  const own = await basketRepository.findByOwner(q, { sessionIdHash, customerId, channel }, { lock: true });
  if (!own) return basketRepository.assignToCustomer(q, anonymous.id, customerId, channel);
  const incoming = await basketRepository.listItems(q, anonymous.id);
  const present = await basketRepository.listItems(q, own.id);
  await basketRepository.moveItems(q, itemsToMove(incoming, present), own.id);
  if (anonymous.discountCode && !own.discountCode) await basketRepository.update(q, own.id, { discountCode: anonymous.discountCode });
  await basketRepository.deleteBasket(q, anonymous.id);
}
