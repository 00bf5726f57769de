import { ZBasketValidation, ZPaymentMethods, ZPurchaseRequest, ZPurchaseResponse } from '../schemas/checkout.ts';
import { basketCallsAt, ORDER_FLOW_API } from './basket.ts';
import { contract } from './contract.ts';

/** The reseller wizard's calls live under this prefix (spec 000 section 7, 'Reseller equivalents'). */
export const RESELLER_FLOW_API = `${ORDER_FLOW_API}/reseller` as const;

const calls = basketCallsAt(RESELLER_FLOW_API);

/**
 * The reseller order flow (spec 001 section 7, 'Reseller wizard', by its operation names): the
 * reseller's own basket, its validation, payment methods and the reseller purchase. Only a
 * logged-in reseller is served; everyone else is refused.
 */
export const resellerBasketContracts = {
  resellerGetBasket: calls.getBasket,
  resellerAddItem: calls.addItem,
  resellerRemoveItem: calls.removeItem,
  resellerRemoveDomain: calls.removeDomain,
  resellerValidateBasket: contract({ method: 'POST', path: `${RESELLER_FLOW_API}/validateBasket`, response: ZBasketValidation }),
  resellerPaymentMethods: contract({ method: 'POST', path: `${RESELLER_FLOW_API}/paymentMethods`, response: ZPaymentMethods }),
  /** Not under `/api`: the spec's route (spec 000 section 7). JSON with the XSRF header like every other call. */
  resellerOrder: contract({ method: 'POST', path: '/bestelprocedure-reseller/purchase', body: ZPurchaseRequest, response: ZPurchaseResponse }),
};
