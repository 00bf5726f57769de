import { canMoveOrder, type TOrderPeriod, type TOrderStatus } from '@kavel/core';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../../db/connect.ts';
import { domainOrderClaims, fulfilmentSteps, orderLines, orders, type FulfilmentStepState } from '../../../db/schema/index.ts';
import { TRANSFER_STEP } from './domain-steps.ts';

/**
 * Fulfilment's queries. It owns `fulfilment_steps` and the order's lease column; it reads the
 * orders feature's `orders` and `order_lines` (the snapshot of what was bought) and moves the
 * status only along `ORDER_TRANSITIONS`.
 */

export type OrderLineRow = typeof orderLines.$inferSelect;
export type StepRow = typeof fulfilmentSteps.$inferSelect;

export interface ClaimedOrder {
  id: number;
  customerId: number;
  period: TOrderPeriod;
}

/** Only a confirmed order is fulfilled; a failed one stays failed until a person retries it. */
const FULFILLABLE: TOrderStatus = 'CONFIRMED';

/**
 * Takes the order's lease when it is confirmed and nobody holds the lease: one conditional
 * update, so of two processes asking at once exactly one gets it. Null: not claimed.
 */
export async function claimOrder(db: Database, orderId: number, now: Date, until: Date): Promise<ClaimedOrder | null> {
  const [row] = await db
    .update(orders)
    .set({ fulfilmentLeaseUntil: until })
    .where(and(eq(orders.id, orderId), eq(orders.status, FULFILLABLE), or(isNull(orders.fulfilmentLeaseUntil), lte(orders.fulfilmentLeaseUntil, now))))
    .returning({ id: orders.id, customerId: orders.customerId, period: orders.period });
  return row ?? null;
}

export async function renewLease(db: Database, orderId: number, until: Date): Promise<void> {
  await db.update(orders).set({ fulfilmentLeaseUntil: until }).where(eq(orders.id, orderId));
}

export async function releaseLease(db: Database, orderId: number): Promise<void> {
  await db.update(orders).set({ fulfilmentLeaseUntil: null }).where(eq(orders.id, orderId));
}

export async function orderStatus(db: Database, orderId: number): Promise<TOrderStatus | null> {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row?.status ?? null;
}

/**
 * Moves the order along the transition table to its end, and frees the names it claimed
 * (`domain_order_claims`: delivered, the `domains` rows guard them now; or failed), in one
 * statement. Answers false when it was no longer in `from`.
 */
export async function moveOrder(db: Queryable, orderId: number, from: TOrderStatus, to: 'FULFILLED' | 'FULFILMENT_FAILED', now: Date): Promise<boolean> {
  if (!canMoveOrder(from, to)) throw new Error(`order ${orderId}: ${from} -> ${to} is not a transition`);
  const moved = db.$with('moved').as(
    db
      .update(orders)
      .set({ status: to, fulfilmentLeaseUntil: null, ...(to === 'FULFILLED' ? { fulfilledAt: now } : {}) })
      .where(and(eq(orders.id, orderId), eq(orders.status, from)))
      .returning({ id: orders.id }),
  );
  const released = db.$with('released').as(
    db
      .delete(domainOrderClaims)
      .where(inArray(domainOrderClaims.orderId, db.select({ id: moved.id }).from(moved)))
      .returning({ name: domainOrderClaims.name }),
  );
  const rows = await db.with(moved, released).select({ id: moved.id }).from(moved);
  return rows.length > 0;
}

/**
 * Confirmed orders nobody is fulfilling, confirmed at least `quietMs` ago: the process that
 * confirmed an order fulfils it right away, so the sweep leaves fresh ones to it. Those whose
 * steps were looked at longest ago come first, so orders waiting days for a transfer go to the
 * back after each look and never crowd the others out of a batch.
 */
export async function resumableOrderIds(db: Database, now: Date, quietMs: number, limit: number): Promise<number[]> {
  const before = new Date(now.getTime() - quietMs);
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, FULFILLABLE),
        or(isNull(orders.fulfilmentLeaseUntil), lte(orders.fulfilmentLeaseUntil, now)),
        lte(sql`coalesce(${orders.confirmedAt}, ${orders.createdAt})`, before),
      ),
    )
    .orderBy(
      asc(sql`coalesce((select max(${fulfilmentSteps.updatedAt}) from ${fulfilmentSteps} where ${fulfilmentSteps.orderId} = ${orders.id}), ${orders.confirmedAt}, ${orders.createdAt})`),
      asc(orders.id),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

export function linesOf(db: Database, orderId: number): Promise<OrderLineRow[]> {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position), asc(orderLines.id));
}

export function stepsOf(db: Database, orderId: number): Promise<StepRow[]> {
  return db.select().from(fulfilmentSteps).where(eq(fulfilmentSteps.orderId, orderId)).orderBy(asc(fulfilmentSteps.position));
}

/**
 * The customer's transfers that run: a domain line of a confirmed order that is a transfer, whose
 * transfer step is not done yet (not stored yet, pending or waiting for the losing registrar),
 * with the completion the registry expects. Oldest order first.
 */
export async function runningTransfers(db: Database, customerId: number): Promise<Array<{ name: string; orderId: number; completesAt: unknown }>> {
  const rows = await db
    .select({ name: sql<string>`lower(${orderLines.title})`, orderId: orders.id, state: fulfilmentSteps.state, result: fulfilmentSteps.result })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(fulfilmentSteps, and(eq(fulfilmentSteps.orderId, orders.id), eq(fulfilmentSteps.key, sql`${TRANSFER_STEP} || lower(${orderLines.title})`)))
    .where(and(eq(orders.customerId, customerId), eq(orders.status, FULFILLABLE), eq(orderLines.productType, 'DOMAIN_TRANSFER'), isNull(orderLines.parentUnique)))
    .orderBy(asc(orders.id), asc(orderLines.position));
  return rows.filter((row) => row.state === null || row.state === 'pending' || row.state === 'waiting').map((row) => ({ name: row.name, orderId: row.orderId, completesAt: row.result?.completesAt }));
}

/**
 * Stores the plan once, every step in one statement; a second attempt to store it changes
 * nothing. Answers the rows it stored (fewer than `keys` when another run stored them first).
 */
export async function insertSteps(db: Database, orderId: number, keys: readonly string[], now: Date): Promise<StepRow[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .insert(fulfilmentSteps)
    .values(keys.map((key, position) => ({ orderId, key, position, updatedAt: now })))
    .onConflictDoNothing()
    .returning();
  return rows.sort((a, b) => a.position - b.position);
}

/**
 * Moves a step from one state to another inside the transaction that wrote its rows; false when
 * it was no longer in `from` (another run finished it), which must roll that transaction back.
 */
export async function moveStep(
  q: Queryable,
  orderId: number,
  key: string,
  from: readonly FulfilmentStepState[],
  change: { state: FulfilmentStepState; result?: Record<string, unknown>; lastError?: string | null },
  now: Date,
): Promise<boolean> {
  // `attempts` counts the tries of the step itself; taking it back is not one.
  const tried = change.state === 'done' || change.state === 'failed';
  const moved = await q
    .update(fulfilmentSteps)
    .set({ ...change, ...(tried ? { attempts: sql`${fulfilmentSteps.attempts} + 1` } : {}), updatedAt: now })
    .where(and(eq(fulfilmentSteps.orderId, orderId), eq(fulfilmentSteps.key, key), inArray(fulfilmentSteps.state, [...from])))
    .returning({ id: fulfilmentSteps.id });
  return moved.length > 0;
}

/** A try that failed for now: counted, with its error; the state stays. */
export async function recordAttempt(db: Database, orderId: number, key: string, error: string, now: Date): Promise<void> {
  await db
    .update(fulfilmentSteps)
    .set({ attempts: sql`${fulfilmentSteps.attempts} + 1`, lastError: error.slice(0, 2000), updatedAt: now })
    .where(and(eq(fulfilmentSteps.orderId, orderId), eq(fulfilmentSteps.key, key)));
}
