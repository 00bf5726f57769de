import { type TApplyDiscountCodeRequest, type TBasket, type TRemoveGratisProductRequest, type TServicesValidation, type TSetDomainHolderRequest, type TSetGratisProductRequest, type TSetPeriodRequest, type TSetServiceTypeRequest, type TSetTransferOptionsRequest } from '@kavel/core';
import { basketContracts } from '@kavel/core/contracts/basket';
import { call } from '../../api/client.ts';

/** Step 2's calls (spec 000 section 7); every basket call answers the new basket. */
export const servicesApi = {
  setServiceType: (body: TSetServiceTypeRequest): Promise<TBasket> => call(basketContracts.setServiceType, { body }),
  setTransferOptions: (body: TSetTransferOptionsRequest): Promise<TBasket> => call(basketContracts.setTransferOptions, { body }),
  setGratisProduct: (body: TSetGratisProductRequest): Promise<TBasket> => call(basketContracts.setGratisProduct, { body }),
  removeGratisProduct: (body: TRemoveGratisProductRequest): Promise<TBasket> => call(basketContracts.removeGratisProduct, { body }),
  setDomainHolder: (body: TSetDomainHolderRequest): Promise<TBasket> => call(basketContracts.setDomainHolder, { body }),
  setPeriod: (body: TSetPeriodRequest): Promise<TBasket> => call(basketContracts.setPeriod, { body }),
  applyDiscountCode: (body: TApplyDiscountCodeRequest): Promise<TBasket> => call(basketContracts.applyDiscountCode, { body }),
  removeDiscountCode: (): Promise<TBasket> => call(basketContracts.removeDiscountCode),
  validateServices: (): Promise<TServicesValidation> => call(basketContracts.validateServices),
};
