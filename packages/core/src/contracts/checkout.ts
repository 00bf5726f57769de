import {
  ZAcceptAdditionalServiceRequest,
  ZAdditionalServiceProposal,
  ZBasketValidation,
  ZDirectDebitMandate,
  ZMandateState,
  ZPaymentMethods,
  ZPurchaseRequest,
  ZPurchaseResponse,
  ZSslProposal,
} from '../schemas/checkout.ts';
import { ORDER_FLOW_API } from './basket.ts';
import { contract } from './contract.ts';

/** Step 3 of the order flow and the purchase (spec 000 section 7). */
export const checkoutContracts = {
  validateBasket: contract({ method: 'POST', path: `${ORDER_FLOW_API}/validateBasket`, response: ZBasketValidation }),
  proposeAdditionalService: contract({ method: 'POST', path: `${ORDER_FLOW_API}/proposeAdditionalService`, response: ZAdditionalServiceProposal }),
  proposeAdditionalServiceSsl: contract({ method: 'POST', path: `${ORDER_FLOW_API}/proposeAdditionalServiceSsl`, response: ZSslProposal }),
  acceptAdditionalService: contract({ method: 'POST', path: `${ORDER_FLOW_API}/acceptAdditionalService`, body: ZAcceptAdditionalServiceRequest, response: ZBasketValidation }),
  paymentMethods: contract({ method: 'POST', path: `${ORDER_FLOW_API}/paymentMethods`, response: ZPaymentMethods }),
  directDebitMandate: contract({ method: 'GET', path: `${ORDER_FLOW_API}/directDebitMandate`, response: ZMandateState }),
  /** The account's data page: a mandate given outside an order, for the orders to come. */
  giveDirectDebitMandate: contract({ method: 'POST', path: '/api/account/incasso-machtiging', body: ZDirectDebitMandate, response: ZMandateState }),
  /** Not under `/api`: the spec's route. JSON with the XSRF header like every other call. */
  purchase: contract({ method: 'POST', path: '/bestelprocedure/purchase', body: ZPurchaseRequest, response: ZPurchaseResponse }),
};
