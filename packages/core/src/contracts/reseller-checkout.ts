import { ZBasketValidation, ZPaymentMethods, ZPurchaseRequest, ZPurchaseResponse } from '../schemas/checkout.ts';
import { contract } from './contract.ts';
import { RESELLER_FLOW_API } from './reseller-basket.ts';

/**
 * The reseller wizard's step 3 (spec 001 section 7, 'Reseller wizard', by its operation names):
 * the basket's validation, the payment methods and the reseller purchase. Apart from the basket's
 * calls, so that the wizard's first screen does not carry checkout's schemas. Only a logged-in
 * reseller is served; everyone else is refused.
 */
export const resellerCheckoutContracts = {
  resellerValidateBasket: contract({ method: 'POST', path: `${RESELLER_FLOW_API}/validateBasket`, response: ZBasketValidation }),
  resellerPaymentMethods: contract({ method: 'POST', path: `${RESELLER_FLOW_API}/paymentMethods`, response: ZPaymentMethods }),
  /** Not under `/api`: the spec's route (spec 000 section 7). JSON with the XSRF header like every other call. */
  resellerOrder: contract({ method: 'POST', path: '/bestelprocedure-reseller/purchase', body: ZPurchaseRequest, response: ZPurchaseResponse }),
};
