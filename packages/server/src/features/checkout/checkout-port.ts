import type { Locale, TBasketValidation } from '@kavel/core';
import type { BasketOwner } from '../basket/basket-service.ts';

/** What the orders feature asks of checkout before a purchase (implemented in `checkout-service.ts`). */
export interface BasketValidator {
  /** `validateBasket`: availability re-checked, step 2 rules, holders complete, sub-users refused, not empty. */
  validateBasket(owner: BasketOwner, locale: Locale): Promise<TBasketValidation>;
}
