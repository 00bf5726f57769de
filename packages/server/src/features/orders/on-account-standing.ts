import type { TOnAccountFacts } from '@kavel/core';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.ts';
import { directDebitMandates, invoices } from '../../db/schema/index.ts';
import type { ShopCustomer } from '../accounts/customer-lookup.ts';

/**
 * The facts core's on-account rule decides on, gathered in one place for every flow that asks
 * (the purchase, its payment methods list, the order app, the reseller API): what the customer
 * row says (reseller, staff approval) and what the orders say, in one query.
 */
export async function onAccountFactsOf(q: Queryable, customer: Pick<ShopCustomer, 'id' | 'isReseller' | 'onAccountApproved'>): Promise<TOnAccountFacts> {
  // Money in: an invoice paid with an amount (a free order is marked paid too, and proves nothing).
  const { rows } = (await q.execute(
    sql`SELECT
      EXISTS (SELECT 1 FROM ${invoices} WHERE ${invoices.customerId} = ${customer.id} AND ${invoices.paidAt} IS NOT NULL AND ${invoices.totalIncludeTax} > 0) AS "hasPaidInvoice",
      EXISTS (SELECT 1 FROM ${directDebitMandates} WHERE ${directDebitMandates.customerId} = ${customer.id}) AS "hasMandate"`,
  )) as unknown as { rows: Array<{ hasPaidInvoice: boolean; hasMandate: boolean }> };
  const row = rows[0];
  return {
    isReseller: customer.isReseller,
    approvedByStaff: customer.onAccountApproved,
    hasPaidInvoice: row?.hasPaidInvoice === true,
    hasMandate: row?.hasMandate === true,
  };
}
