import {
  administrativeCostApplies,
  isCustomerDataComplete,
  orderBasketPeriod,
  orderBasketPeriods,
  orderBasketTotals,
  paymentArrangement,
  priceOrderLine,
  VAT_RATE,
  type Locale,
  type TExistingDomainProduct,
  type TLocalBasket,
  type TOrderAppCancelled,
  type TOrderAppOrderPlaced,
  type TOrderAppOrderRequest,
  type TOrderBasket,
  type TPaymentArrangement,
} from '@kavel/core';
import { createHash } from 'node:crypto';
import type { Database } from '../../db/connect.ts';
import { refusal } from '../../http/errors.ts';
import type { CustomerLookup, ShopCustomer } from '../accounts/customer-lookup.ts';
import type { AvailabilityService } from '../availability/availability-service.ts';
import type { BasketOwner } from '../basket/basket-repository.ts';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import type { DomainService } from '../domains/domain-service.ts';
import type { HostingService } from '../hosting/hosting-service.ts';
import type { StandardHolderOf } from '../orders/order-lines.ts';
import { orderRepository } from '../orders/order-repository.ts';
import type { OrderPlacing } from '../orders/place-order.ts';
import { orderAppBasketRepository } from './order-app-basket-repository.ts';
import { convertLocalBasket, orderProblem, type ConvertedItem, type CustomerProducts } from './order-app-items.ts';
import { orderAppLinesOf } from './order-app-lines.ts';

export interface OrderAppService {
  /** `GET /api/bestellen/`: the stored item, priced anew (empty without one). */
  basket(owner: BasketOwner, locale: Locale): Promise<TOrderBasket>;
  /** `PUT /api/bestellen/items-omzetten`: checks, stores and prices the browser's local basket. */
  convert(owner: BasketOwner, local: TLocalBasket, locale: Locale): Promise<TOrderBasket>;
  /** `DELETE /api/bestellen/`: forgets the item; answers the product page it came from. */
  cancel(owner: BasketOwner): Promise<TOrderAppCancelled>;
  /** `GET /api/bestellen/betaling-vereist`: whether this customer pays online before delivery. */
  paymentRequired(customerId: number): Promise<boolean>;
  /** `POST /api/bestellen/send-omnikassa` (`online`) and `POST /api/bestellen/` (`direct`). */
  order(customerId: number, request: TOrderAppOrderRequest, mode: 'online' | 'direct', locale: Locale, shopUrl: string | undefined): Promise<TOrderAppOrderPlaced>;
}

export interface OrderAppDeps {
  db: Database;
  now: () => Date;
  catalogue: Pick<CatalogueService, 'snapshot' | 'countries'>;
  customer: CustomerLookup;
  /** The whois feature's `standardSnapshot`: the holder of a domain the order registers. */
  standardHolder: StandardHolderOf;
  availability: Pick<AvailabilityService, 'checkDomain'>;
  domains: Pick<DomainService, 'listOwned'>;
  hosting: Pick<HostingService, 'listOwned'>;
  /** The customer's domains that Cloudflare already protects. */
  cloudflareDomains(customerId: number): Promise<Set<string>>;
  placing: OrderPlacing;
}

/** A short digest of an item as ordered: with the conversion, it names one order. */
const itemHash = (local: TLocalBasket): string => createHash('sha256').update(JSON.stringify(local)).digest('hex').slice(0, 16);

const EMPTY: Omit<TOrderBasket, 'administrativeCost'> = {
  items: [],
  empty: true,
  period: 'YEARLY',
  periods: ['YEARLY'],
  administrativeCostShouldBeAdded: false,
  totalPricePerPeriodExcludeTax: 0,
  totalTaxPricePerPeriod: 0,
  totalPricePerPeriodIncludeTax: 0,
  totalPricePerPeriodIncludeTaxAndAdministrativeCost: 0,
  vatRate: VAT_RATE,
};

/**
 * The order app's basket and orders (spec 001 sections 2, 3, 4 and 7). The browser keeps the
 * chosen product (its stored local basket); the server checks and prices it on every conversion,
 * keeps it per session or customer, and orders it through the same order placing as the shop's
 * basket (invoice, payment, fulfilment).
 */
export function createOrderAppService(deps: OrderAppDeps): OrderAppService {
  const { db } = deps;

  async function productsOf(customerId: number): Promise<CustomerProducts> {
    const [domains, accounts, cloudflare, snapshot] = await Promise.all([deps.domains.listOwned(customerId), deps.hosting.listOwned(customerId), deps.cloudflareDomains(customerId), deps.catalogue.snapshot()]);
    const hostingByDomain = new Map<string, TExistingDomainProduct>(
      accounts.map((account) => [account.domain, { id: account.id, title: snapshot.hostingById.get(account.productId)?.productName ?? account.productCode }]),
    );
    return { domains: domains.map((domain) => ({ id: domain.id, name: domain.name })), hostingByDomain, cloudflareDomains: cloudflare };
  }

  async function convert(local: TLocalBasket, customerId: number | null, locale: Locale): Promise<{ converted: ConvertedItem }> {
    const [snapshot, products] = await Promise.all([deps.catalogue.snapshot(), customerId === null ? null : productsOf(customerId)]);
    const isFree = async (label: string, extension: string) => {
      const status = await deps.availability.checkDomain(label, extension);
      if (status === 'error') throw refusal(locale, 503, 'orderAppAvailabilityUnknown');
      if (status !== 'free' && status !== 'active') throw refusal(locale, 409, 'domainUnavailable');
      return status === 'free';
    };
    const converted = await convertLocalBasket(local, { snapshot, products, isFree, locale });
    return { converted };
  }

  async function priced(converted: ConvertedItem, payment: 'ONLINE' | 'MANUAL_PAYMENT' | 'AUTOMATIC_INCASSO'): Promise<TOrderBasket> {
    const snapshot = await deps.catalogue.snapshot();
    const lines = [converted.pricing];
    const period = orderBasketPeriod(lines, converted.stored.period);
    const item = { ...converted.item, ...priceOrderLine(converted.pricing, period) };
    const fee = snapshot.paymentMethods.find((method) => method.code === 'MANUAL_PAYMENT')?.surcharge ?? 0;
    const totals = orderBasketTotals([item], { cost: fee, shouldBeAdded: administrativeCostApplies(payment, [item]) });
    return { items: [item], empty: false, period, periods: orderBasketPeriods(lines), ...totals };
  }

  /** How this customer's order is paid, by core's on-account rule (the shop's purchase asks the same). */
  async function arrangement(customerId: number, customer?: ShopCustomer): Promise<TPaymentArrangement> {
    return paymentArrangement(await deps.placing.onAccountFacts(customerId, customer));
  }

  async function pricedFor(owner: BasketOwner, local: TLocalBasket, locale: Locale): Promise<{ basket: TOrderBasket; converted: ConvertedItem }> {
    const { converted } = await convert(local, owner.customerId, locale);
    const payment = owner.customerId === null ? 'ONLINE' : await arrangement(owner.customerId);
    return { basket: await priced(converted, payment), converted };
  }

  const emptyBasket = async (): Promise<TOrderBasket> => {
    const fee = (await deps.catalogue.snapshot()).paymentMethods.find((method) => method.code === 'MANUAL_PAYMENT')?.surcharge ?? 0;
    return { ...EMPTY, administrativeCost: fee };
  };

  return {
    async basket(owner, locale) {
      const row = await orderAppBasketRepository.find(db, owner);
      if (!row?.item || row.orderedAt) return emptyBasket();
      return (await pricedFor(owner, row.item, locale)).basket;
    },

    async convert(owner, local, locale) {
      const { basket, converted } = await pricedFor(owner, local, locale);
      await db.transaction((tx) => orderAppBasketRepository.store(tx, owner, converted.stored, converted.returnPath));
      return basket;
    },

    async cancel(owner) {
      return db.transaction(async (tx) => {
        const row = await orderAppBasketRepository.find(tx, owner, { lock: true });
        if (row) await orderAppBasketRepository.clear(tx, row.id);
        return { redirectUrl: row?.item ? row.returnPath : '/' };
      });
    },

    async paymentRequired(customerId) {
      return (await arrangement(customerId)) === 'ONLINE';
    },

    async order(customerId, request, mode, locale, shopUrl) {
      const customer = await deps.customer(customerId);
      if (!customer) throw refusal(locale, 401, 'loginRequired');
      if (customer.isSubUser) throw refusal(locale, 403, 'orderSubUser');
      if (!isCustomerDataComplete(customer)) throw refusal(locale, 400, 'orderAppDataIncomplete');

      const stored = await orderAppBasketRepository.find(db, { customerId, sessionIdHash: '' });
      const local = request.basket ?? stored?.item;
      if (!local) throw refusal(locale, 400, 'orderBasketEmpty');
      // Without an id of its own, an order is one per conversion and item: a repeat of the same submit finds it.
      const requestIdOf = (conversionId: string) => request.requestId ?? `order-app-${conversionId}-${itemHash(local)}`;
      if (stored) {
        const placed = await orderRepository.findByRequest(db, customerId, requestIdOf(stored.conversionId));
        if (placed) return deps.placing.answerFor(placed, locale, shopUrl);
      }
      if (!request.basket && stored?.orderedAt) throw refusal(locale, 400, 'orderBasketEmpty');

      const { converted } = await convert(local, customerId, locale);
      const problem = orderProblem(converted.item, locale);
      if (problem) throw problem;
      const payment = await arrangement(customerId, customer);
      if (mode === 'direct' && payment === 'ONLINE') throw refusal(locale, 409, 'orderAppPaymentRequired');
      const method = mode === 'online' ? 'ONLINE' : payment;
      const [snapshot, countries] = await Promise.all([deps.catalogue.snapshot(), deps.catalogue.countries()]);
      if (!snapshot.paymentMethods.some((offered) => offered.code === method)) throw refusal(locale, 400, 'paymentMethodUnavailable');
      const basket = await priced(converted, method);
      const [item] = basket.items;
      if (!item) throw refusal(locale, 400, 'orderBasketEmpty');
      const lines = orderAppLinesOf(item, await deps.standardHolder(customer, countries), snapshot);
      const now = deps.now();

      const order = await db.transaction(async (tx) => {
        // Locked: a second submit waits here, then finds the first one's order.
        const row = await orderAppBasketRepository.lockForOrder(tx, customerId);
        const id = requestIdOf(row.conversionId);
        const existing = await orderRepository.findByRequest(tx, customerId, id);
        if (existing) return existing;
        const placed = await deps.placing.place(tx, {
          customer,
          countries,
          requestId: id,
          method,
          period: basket.period,
          lines,
          totalExcludeTax: basket.totalPricePerPeriodExcludeTax,
          discountCode: null,
          discountExcludeTax: 0,
          administrativeCost: basket.administrativeCostShouldBeAdded ? basket.administrativeCost : 0,
          now,
          locale,
        });
        await orderAppBasketRepository.markOrdered(tx, row.id, local, now);
        return placed;
      });
      return deps.placing.answerFor(order, locale, shopUrl);
    },
  };
}
