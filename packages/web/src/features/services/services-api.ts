import {
  contracts,
  type TApplyDiscountCodeRequest,
  type TBasket,
  type TCreatedId,
  type TDnsProfileSummary,
  type TRemoveGratisProductRequest,
  type TServicesValidation,
  type TSetDomainHolderRequest,
  type TSetGratisProductRequest,
  type TSetPeriodRequest,
  type TSetServiceTypeRequest,
  type TSetTransferOptionsRequest,
  type TWhoisHolderFormInput,
  type TWhoisList,
} from '@kavel/core';
import { call } from '../../api/client.ts';

/** Step 2's calls (spec 000 section 7); every basket call answers the new basket. */
export const servicesApi = {
  setServiceType: (body: TSetServiceTypeRequest): Promise<TBasket> => call(contracts.setServiceType, { body }),
  setTransferOptions: (body: TSetTransferOptionsRequest): Promise<TBasket> => call(contracts.setTransferOptions, { body }),
  setGratisProduct: (body: TSetGratisProductRequest): Promise<TBasket> => call(contracts.setGratisProduct, { body }),
  removeGratisProduct: (body: TRemoveGratisProductRequest): Promise<TBasket> => call(contracts.removeGratisProduct, { body }),
  setDomainHolder: (body: TSetDomainHolderRequest): Promise<TBasket> => call(contracts.setDomainHolder, { body }),
  setPeriod: (body: TSetPeriodRequest): Promise<TBasket> => call(contracts.setPeriod, { body }),
  applyDiscountCode: (body: TApplyDiscountCodeRequest): Promise<TBasket> => call(contracts.applyDiscountCode, { body }),
  removeDiscountCode: (): Promise<TBasket> => call(contracts.removeDiscountCode),
  validateServices: (): Promise<TServicesValidation> => call(contracts.validateServices),
  whoisList: (): Promise<TWhoisList> => call(contracts.whoisList),
  createWhois: (body: TWhoisHolderFormInput): Promise<TCreatedId> => call(contracts.createWhois, { body }),
  dnsProfiles: (): Promise<TDnsProfileSummary[]> => call(contracts.dnsProfiles),
};
