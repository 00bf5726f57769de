import {
  ZAdditionalServiceProposal,
  ZBasketValidation,
  ZMandateState,
  ZPaymentMethods,
  ZPurchaseResponse,
  ZSslProposal,
  type TAcceptAdditionalServiceRequest,
  type TAdditionalServiceProposal,
  type TBasketValidation,
  type TMandateState,
  type TPaymentMethod,
  type TPurchaseRequest,
  type TPurchaseResponse,
  type TSslProposal,
} from '@kavel/core';
import { apiRequest } from '../../api/client.ts';

const BASE = '/api/bestelprocedure';

/** Step 3's calls (spec 000 section 7), answers parsed with the core schemas. */
export const checkoutApi = {
  validateBasket: (): Promise<TBasketValidation> => apiRequest('POST', `${BASE}/validateBasket`, ZBasketValidation),
  proposeAdditionalService: (): Promise<TAdditionalServiceProposal> => apiRequest('POST', `${BASE}/proposeAdditionalService`, ZAdditionalServiceProposal),
  proposeAdditionalServiceSsl: (): Promise<TSslProposal> => apiRequest('POST', `${BASE}/proposeAdditionalServiceSsl`, ZSslProposal),
  acceptAdditionalService: (request: TAcceptAdditionalServiceRequest): Promise<TBasketValidation> =>
    apiRequest('POST', `${BASE}/acceptAdditionalService`, ZBasketValidation, request),
  paymentMethods: (): Promise<TPaymentMethod[]> => apiRequest('POST', `${BASE}/paymentMethods`, ZPaymentMethods),
  directDebitMandate: (): Promise<TMandateState> => apiRequest('GET', `${BASE}/directDebitMandate`, ZMandateState),
  /** Not under `/api`: the spec's route. JSON with the XSRF header like every other call. */
  purchase: (request: TPurchaseRequest): Promise<TPurchaseResponse> => apiRequest('POST', '/bestelprocedure/purchase', ZPurchaseResponse, request),
};
