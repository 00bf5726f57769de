import {
  validationMessage,
  vatOnCents,
  type Locale,
  type TBasket,
  type TCountry,
  type TMandateState,
  type TPaymentMethodCode,
  type TPurchaseResponse,
  type TWhoisHolder,
  type ZPurchaseRequest,
} from '@kavel/core';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/connect.ts';
import type { HolderSnapshot } from '../../db/schema/index.ts';
import { HttpError, refusal } from '../../http/errors.ts';
import type { CustomerLookup } from '../accounts/customer-lookup.ts';
import type { BasketOwner } from '../basket/basket-repository.ts';
import type { BasketPurchaseAccess } from '../basket/basket-purchase-access.ts';
import type { CatalogueSnapshot } from '../catalogue/catalogue-service.ts';
import type { BasketValidator } from '../checkout/checkout-port.ts';
import type { InvoiceService } from './invoice-service.ts';
import { customHolderSnapshot, invoiceAddressee, neededHolderIds, orderLinesOf, standardHolderSnapshot, UnknownHolderError } from './order-lines.ts';
import { mandateRepository, orderRepository, type OrderRow } from './order-repository.ts';
import type { PaymentService } from './payment-service.ts';

export type PurchaseRequest = z.output<typeof ZPurchaseRequest>;

export interface PaymentMethodOffer {
  code: TPaymentMethodCode;
  surcharge: number;
}

export interface PurchaseService {
  /** `POST /bestelprocedure/purchase` for a logged-in customer (decision 2). */
  /** `shopUrl`: the shop's address for this browser (the payment page and its way back); default the configured one. */
  purchase(owner: BasketOwner & { customerId: number }, request: PurchaseRequest, locale: Locale, shopUrl?: string): Promise<TPurchaseResponse>;
  mandateState(customerId: number): Promise<TMandateState>;
}

export interface PurchaseDeps {
  db: Database;
  now: () => Date;
  catalogue: { snapshot(): Promise<CatalogueSnapshot>; countries(): Promise<TCountry[]> };
  basket: BasketPurchaseAccess;
  /** Checkout's `validateBasket`: availability (network) and the basket's rules, before the transaction. */
  validator: BasketValidator;
  customer: CustomerLookup;
  /** The customer's custom holder; a 404 refusal for someone else's. */
  holder(customerId: number, holderId: number, locale: Locale): Promise<TWhoisHolder>;
  /** The active payment methods, and what one adds to a basket's order (checkout's rules). */
  paymentMethods(): Promise<PaymentMethodOffer[]>;
  surchargeFor(basket: Pick<TBasket, 'items'>, method: PaymentMethodOffer): number;
  invoices: Pick<InvoiceService, 'place' | 'markPaid'>;
  payments: Pick<PaymentService, 'attemptFor'>;
  /** Writes the jobs of a confirmed order (its fulfilment, its confirmation mail), in the transaction that confirms it. */
  requestFulfilment(orderId: number, tx: Transaction): Promise<void>;
}

export const orderSummaryPath = (orderId: number) => `/bestellen/${orderId}/overzicht`;
export const paymentStatusPath = (orderId: number) => `/bestellen/${orderId}/betalingsstatus`;

/** `NL91 **** 4300`: enough to recognise the account, not to use it. */
export const maskIban = (iban: string): string => `${iban.slice(0, 4)} **** ${iban.slice(-4)}`;

function mandateMissing(locale: Locale): HttpError {
  const fields = { 'directDebit.iban': 'iban', 'directDebit.accountHolder': 'required', 'directDebit.mandateAccepted': 'mandateRequired' };
  const fieldErrors = Object.fromEntries(Object.entries(fields).map(([field, key]) => [field, validationMessage(locale, key)]));
  return new HttpError(400, validationMessage(locale, 'mandateRequired'), fieldErrors);
}

/**
 * Turns the customer's basket into an order in one transaction: the basket row stays locked
 * throughout, so a second request of the same purchase (double click, retry, 20 at once) waits,
 * then finds the order by its request id and answers the same. An order confirmed at once (pay on
 * account, direct debit) gets its fulfilment job in that transaction, and the answer does not wait
 * for it; an online order's payment is announced after the commit.
 */
export function createPurchaseService(deps: PurchaseDeps): PurchaseService {
  const { db } = deps;

  /** What the browser is told for an order: the provider's page, the status page, or the summary. */
  async function answerFor(order: OrderRow, locale: Locale, shopUrl: string | undefined): Promise<TPurchaseResponse> {
    if (order.status === 'AWAITING_PAYMENT') {
      // The first answer announces; a repeat finds the open attempt (or shares the announce in flight).
      const attempt = await deps.payments.attemptFor(order, { locale, startAfterEnded: false, shopUrl });
      return { orderId: order.id, returnUrl: attempt.ok ? attempt.url : paymentStatusPath(order.id) };
    }
    return { orderId: order.id, returnUrl: orderSummaryPath(order.id) };
  }

  async function customHolders(customerId: number, ids: readonly number[], locale: Locale): Promise<Map<number, HolderSnapshot>> {
    const holders = await Promise.all(ids.map((id) => deps.holder(customerId, id, locale)));
    return new Map(holders.map((holder) => [holder.id, customHolderSnapshot(holder)]));
  }

  return {
    async purchase(owner, request, locale, shopUrl) {
      const { customerId } = owner;
      const customer = await deps.customer(customerId);
      if (!customer) throw refusal(locale, 401, 'loginRequired');
      if (customer.isSubUser) throw refusal(locale, 403, 'orderSubUser');

      // A repeat of a purchase that went through finds its basket empty (validation fails, below)
      // or, refilled meanwhile, its order in the transaction: no look for it up front.
      const method = (await deps.paymentMethods()).find((candidate) => candidate.code === request.paymentMethod);
      if (!method) throw refusal(locale, 400, 'paymentMethodUnavailable', 'paymentMethod');
      if (method.code === 'AUTOMATIC_INCASSO' && !request.directDebit && !(await mandateRepository.find(db, customerId))) throw mandateMissing(locale);

      const { verdict, basket: judged } = await deps.validator.checkBasket(owner, locale, customer);
      if (verdict.status === 'FAILED') {
        // A concurrent request of this same purchase may have emptied the basket just now.
        const placed = await orderRepository.findByRequest(db, customerId, request.requestId);
        if (placed) return answerFor(placed, locale, shopUrl);
        throw new HttpError(409, verdict.message);
      }

      // Everything the transaction needs from outside it is read first: the embedded database
      // has a single connection, and no lock should wait on these reads.
      const now = deps.now();
      const [catalogue, countries] = await Promise.all([deps.catalogue.snapshot(), deps.catalogue.countries()]);
      // The holders of the basket as checkout judged it; the transaction checks the basket did not change since.
      const custom = await customHolders(customerId, neededHolderIds(judged, request.customWhois), locale);
      const standard = standardHolderSnapshot(customer, countries);

      const outcome = await db.transaction(async (tx) => {
        const basket = await deps.basket.lockAndPrice(tx, owner, catalogue, now);
        const existing = await orderRepository.findByRequest(tx, customerId, request.requestId);
        if (existing) return existing;
        if (!basket || basket.priced.empty) throw refusal(locale, 400, 'orderBasketEmpty');

        let lines;
        try {
          lines = orderLinesOf(basket.priced, request.customWhois, { standard, custom });
        } catch (error) {
          if (error instanceof UnknownHolderError) throw refusal(locale, 409, 'orderBasketChanged');
          throw error;
        }
        const administrativeCost = deps.surchargeFor(basket.priced, method);
        const totalExcludeTax = basket.priced.totalPricePerPeriodExcludeTax + administrativeCost;
        const totalTax = vatOnCents(totalExcludeTax);
        const amounts = { totalExcludeTax, totalTax, totalIncludeTax: totalExcludeTax + totalTax };

        if (method.code === 'AUTOMATIC_INCASSO') {
          if (request.directDebit) {
            const { iban, accountHolder } = request.directDebit;
            await mandateRepository.insertIfAbsent(tx, { customerId, iban, accountHolder, signedAt: now });
          } else if (!(await mandateRepository.find(tx, customerId))) {
            throw mandateMissing(locale);
          }
        }

        // Nothing to pay online (a free change to an existing package): confirmed at once.
        const online = method.code === 'ONLINE' && amounts.totalIncludeTax > 0;
        const invoice = await deps.invoices.place(tx, { customerId, open: method.code === 'MANUAL_PAYMENT', addressee: invoiceAddressee(customer, countries), amounts, now });
        if (method.code === 'ONLINE' && !online) await deps.invoices.markPaid(tx, invoice.invoiceId, now);
        const order = await orderRepository.insert(tx, {
          customerId,
          invoiceId: invoice.invoiceId,
          requestId: request.requestId,
          status: online ? 'AWAITING_PAYMENT' : 'CONFIRMED',
          paymentMethod: method.code,
          period: basket.priced.period,
          discountCode: basket.priced.discountCode?.code ?? null,
          ...amounts,
          // The code's discount: it is not in the line prices (welcome and package discounts are).
          discountExcludeTax: basket.priced.discountCode?.discountPerPeriodExcludeTax ?? 0,
          administrativeCost,
          closedInvoice: invoice.closed,
          createdAt: now,
          confirmedAt: online ? null : now,
        });
        await orderRepository.insertLines(tx, order.id, lines);
        await deps.basket.empty(tx, basket);
        if (order.status === 'CONFIRMED') await deps.requestFulfilment(order.id, tx);
        return order;
      });
      return answerFor(outcome, locale, shopUrl);
    },

    async mandateState(customerId) {
      const mandate = await mandateRepository.find(db, customerId);
      return { hasMandate: mandate !== null, ibanMasked: mandate ? maskIban(mandate.iban) : null };
    },
  };
}
