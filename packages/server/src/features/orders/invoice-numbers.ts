import { todayInAmsterdam } from '@kavel/core';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/connect.ts';
import { invoiceCounters } from '../../db/schema/index.ts';

/** `2026-000042`: the year and the sequence within it, six digits. */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, '0')}`;
}

/** The calendar month in Dutch time, `YYYY-MM`: open invoices collect the orders of one month. */
export const amsterdamMonth = (at: Date): string => todayInAmsterdam(at).slice(0, 7);
export const amsterdamYear = (at: Date): number => Number(todayInAmsterdam(at).slice(0, 4));

/**
 * The next invoice number of `year`. The upsert locks the year's counter row until the caller's
 * transaction ends, so concurrent purchases take numbers one after the other; a rollback undoes
 * the increment, so no number is skipped (Dutch invoicing rules want a gapless series). Call it
 * as late as possible in the transaction: every other purchase of the year waits for the lock.
 */
export async function takeInvoiceNumber(tx: Transaction, year: number): Promise<{ year: number; sequence: number; number: string }> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  if (!row) throw new Error('invoice counter upsert returned nothing');
  return { year, sequence: row.lastNumber, number: formatInvoiceNumber(year, row.lastNumber) };
}
