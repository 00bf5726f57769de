import { domainKindOf, type Locale } from '@kavel/core';
import { and, asc, eq, inArray, lt, ne } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.ts';
import { domainOrderClaims, orders } from '../../db/schema/index.ts';
import { refusal, type HttpError } from '../../http/errors.ts';
import { orderRepository } from './order-repository.ts';

const t = domainOrderClaims;

/**
 * How long an order awaiting payment keeps its names without being paid: a customer who left the
 * payment page (no attempt ended, or no provider reached) does not hold a name for ever. A later
 * payment claims them again (`claimAgain`).
 */
export const UNPAID_CLAIM_MS = 24 * 3_600_000;

/** What an order line says about its domain. */
interface DomainLine {
  productType: string;
  title: string;
  invoiced?: boolean | null;
  parentUnique?: string | null;
}

/**
 * The names an order registers or transfers in: its new domains, not the customer's own (hosting
 * for a domain they have). Lower case, as fulfilment registers them, and sorted, so that two
 * orders of several names claim them in the same order and never wait on each other in a circle.
 */
export function claimedNamesOf(lines: readonly DomainLine[]): string[] {
  const names = lines
    .filter((line) => (line.parentUnique ?? null) === null)
    .filter((line) => {
      const kind = domainKindOf({ productType: line.productType, invoiced: line.invoiced ?? false });
      return kind === 'REGISTRATION' || kind === 'TRANSFER';
    })
    .map((line) => line.title.toLowerCase());
  return [...new Set(names)].sort();
}

/** 409 (`order_domain_claimed`): another order is registering or transferring `domain`; nothing of this order was written. */
export function domainClaimedRefusal(locale: Locale, domain: string): HttpError {
  return refusal(locale, 409, 'orderDomainClaimed', undefined, { domain });
}

/**
 * The claims of orders on the names they bring in (`domain_order_claims`, the orders feature's):
 * a name is one order's from the moment it is placed until its registration ends, so a second
 * order for it is refused when it is placed rather than confirmed, billed and failed later.
 */
export const domainClaims = {
  /** The first of `names` that another order than `orderId` holds; null when none. */
  async heldElsewhere(q: Queryable, names: readonly string[], orderId: number): Promise<string | null> {
    if (names.length === 0) return null;
    const [row] = await q
      .select({ name: t.name })
      .from(t)
      .where(and(inArray(t.name, [...names]), ne(t.orderId, orderId)))
      .orderBy(asc(t.name))
      .limit(1);
    return row?.name ?? null;
  },

  /**
   * Claims `names` for the order in one statement; answers the first one another order holds
   * (the caller then rolls its transaction back), or null when the order has them all. A name the
   * order holds already stays its own. On PostgreSQL a name that a transaction still running has
   * claimed waits for it: taken if that one commits, claimed here if it rolls back.
   */
  async claim(q: Queryable, orderId: number, names: readonly string[], now: Date): Promise<string | null> {
    if (names.length === 0) return null;
    const claimed = await q
      .insert(t)
      .values(names.map((name) => ({ name, orderId, createdAt: now })))
      .onConflictDoNothing()
      .returning({ name: t.name });
    if (claimed.length === names.length) return null;
    return domainClaims.heldElsewhere(q, names, orderId);
  },

  /** The order's names again, from its lines (a new payment attempt, a payment that came late): as `claim`. */
  async claimAgain(q: Queryable, orderId: number, now: Date): Promise<string | null> {
    return domainClaims.claim(q, orderId, claimedNamesOf(await orderRepository.listLines(q, [orderId])), now);
  },

  /**
   * The order's payment ended unpaid: its names are free for other orders. (Delivered or failed,
   * the statement that ends the order frees them: fulfilment's `moveOrder`.)
   */
  async release(q: Queryable, orderId: number): Promise<void> {
    await q.delete(t).where(eq(t.orderId, orderId));
  },

  /** Frees the names of orders still awaiting payment that claimed them before `UNPAID_CLAIM_MS` ago; answers how many. */
  async releaseUnpaid(q: Queryable, now: Date): Promise<number> {
    const unpaid = q.select({ id: orders.id }).from(orders).where(eq(orders.status, 'AWAITING_PAYMENT'));
    const released = await q
      .delete(t)
      .where(and(lt(t.createdAt, new Date(now.getTime() - UNPAID_CLAIM_MS)), inArray(t.orderId, unpaid)))
      .returning({ name: t.name });
    return released.length;
  },
};
