import {
  contracts,
  type TAcceptAdditionalServiceRequest,
  type TAdditionalServiceProposal,
  type TBasketValidation,
  type TMandateState,
  type TPaymentMethod,
  type TPurchaseRequest,
  type TPurchaseResponse,
  type TSslProposal,
} from '@kavel/core';
import { call } from '../../api/client.ts';

/** Step 3's calls (spec 000 section 7), answers parsed with the core schemas. */
export const checkoutApi = {
  validateBasket: (): Promise<TBasketValidation> => call(contracts.validateBasket),
  proposeAdditionalService: (): Promise<TAdditionalServiceProposal> => call(contracts.proposeAdditionalService),
  proposeAdditionalServiceSsl: (): Promise<TSslProposal> => call(contracts.proposeAdditionalServiceSsl),
  acceptAdditionalService: (body: TAcceptAdditionalServiceRequest): Promise<TBasketValidation> => call(contracts.acceptAdditionalService, { body }),
  paymentMethods: (): Promise<TPaymentMethod[]> => call(contracts.paymentMethods),
  directDebitMandate: (): Promise<TMandateState> => call(contracts.directDebitMandate),
  /** Not under `/api`: the spec's route. JSON with the XSRF header like every other call. */
  purchase: (body: TPurchaseRequest): Promise<TPurchaseResponse> => call(contracts.purchase, { body }),
};
