import type { Locale, TBasket, TBasketValidation, TCustomerSummary } from '@kavel/core';
import type { BasketOwner } from '../basket/basket-service.ts';

/** What the orders feature asks of checkout before a purchase (implemented in `checkout-service.ts`). */
export interface BasketValidator {
  /** `validateBasket`: availability re-checked, step 2 rules, holders complete, sub-users refused, not empty. */
  /** `customer`: the owner's account as the caller just read it (saves reading it again). */
  validateBasket(owner: BasketOwner, locale: Locale, customer?: TCustomerSummary): Promise<TBasketValidation>;
  /** The same, answering the basket it judged too (as it was before a failed check removed anything). */
  checkBasket(owner: BasketOwner, locale: Locale, customer?: TCustomerSummary): Promise<{ verdict: TBasketValidation; basket: TBasket }>;
}
