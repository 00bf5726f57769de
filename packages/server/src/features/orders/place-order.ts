import { orderSummaryPath, paymentStatusPath, vatOnCents, type Locale, type TOnAccountFacts, type TCountry, type TOrderPeriod, type TPaymentMethodCode, type TPurchaseResponse } from '@kavel/core';
import type { Database, Transaction } from '../../db/connect.ts';
import type { CustomerLookup, ShopCustomer } from '../accounts/customer-lookup.ts';
import type { InvoiceService } from './invoice-service.ts';
import type { PlacedOrder } from './order-confirmation-mail.ts';
import { claimedNamesOf, domainClaimedRefusal, domainClaims } from './domain-claims.ts';
import { invoiceAddressee } from './order-lines.ts';
import { onAccountFactsOf } from './on-account-standing.ts';
import { orderRepository, type NewOrderLine, type OrderRow } from './order-repository.ts';
import type { PaymentService } from './payment-service.ts';

export { orderSummaryPath, paymentStatusPath } from '@kavel/core';

/** An order as either basket (the shop's, the order app's) hands it over: its lines priced, its method chosen. */
export interface OrderPlacement {
  customer: ShopCustomer;
  countries: readonly TCountry[];
  requestId: string;
  method: TPaymentMethodCode;
  period: TOrderPeriod;
  lines: NewOrderLine[];
  /** The lines' total for the period, cents excl. VAT, after a discount code. */
  totalExcludeTax: number;
  /** The discount code and what it took off (0 without one). */
  discountCode: string | null;
  discountExcludeTax: number;
  administrativeCost: number;
  now: Date;
  /** The language of a refusal (a name another order is bringing in). */
  locale: Locale;
}

export interface OrderPlacing {
  /**
   * Writes the order in the caller's transaction: its invoice (a new closed one, or the open one
   * for payment on account), the order and its lines, and for an order confirmed at once its
   * fulfilment and confirmation jobs. One function for both baskets, so an order is an order.
   * Every new domain of the order is claimed for it (`domainClaims`): a name another order holds
   * is a 409 naming it, and the caller's transaction, rolled back, has written nothing.
   */
  place(tx: Transaction, placement: OrderPlacement): Promise<OrderRow>;
  /**
   * What core's on-account rule (`mayPayWith`, `paymentArrangement`) needs to know of the
   * customer; null for an unknown or inactive one. `known`: the customer as the caller read them.
   */
  onAccountFacts(customerId: number, known?: ShopCustomer): Promise<TOnAccountFacts | null>;
  /** What the browser is told for an order: the provider's page, the status page, or the summary. */
  answerFor(order: OrderRow, locale: Locale, shopUrl: string | undefined): Promise<TPurchaseResponse>;
}

export interface OrderPlacingDeps {
  db: Database;
  invoices: Pick<InvoiceService, 'place' | 'markPaid'>;
  payments: Pick<PaymentService, 'attemptFor'>;
  customer: CustomerLookup;
  /** Writes the jobs of a confirmed order (its fulfilment, its confirmation mail), in the transaction that confirms it. */
  requestFulfilment(orderId: number, tx: Transaction, placed?: PlacedOrder): Promise<void>;
}

export function createOrderPlacing(deps: OrderPlacingDeps): OrderPlacing {
  return {
    async place(tx, placement) {
      const { customer, method, now } = placement;
      const totalExcludeTax = placement.totalExcludeTax + placement.administrativeCost;
      const totalTax = vatOnCents(totalExcludeTax);
      const amounts = { totalExcludeTax, totalTax, totalIncludeTax: totalExcludeTax + totalTax };
      // Nothing to pay online (a free change to an existing package): confirmed at once.
      const online = method === 'ONLINE' && amounts.totalIncludeTax > 0;
      const invoice = await deps.invoices.place(tx, {
        customerId: customer.id,
        open: method === 'MANUAL_PAYMENT',
        addressee: invoiceAddressee(customer, placement.countries),
        amounts,
        now,
      });
      if (method === 'ONLINE' && !online) await deps.invoices.markPaid(tx, invoice.invoiceId, now);
      const order = await orderRepository.insert(tx, {
        customerId: customer.id,
        invoiceId: invoice.invoiceId,
        requestId: placement.requestId,
        status: online ? 'AWAITING_PAYMENT' : 'CONFIRMED',
        paymentMethod: method,
        period: placement.period,
        discountCode: placement.discountCode,
        ...amounts,
        discountExcludeTax: placement.discountExcludeTax,
        administrativeCost: placement.administrativeCost,
        closedInvoice: invoice.closed,
        createdAt: now,
        confirmedAt: online ? null : now,
      });
      const taken = await domainClaims.claim(tx, order.id, claimedNamesOf(placement.lines), now);
      if (taken) throw domainClaimedRefusal(placement.locale, taken);
      const lines = await orderRepository.insertLines(tx, order.id, placement.lines);
      if (order.status === 'CONFIRMED') await deps.requestFulfilment(order.id, tx, { order, lines, invoiceNumber: invoice.number, customer });
      return order;
    },

    async onAccountFacts(customerId, known) {
      const customer = known ?? (await deps.customer(customerId));
      return customer ? onAccountFactsOf(deps.db, customer) : null;
    },

    async answerFor(order, locale, shopUrl) {
      if (order.status === 'AWAITING_PAYMENT') {
        // The first answer announces; a repeat finds the open attempt (or shares the announce in flight).
        const attempt = await deps.payments.attemptFor(order, { locale, startAfterEnded: false, shopUrl });
        return { orderId: order.id, returnUrl: attempt.ok ? attempt.url : paymentStatusPath(order.id) };
      }
      return { orderId: order.id, returnUrl: orderSummaryPath(order.id) };
    },
  };
}
