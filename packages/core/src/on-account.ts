import type { TPaymentMethodCode } from './schemas/checkout.ts';

/**
 * What the shop knows about a customer that decides whether they may order before paying. The
 * server gathers these in one place; the rule below decides, for the shop's purchase, its payment
 * methods list, the order app and the reseller channel alike.
 */
export interface TOnAccountFacts {
  /** Resellers order on account by contract. */
  isReseller: boolean;
  /** A staff member approved this customer for ordering on account. */
  approvedByStaff: boolean;
  /**
   * The customer paid an invoice with money in it before. A confirmed but unpaid order is not
   * enough (a new customer would order twice), nor is a product they hold, which an order can
   * bring without money changing hands (a discount code, an order on account).
   */
  hasPaidInvoice: boolean;
  /** A SEPA mandate is stored: an order on account is then collected by direct debit. */
  hasMandate: boolean;
}

/** Delivered before the money is in: the invoice follows (on account) or is collected later (direct debit). */
export const ON_ACCOUNT_METHODS = ['MANUAL_PAYMENT', 'AUTOMATIC_INCASSO'] as const satisfies readonly TPaymentMethodCode[];

/** How an order is paid when the customer does not choose (the order app). */
export type TPaymentArrangement = TPaymentMethodCode;

/** Whether this customer may order on account (or by direct debit); a visitor (null) may not. */
export function mayOrderOnAccount(facts: TOnAccountFacts | null): boolean {
  if (!facts) return false;
  return facts.isReseller || facts.approvedByStaff || facts.hasPaidInvoice;
}

/** Whether the customer may pay an order with `method`: online always, the others only on account. */
export function mayPayWith(method: TPaymentMethodCode, facts: TOnAccountFacts | null): boolean {
  return !(ON_ACCOUNT_METHODS as readonly TPaymentMethodCode[]).includes(method) || mayOrderOnAccount(facts);
}

/**
 * The order app's arrangement: by direct debit for a customer on account with a mandate, on
 * account for one without, and online first ('betaling-vereist') for everyone else.
 */
export function paymentArrangement(facts: TOnAccountFacts | null): TPaymentArrangement {
  if (!facts || !mayOrderOnAccount(facts)) return 'ONLINE';
  return facts.hasMandate ? 'AUTOMATIC_INCASSO' : 'MANUAL_PAYMENT';
}
