import { canMoveOrder, type TOrderStatus } from '@kavel/core';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.ts';
import { directDebitMandates, orderLines, orders } from '../../db/schema/index.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id'>;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'id' | 'orderId'>;
export type MandateRow = typeof directDebitMandates.$inferSelect;

/** Data access of orders and their lines; reads for a customer are scoped by the customer. */
export const orderRepository = {
  async findByRequest(q: Queryable, customerId: number, requestId: string): Promise<OrderRow | null> {
    const [row] = await q
      .select()
      .from(orders)
      .where(and(eq(orders.customerId, customerId), eq(orders.requestId, requestId)))
      .limit(1);
    return row ?? null;
  },

  async findOwned(q: Queryable, customerId: number, id: number): Promise<OrderRow | null> {
    const [row] = await q
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.customerId, customerId)))
      .limit(1);
    return row ?? null;
  },

  async find(q: Queryable, id: number, options: { lock?: boolean } = {}): Promise<OrderRow | null> {
    const query = q.select().from(orders).where(eq(orders.id, id)).limit(1);
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async insert(q: Queryable, values: NewOrder): Promise<OrderRow> {
    const [row] = await q.insert(orders).values(values).returning();
    if (!row) throw new Error('order insert returned nothing');
    return row;
  },

  /** Inserts the order's lines in one statement; answers them as stored, in their positions' order. */
  async insertLines(q: Queryable, orderId: number, lines: readonly NewOrderLine[]): Promise<OrderLineRow[]> {
    if (lines.length === 0) return [];
    const stored = await q.insert(orderLines).values(lines.map((line) => ({ ...line, orderId }))).returning();
    return stored.sort((a, b) => a.position - b.position);
  },

  listLines(q: Queryable, orderIds: readonly number[]): Promise<OrderLineRow[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return q.select().from(orderLines).where(inArray(orderLines.orderId, [...orderIds])).orderBy(asc(orderLines.orderId), asc(orderLines.position));
  },

  listByInvoice(q: Queryable, invoiceId: number): Promise<OrderRow[]> {
    return q.select().from(orders).where(eq(orders.invoiceId, invoiceId)).orderBy(asc(orders.id));
  },

  listOwned(q: Queryable, customerId: number): Promise<OrderRow[]> {
    return q.select().from(orders).where(eq(orders.customerId, customerId)).orderBy(desc(orders.id));
  },

  /**
   * Moves an order along `ORDER_TRANSITIONS`, and only from `from`: a second process that read
   * the same state finds the row moved already and changes nothing. Answers whether it moved.
   */
  async move(q: Queryable, id: number, from: TOrderStatus, to: TOrderStatus, changes: Partial<Pick<OrderRow, 'confirmedAt'>> = {}): Promise<boolean> {
    if (!canMoveOrder(from, to)) return false;
    const moved = await q
      .update(orders)
      .set({ ...changes, status: to })
      .where(and(eq(orders.id, id), eq(orders.status, from)))
      .returning({ id: orders.id });
    return moved.length > 0;
  },
};

/** The customers' direct-debit mandates (one per customer). */
export const mandateRepository = {
  async find(q: Queryable, customerId: number): Promise<MandateRow | null> {
    const [row] = await q.select().from(directDebitMandates).where(eq(directDebitMandates.customerId, customerId)).limit(1);
    return row ?? null;
  },

  /** Stores the mandate unless the customer has one already (a concurrent purchase gave it). */
  async insertIfAbsent(q: Queryable, values: { customerId: number; iban: string; accountHolder: string; signedAt: Date }): Promise<void> {
    await q
      .insert(directDebitMandates)
      .values({ ...values, reference: `KAVEL-${values.customerId}-1` })
      .onConflictDoNothing({ target: directDebitMandates.customerId });
  },
};
