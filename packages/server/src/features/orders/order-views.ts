import { and, asc, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.ts';
import { fulfilmentSteps, invoices, orders } from '../../db/schema/index.ts';
import { orderRepository, type OrderLineRow, type OrderRow } from './order-repository.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type StepRow = typeof fulfilmentSteps.$inferSelect;

/** An order with what a caller asks of it: its lines, its invoice and the steps that deliver it. */
export interface OrderView {
  order: OrderRow;
  lines: OrderLineRow[];
  invoice: InvoiceRow;
  steps: StepRow[];
}

/**
 * The customer's orders as views, newest first: one (`orderId`) or a page of `limit` below
 * `before` (an order id). Scoped by the customer: anyone else's order is not there.
 */
export async function orderViews(q: Queryable, customerId: number, which: { orderId: number } | { before?: number; limit: number }): Promise<OrderView[]> {
  const where: SQL[] = [eq(orders.customerId, customerId)];
  if ('orderId' in which) where.push(eq(orders.id, which.orderId));
  else if (which.before !== undefined) where.push(lt(orders.id, which.before));
  const rows = await q
    .select({ order: orders, invoice: invoices })
    .from(orders)
    .innerJoin(invoices, eq(invoices.id, orders.invoiceId))
    .where(and(...where))
    .orderBy(desc(orders.id))
    .limit('orderId' in which ? 1 : which.limit);
  const ids = rows.map((row) => row.order.id);
  const [lines, steps] = await Promise.all([
    orderRepository.listLines(q, ids),
    ids.length ? q.select().from(fulfilmentSteps).where(inArray(fulfilmentSteps.orderId, ids)).orderBy(asc(fulfilmentSteps.position)) : Promise.resolve([]),
  ]);
  return rows.map(({ order, invoice }) => ({
    order,
    invoice,
    lines: lines.filter((line) => line.orderId === order.id),
    steps: steps.filter((step) => step.orderId === order.id),
  }));
}
