import { canMovePayment, type TPaymentStatus } from '@kavel/core';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.ts';
import { payments } from '../../db/schema/index.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = Omit<typeof payments.$inferInsert, 'id'>;

/** Payment attempts of orders. */
export const paymentRepository = {
  /** The order's latest attempt (the highest id), or null before any. */
  async latest(q: Queryable, orderId: number): Promise<PaymentRow | null> {
    const [row] = await q.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id)).limit(1);
    return row ?? null;
  },

  async countFor(q: Queryable, orderId: number): Promise<number> {
    const [row] = await q.select({ n: count() }).from(payments).where(eq(payments.orderId, orderId));
    return Number(row?.n ?? 0);
  },

  async findByMerchantOrderId(q: Queryable, merchantOrderId: string, options: { lock?: boolean } = {}): Promise<PaymentRow | null> {
    const query = q.select().from(payments).where(eq(payments.merchantOrderId, merchantOrderId)).limit(1);
    const [row] = options.lock ? await query.for('update') : await query;
    return row ?? null;
  },

  /** Stores an announced attempt unless another process stored the same attempt first; answers whether this one did. */
  async insertIfAbsent(q: Queryable, values: NewPayment): Promise<boolean> {
    const inserted = await q.insert(payments).values(values).onConflictDoNothing({ target: payments.merchantOrderId }).returning({ id: payments.id });
    return inserted.length > 0;
  },

  /** Moves an attempt along `PAYMENT_TRANSITIONS`, only from `from`; answers whether it moved. */
  async move(q: Queryable, id: number, from: TPaymentStatus, to: TPaymentStatus, changes: { providerOrderId?: string; updatedAt: Date }): Promise<boolean> {
    if (!canMovePayment(from, to)) return false;
    const moved = await q
      .update(payments)
      .set({ ...changes, status: to })
      .where(and(eq(payments.id, id), eq(payments.status, from)))
      .returning({ id: payments.id });
    return moved.length > 0;
  },
};
