import { basketCallsAt, ORDER_FLOW_API } from './basket.ts';

/** The reseller wizard's calls live under this prefix (spec 000 section 7, 'Reseller equivalents'). */
export const RESELLER_FLOW_API = `${ORDER_FLOW_API}/reseller` as const;

const calls = basketCallsAt(RESELLER_FLOW_API);

/**
 * The reseller order flow's basket (spec 001 section 7, 'Reseller wizard', by its operation
 * names): the reseller's own basket. Its validation, payment methods and the reseller purchase
 * are `resellerCheckoutContracts` (`reseller-checkout.ts`). Only a logged-in reseller is served;
 * everyone else is refused.
 */
export const resellerBasketContracts = {
  resellerGetBasket: calls.getBasket,
  resellerAddItem: calls.addItem,
  resellerRemoveItem: calls.removeItem,
  resellerRemoveDomain: calls.removeDomain,
};
