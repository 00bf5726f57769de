import {
  ZBasket,
  ZCreatedId,
  ZDnsProfileList,
  ZServicesValidation,
  ZWhoisList,
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
import { apiRequest } from '../../api/client.ts';

const BASE = '/api/bestelprocedure';

/** Step 2's calls (spec 000 section 7); every basket call answers the new basket. */
export const servicesApi = {
  setServiceType: (request: TSetServiceTypeRequest): Promise<TBasket> => apiRequest('POST', `${BASE}/setServiceType`, ZBasket, request),
  setTransferOptions: (request: TSetTransferOptionsRequest): Promise<TBasket> => apiRequest('POST', `${BASE}/setTransferOptions`, ZBasket, request),
  setGratisProduct: (request: TSetGratisProductRequest): Promise<TBasket> => apiRequest('POST', `${BASE}/setGratisProduct`, ZBasket, request),
  removeGratisProduct: (request: TRemoveGratisProductRequest): Promise<TBasket> => apiRequest('POST', `${BASE}/removeGratisProduct`, ZBasket, request),
  setDomainHolder: (request: TSetDomainHolderRequest): Promise<TBasket> => apiRequest('POST', `${BASE}/setDomainHolder`, ZBasket, request),
  setPeriod: (request: TSetPeriodRequest): Promise<TBasket> => apiRequest('POST', `${BASE}/setPeriod`, ZBasket, request),
  applyDiscountCode: (request: TApplyDiscountCodeRequest): Promise<TBasket> => apiRequest('POST', `${BASE}/applyDiscountCode`, ZBasket, request),
  removeDiscountCode: (): Promise<TBasket> => apiRequest('POST', `${BASE}/removeDiscountCode`, ZBasket),
  validateServices: (): Promise<TServicesValidation> => apiRequest('POST', `${BASE}/validateServices`, ZServicesValidation),
  whoisList: (): Promise<TWhoisList> => apiRequest('GET', '/api/account/whois', ZWhoisList),
  createWhois: (form: TWhoisHolderFormInput): Promise<TCreatedId> => apiRequest('POST', '/api/account/whois', ZCreatedId, form),
  dnsProfiles: (): Promise<TDnsProfileSummary[]> => apiRequest('GET', '/api/account/dns/profile', ZDnsProfileList),
};
