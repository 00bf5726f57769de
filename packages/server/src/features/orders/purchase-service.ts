import {
  mayPayWith,
  validationMessage,
  type Locale,
  type TBasket,
  type TCountry,
  type TMandateState,
  type TPaymentMethodCode,
  type TPurchaseResponse,
  type TWhoisHolder,
  type ZDirectDebitMandate,
  type ZPurchaseRequest,
} from '@kavel/core';
import type { z } from 'zod';
import type { Database } from '../../db/connect.ts';
import type { HolderSnapshot } from '../../db/schema/index.ts';
import { HttpError, refusal } from '../../http/errors.ts';
import type { CustomerLookup } from '../accounts/customer-lookup.ts';
import type { BasketOwner } from '../basket/basket-repository.ts';
import type { BasketPurchaseAccess } from '../basket/basket-purchase-access.ts';
import type { CatalogueSnapshot } from '../catalogue/catalogue-service.ts';
import type { BasketValidator } from '../checkout/checkout-port.ts';
import { customHolderSnapshot, neededHolderIds, orderLinesOf, UnknownHolderError, type StandardHolderOf } from './order-lines.ts';
import { mandateRepository, orderRepository } from './order-repository.ts';
import type { OrderPlacing } from './place-order.ts';

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
  /**
   * A mandate given on the account's data page, so that later orders are collected by direct
   * debit (and carry no administration fee). One per customer: a second is refused.
   */
  giveMandate(customerId: number, mandate: z.output<typeof ZDirectDebitMandate>, locale: Locale): Promise<TMandateState>;
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
  standardHolder: StandardHolderOf;
  /** The active payment methods, and what one adds to a basket's order (checkout's rules). */
  paymentMethods(): Promise<PaymentMethodOffer[]>;
  surchargeFor(basket: Pick<TBasket, 'items'>, method: PaymentMethodOffer): number;
  /** The one place an order is written, for this basket and the order app's. */
  placing: OrderPlacing;
}

export { orderSummaryPath, paymentStatusPath } from './place-order.ts';

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

  const answerFor = deps.placing.answerFor;

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
      // Paying after delivery is for customers core's rule knows; online payment is open to all.
      const facts = method.code === 'ONLINE' ? null : await deps.placing.onAccountFacts(customerId, customer);
      if (!mayPayWith(method.code, facts)) throw refusal(locale, 403, 'orderOnAccountNotYet', 'paymentMethod');
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
      const standard = await deps.standardHolder(customer, countries);

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

        if (method.code === 'AUTOMATIC_INCASSO') {
          if (request.directDebit) {
            const { iban, accountHolder } = request.directDebit;
            await mandateRepository.insertIfAbsent(tx, { customerId, iban, accountHolder, signedAt: now });
          } else if (!(await mandateRepository.find(tx, customerId))) {
            throw mandateMissing(locale);
          }
        }

        const order = await deps.placing.place(tx, {
          customer,
          countries,
          requestId: request.requestId,
          method: method.code,
          period: basket.priced.period,
          lines,
          totalExcludeTax: basket.priced.totalPricePerPeriodExcludeTax,
          discountCode: basket.priced.discountCode?.code ?? null,
          // The code's discount: it is not in the line prices (welcome and package discounts are).
          discountExcludeTax: basket.priced.discountCode?.discountPerPeriodExcludeTax ?? 0,
          administrativeCost: deps.surchargeFor(basket.priced, method),
          now,
          locale,
        });
        await deps.basket.empty(tx, basket);
        return order;
      });
      return answerFor(outcome, locale, shopUrl);
    },

    async mandateState(customerId) {
      const mandate = await mandateRepository.find(db, customerId);
      return { hasMandate: mandate !== null, ibanMasked: mandate ? maskIban(mandate.iban) : null };
    },

    async giveMandate(customerId, { iban, accountHolder }, locale) {
      const customer = await deps.customer(customerId);
      if (!customer) throw refusal(locale, 401, 'loginRequired');
      if (customer.isSubUser) throw refusal(locale, 403, 'mandateSubUser');
      if (!(await deps.paymentMethods()).some((method) => method.code === 'AUTOMATIC_INCASSO')) throw refusal(locale, 400, 'paymentMethodUnavailable');
      const signedAt = deps.now();
      const given = await db.transaction(async (tx) => {
        if (await mandateRepository.find(tx, customerId)) return false;
        await mandateRepository.insertIfAbsent(tx, { customerId, iban, accountHolder, signedAt });
        return true;
      });
      if (!given) throw refusal(locale, 409, 'mandateExists');
      return { hasMandate: true, ibanMasked: maskIban(iban) };
    },
  };
}
