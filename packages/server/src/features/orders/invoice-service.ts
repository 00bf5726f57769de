import { todayInAmsterdam, type TInvoiceSummary } from '@kavel/core';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Queryable, Transaction } from '../../db/connect.ts';
import { invoices, orders as ordersTable, type InvoiceAddressee } from '../../db/schema/index.ts';
import { amsterdamMonth, amsterdamYear, takeInvoiceNumber } from './invoice-numbers.ts';
import { orderRepository, type OrderLineRow, type OrderRow } from './order-repository.ts';

export type InvoiceRow = typeof invoices.$inferSelect;

export interface InvoiceAmounts {
  totalExcludeTax: number;
  totalTax: number;
  totalIncludeTax: number;
}

export interface InvoicePlacement {
  invoiceId: number;
  number: string;
  /** True when the order made its own final invoice. */
  closed: boolean;
}

/** An invoice with the orders on it, for the printable page. */
export interface InvoiceDocument {
  invoice: InvoiceRow;
  orders: Array<{ order: OrderRow; lines: OrderLineRow[] }>;
  /** The orders credited on this invoice (taken off an open one, or a credit note's). */
  credits: OrderRow[];
  /** A credit note's: the invoice it corrects. */
  corrects: InvoiceRow | null;
}

/**
 * Where an order that could not be delivered was credited. `open-invoice`: its amounts were
 * taken off the open invoice it was on (not issued yet, so it may still change); `credit-note`:
 * its invoice was issued, so a credit note of its own (a new number, negative amounts) corrects
 * it; `nothing`: the order cost nothing.
 */
export interface OrderCredit {
  kind: 'open-invoice' | 'credit-note' | 'nothing';
  /** The invoice the credit is on (the open invoice, or the credit note). */
  number: string;
  /** The order's own invoice. */
  invoiceNumber: string;
  /** Whether the order's invoice had been paid: the amount is owed back. */
  paid: boolean;
  /** What was credited (positive cents). */
  amounts: InvoiceAmounts;
}

export interface InvoiceService {
  /**
   * Puts an order's amounts on an invoice inside the purchase's transaction. `open` (pay on
   * account): the customer's open invoice of this month, or a new open one. Otherwise a new
   * closed invoice of its own. Open invoices of earlier months are closed first either way: their
   * month is over.
   */
  place(tx: Transaction, request: { customerId: number; open: boolean; addressee: InvoiceAddressee; amounts: InvoiceAmounts; now: Date }): Promise<InvoicePlacement>;
  /**
   * Closes the open invoices of months that are over (Dutch time), so that a month's invoice is
   * issued even when no later order comes. Answers how many it closed.
   */
  closeEndedMonths(now: Date): Promise<number>;
  /**
   * Credits an order that could not be delivered, in the caller's transaction (see
   * `OrderCredit`). Once per order: null when it was credited before.
   */
  credit(tx: Transaction, order: OrderRow, now: Date): Promise<OrderCredit | null>;
  /** Marks the invoice paid (once; a repeat changes nothing). */
  markPaid(tx: Transaction, invoiceId: number, now: Date): Promise<void>;
  find(q: Queryable, invoiceId: number): Promise<InvoiceRow | null>;
  /** The customer's invoices, newest first. */
  list(customerId: number): Promise<TInvoiceSummary[]>;
  /** The customer's invoice with its orders; null for an unknown one or someone else's. */
  document(customerId: number, invoiceId: number): Promise<InvoiceDocument | null>;
}

/** The day an invoice is dated: the day it was closed (issued), or made while it is still open. */
export const invoiceDate = (invoice: Pick<InvoiceRow, 'closedAt' | 'createdAt'>): string => todayInAmsterdam(invoice.closedAt ?? invoice.createdAt);

export function createInvoiceService(db: Database): InvoiceService {
  async function find(q: Queryable, invoiceId: number): Promise<InvoiceRow | null> {
    const [row] = await q.select().from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
    return row ?? null;
  }

  async function create(tx: Transaction, request: Parameters<InvoiceService['place']>[1], closed: boolean, corrects: number | null = null): Promise<InvoicePlacement> {
    // Taken last: the counter row stays locked for every purchase of the year until this commits.
    const numbered = await takeInvoiceNumber(tx, amsterdamYear(request.now));
    const [row] = await tx
      .insert(invoices)
      .values({
        customerId: request.customerId,
        number: numbered.number,
        year: numbered.year,
        sequence: numbered.sequence,
        closed,
        addressee: request.addressee,
        ...request.amounts,
        createdAt: request.now,
        closedAt: closed ? request.now : null,
        correctsInvoiceId: corrects,
      })
      .returning({ id: invoices.id });
    if (!row) throw new Error('invoice insert returned nothing');
    return { invoiceId: row.id, number: numbered.number, closed };
  }

  return {
    async place(tx, request) {
      const open = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.customerId, request.customerId), eq(invoices.closed, false)))
        .for('update');
      const month = amsterdamMonth(request.now);
      const current = open.find((invoice) => amsterdamMonth(invoice.createdAt) === month) ?? null;
      for (const invoice of open) {
        if (invoice !== current) await tx.update(invoices).set({ closed: true, closedAt: request.now }).where(eq(invoices.id, invoice.id));
      }
      if (!request.open) return create(tx, request, true);
      if (!current) return create(tx, request, false);
      const { totalExcludeTax, totalTax, totalIncludeTax } = request.amounts;
      await tx
        .update(invoices)
        .set({
          totalExcludeTax: sql`${invoices.totalExcludeTax} + ${totalExcludeTax}`,
          totalTax: sql`${invoices.totalTax} + ${totalTax}`,
          totalIncludeTax: sql`${invoices.totalIncludeTax} + ${totalIncludeTax}`,
        })
        .where(eq(invoices.id, current.id));
      return { invoiceId: current.id, number: current.number, closed: false };
    },

    async closeEndedMonths(now) {
      const month = amsterdamMonth(now);
      const open = await db.select({ id: invoices.id, createdAt: invoices.createdAt }).from(invoices).where(eq(invoices.closed, false));
      let closed = 0;
      for (const invoice of open.filter((candidate) => amsterdamMonth(candidate.createdAt) < month)) {
        // Conditional: a purchase of the new month may have closed it meanwhile.
        const done = await db
          .update(invoices)
          .set({ closed: true, closedAt: now })
          .where(and(eq(invoices.id, invoice.id), eq(invoices.closed, false)))
          .returning({ id: invoices.id });
        closed += done.length;
      }
      return closed;
    },

    async credit(tx, order, now) {
      const marked = await tx
        .update(ordersTable)
        .set({ creditedAt: now })
        .where(and(eq(ordersTable.id, order.id), isNull(ordersTable.creditedAt)))
        .returning({ id: ordersTable.id });
      if (marked.length === 0) return null;
      const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, order.invoiceId)).for('update');
      if (!invoice) throw new Error(`the invoice of order ${order.id} was not found for its credit`);
      const amounts = { totalExcludeTax: order.totalExcludeTax, totalTax: order.totalTax, totalIncludeTax: order.totalIncludeTax };
      const credit = { invoiceNumber: invoice.number, paid: invoice.paidAt !== null, amounts };
      if (amounts.totalIncludeTax === 0 && amounts.totalExcludeTax === 0) return { ...credit, kind: 'nothing', number: invoice.number };
      let booked: { id: number; number: string; kind: OrderCredit['kind'] };
      if (!invoice.closed) {
        await tx
          .update(invoices)
          .set({
            totalExcludeTax: sql`${invoices.totalExcludeTax} - ${amounts.totalExcludeTax}`,
            totalTax: sql`${invoices.totalTax} - ${amounts.totalTax}`,
            totalIncludeTax: sql`${invoices.totalIncludeTax} - ${amounts.totalIncludeTax}`,
          })
          .where(eq(invoices.id, invoice.id));
        booked = { id: invoice.id, number: invoice.number, kind: 'open-invoice' };
      } else {
        const note = await create(
          tx,
          {
            customerId: invoice.customerId,
            open: false,
            addressee: invoice.addressee,
            amounts: { totalExcludeTax: -amounts.totalExcludeTax, totalTax: -amounts.totalTax, totalIncludeTax: -amounts.totalIncludeTax },
            now,
          },
          true,
          invoice.id,
        );
        booked = { id: note.invoiceId, number: note.number, kind: 'credit-note' };
      }
      await tx.update(ordersTable).set({ creditInvoiceId: booked.id }).where(eq(ordersTable.id, order.id));
      return { ...credit, kind: booked.kind, number: booked.number };
    },

    async markPaid(tx, invoiceId, now) {
      await tx
        .update(invoices)
        .set({ paidAt: now })
        .where(and(eq(invoices.id, invoiceId), isNull(invoices.paidAt)));
    },

    find,

    async list(customerId) {
      const rows = await db.select().from(invoices).where(eq(invoices.customerId, customerId)).orderBy(desc(invoices.createdAt), desc(invoices.id));
      // A credit note corrects an invoice of the same customer, so its number is among the rows.
      const numbers = new Map(rows.map((row) => [row.id, row.number]));
      return rows.map((row) => ({
        id: row.id,
        number: row.number,
        date: invoiceDate(row),
        closed: row.closed,
        paid: row.paidAt !== null,
        totalExcludeTax: row.totalExcludeTax,
        totalIncludeTax: row.totalIncludeTax,
        correctsNumber: row.correctsInvoiceId === null ? null : (numbers.get(row.correctsInvoiceId) ?? null),
      }));
    },

    async document(customerId, invoiceId) {
      const [invoice] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, invoiceId), eq(invoices.customerId, customerId)))
        .limit(1);
      if (!invoice) return null;
      const orders = await orderRepository.listByInvoice(db, invoice.id);
      const lines = await orderRepository.listLines(
        db,
        orders.map((order) => order.id),
      );
      const credits = await db.select().from(ordersTable).where(eq(ordersTable.creditInvoiceId, invoice.id)).orderBy(asc(ordersTable.id));
      const corrects = invoice.correctsInvoiceId === null ? null : await find(db, invoice.correctsInvoiceId);
      return { invoice, orders: orders.map((order) => ({ order, lines: lines.filter((line) => line.orderId === order.id) })), credits, corrects };
    },
  };
}
