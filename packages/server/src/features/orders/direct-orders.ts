import { mayPayWith, type Locale, type TBasket, type TCountry, type TWhoisHolder, type TWhoisHolderForm } from '@kavel/core';
import type { Database, Transaction } from '../../db/connect.ts';
import { fieldRefusal, refusal } from '../../http/errors.ts';
import type { CustomerLookup } from '../accounts/customer-lookup.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { customHolderSnapshot, orderLinesOf } from './order-lines.ts';
import { mandateRepository, orderRepository, type OrderLineRow, type OrderRow } from './order-repository.ts';
import { orderViews, type OrderView } from './order-views.ts';
import type { OrderPlacing } from './place-order.ts';
import type { PurchaseDeps } from './purchase-service.ts';

/** An order placed without a stored basket, with its lines as written. */
export interface DirectOrder {
  order: OrderRow;
  lines: OrderLineRow[];
  /** True when the request id had placed it before: nothing new was written. */
  repeated: boolean;
}

/** What a direct order is made of: priced items (the basket feature's `quote`) and the holder of every new domain. */
export interface DirectOrderRequest {
  requestId: string;
  method: 'MANUAL_PAYMENT' | 'AUTOMATIC_INCASSO';
  priced: TBasket;
  /**
   * The holder of every new domain of the order: one of the customer's, or a new one, made in
   * the order's transaction (an order that is refused or loses a race leaves no holder behind).
   */
  holder: { id: number } | { form: TWhoisHolderForm };
}

/**
 * Orders that come without a basket (the reseller API): the same lines, holder snapshots and
 * order placing as the purchase, so an order is an order. Paid on account, or by direct debit
 * when the customer signed a mandate; each confirmed at once, with its fulfilment job.
 */
export interface DirectOrders {
  find(customerId: number, requestId: string): Promise<DirectOrder | null>;
  place(customerId: number, request: DirectOrderRequest, locale: Locale): Promise<DirectOrder>;
  /** The customer's orders with their invoice and fulfilment steps (`order-views.ts`). */
  views(customerId: number, which: Parameters<typeof orderViews>[2]): Promise<OrderView[]>;
}

export interface DirectOrderDeps extends Pick<PurchaseDeps, 'holder' | 'standardHolder' | 'paymentMethods'> {
  db: Database;
  now: () => Date;
  countries(): Promise<TCountry[]>;
  customer: CustomerLookup;
  placing: OrderPlacing;
  /** The whois feature's `createIn`: a new holder in the order's transaction. */
  createHolder(tx: Transaction, customerId: number, form: TWhoisHolderForm, locale: Locale): Promise<TWhoisHolder>;
}

export function createDirectOrders(deps: DirectOrderDeps): DirectOrders {
  const { db } = deps;

  async function find(customerId: number, requestId: string): Promise<DirectOrder | null> {
    const order = await orderRepository.findByRequest(db, customerId, requestId);
    return order ? { order, lines: await orderRepository.listLines(db, [order.id]), repeated: true } : null;
  }

  return {
    find,
    views: (customerId, which) => orderViews(db, customerId, which),

    async place(customerId, request, locale) {
      const customer = await deps.customer(customerId);
      if (!customer) throw refusal(locale, 401, 'loginRequired');
      if (!(await deps.paymentMethods()).some((method) => method.code === request.method)) throw refusal(locale, 400, 'paymentMethodUnavailable', 'paymentMethod');
      // A reseller orders on account by contract; the rule is core's, as for every other order.
      if (!mayPayWith(request.method, await deps.placing.onAccountFacts(customerId, customer))) throw refusal(locale, 403, 'orderOnAccountNotYet', 'paymentMethod');
      if (request.method === 'AUTOMATIC_INCASSO' && !(await mandateRepository.find(db, customerId))) throw fieldRefusal(locale, 'paymentMethod', 'mandateRequired');
      const wanted = request.holder;
      // One of the customer's holders is looked up first (404 for anyone else's); a new one is made in the transaction.
      const holderIn: (tx: Transaction) => Promise<TWhoisHolder> =
        'id' in wanted ? await deps.holder(customerId, wanted.id, locale).then((holder) => async () => holder) : (tx) => deps.createHolder(tx, customerId, wanted.form, locale);
      const countries = await deps.countries();
      const standard = await deps.standardHolder(customer, countries);
      try {
        const { order, repeated } = await db.transaction(async (tx) => {
          const existing = await orderRepository.findByRequest(tx, customerId, request.requestId);
          if (existing) return { order: existing, repeated: true };
          const holder = await holderIn(tx);
          const lines = orderLinesOf(
            request.priced,
            request.priced.items.map((item) => ({ domain: item.title.toLowerCase(), customWhoisId: holder.id })),
            { standard, custom: new Map([[holder.id, customHolderSnapshot(holder)]]) },
          );
          const placed = await deps.placing.place(tx, {
            customer,
            countries,
            requestId: request.requestId,
            method: request.method,
            period: request.priced.period,
            lines,
            totalExcludeTax: request.priced.totalPricePerPeriodExcludeTax,
            discountCode: null,
            discountExcludeTax: 0,
            administrativeCost: 0,
            now: deps.now(),
            locale,
          });
          return { order: placed, repeated: false };
        });
        return { order, lines: await orderRepository.listLines(db, [order.id]), repeated };
      } catch (error) {
        // The same request id at the same moment: the other attempt's order is the answer.
        if (!isUniqueViolation(error)) throw error;
        const other = await find(customerId, request.requestId);
        if (!other) throw error;
        return other;
      }
    },
  };
}
