import { formatEuro, type Locale, type TBasket, type TPaymentMethod } from '@kavel/core';
import type { OfferedPaymentMethod } from '../catalogue/catalogue-service.ts';

export type { OfferedPaymentMethod } from '../catalogue/catalogue-service.ts';

/**
 * Whether the order holds no new product: every top-level item is already on an invoice (a
 * hosting upgrade, or extras for an existing package). Only then does paying on account cost the
 * administration fee: spec 001 section 9 charges none for a first term paid on account.
 */
export function onlyExistingProducts(basket: Pick<TBasket, 'items'>): boolean {
  return basket.items.length > 0 && basket.items.every((item) => item.invoiced);
}

/** What choosing `method` adds to this basket's order, cents excl. VAT. */
export function surchargeFor(basket: Pick<TBasket, 'items'>, method: OfferedPaymentMethod): number {
  if (method.code === 'MANUAL_PAYMENT') return onlyExistingProducts(basket) ? method.surcharge : 0;
  return method.surcharge;
}

/** The wire list of `paymentMethods`: each surcharge in cents and as a euro string in the page's language. */
export function paymentMethodList(basket: Pick<TBasket, 'items'>, methods: readonly OfferedPaymentMethod[], locale: Locale): TPaymentMethod[] {
  return methods.map((method) => {
    const cents = surchargeFor(basket, method);
    return { paymentMethod: method.code, price: formatEuro(cents, locale), priceCents: cents };
  });
}
