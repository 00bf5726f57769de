import { type TAcceptAdditionalServiceRequest, type TAdditionalServiceProposal, type TBasketValidation, type TMandateState, type TPaymentMethod, type TPurchaseRequest, type TPurchaseResponse, type TSslProposal } from '@kavel/core';
import { checkoutContracts } from '@kavel/core/contracts/checkout';
import { call } from '../../api/client.ts';

/** Step 3's calls (spec 000 section 7), answers parsed with the core schemas. */
export const checkoutApi = {
  validateBasket: (): Promise<TBasketValidation> => call(checkoutContracts.validateBasket),
  proposeAdditionalService: (): Promise<TAdditionalServiceProposal> => call(checkoutContracts.proposeAdditionalService),
  proposeAdditionalServiceSsl: (): Promise<TSslProposal> => call(checkoutContracts.proposeAdditionalServiceSsl),
  acceptAdditionalService: (body: TAcceptAdditionalServiceRequest): Promise<TBasketValidation> => call(checkoutContracts.acceptAdditionalService, { body }),
  paymentMethods: (): Promise<TPaymentMethod[]> => call(checkoutContracts.paymentMethods),
  directDebitMandate: (): Promise<TMandateState> => call(checkoutContracts.directDebitMandate),
  /** Not under `/api`: the spec's route. JSON with the XSRF header like every other call. */
  purchase: (body: TPurchaseRequest): Promise<TPurchaseResponse> => call(checkoutContracts.purchase, { body }),
};
