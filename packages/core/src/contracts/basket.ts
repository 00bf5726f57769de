import { ZAddItemRequest, ZApplyDiscountCodeRequest, ZBasket, ZRemoveDomainRequest, ZRemoveItemRequest, ZSetPeriodRequest } from '../schemas/basket.ts';
import {
  ZRemoveGratisProductRequest,
  ZServicesValidation,
  ZSetDomainHolderRequest,
  ZSetGratisProductRequest,
  ZSetServiceTypeRequest,
  ZSetTransferOptionsRequest,
} from '../schemas/services.ts';
import { contract } from './contract.ts';

/** The order flow's calls live under this prefix (spec 000 section 7). */
const FLOW = '/api/bestelprocedure';

/**
 * The basket calls every channel has, under its prefix: the shop's under `/api/bestelprocedure/`,
 * the reseller's under `/api/bestelprocedure/reseller/` (spec 000 section 7). Written once.
 */
export function basketCallsAt<P extends string>(prefix: P) {
  return {
    getBasket: contract({ method: 'GET', path: `${prefix}/getBasket`, response: ZBasket }),
    addItem: contract({ method: 'POST', path: `${prefix}/addItem`, body: ZAddItemRequest, response: ZBasket }),
    removeItem: contract({ method: 'POST', path: `${prefix}/removeItem`, body: ZRemoveItemRequest, response: ZBasket }),
    removeDomain: contract({ method: 'POST', path: `${prefix}/removeDomain`, body: ZRemoveDomainRequest, response: ZBasket }),
  };
}
export type BasketCalls = ReturnType<typeof basketCallsAt<string>>;

/** Steps 1 and 2 of the order flow: each basket call answers the new basket. */
export const basketContracts = {
  ...basketCallsAt(FLOW),
  setPeriod: contract({ method: 'POST', path: `${FLOW}/setPeriod`, body: ZSetPeriodRequest, response: ZBasket }),
  applyDiscountCode: contract({ method: 'POST', path: `${FLOW}/applyDiscountCode`, body: ZApplyDiscountCodeRequest, response: ZBasket }),
  removeDiscountCode: contract({ method: 'POST', path: `${FLOW}/removeDiscountCode`, response: ZBasket }),
  setServiceType: contract({ method: 'POST', path: `${FLOW}/setServiceType`, body: ZSetServiceTypeRequest, response: ZBasket }),
  setTransferOptions: contract({ method: 'POST', path: `${FLOW}/setTransferOptions`, body: ZSetTransferOptionsRequest, response: ZBasket }),
  setGratisProduct: contract({ method: 'POST', path: `${FLOW}/setGratisProduct`, body: ZSetGratisProductRequest, response: ZBasket }),
  removeGratisProduct: contract({ method: 'POST', path: `${FLOW}/removeGratisProduct`, body: ZRemoveGratisProductRequest, response: ZBasket }),
  setDomainHolder: contract({ method: 'POST', path: `${FLOW}/setDomainHolder`, body: ZSetDomainHolderRequest, response: ZBasket }),
  validateServices: contract({ method: 'POST', path: `${FLOW}/validateServices`, response: ZServicesValidation }),
};

export { FLOW as ORDER_FLOW_API };
