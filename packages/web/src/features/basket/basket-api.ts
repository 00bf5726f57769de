import { ZBasket, type TAddItemRequest, type TBasket, type TRemoveDomainRequest, type TRemoveItemRequest } from '@kavel/core';
import { apiRequest } from '../../api/client.ts';

const BASE = '/api/bestelprocedure';

export const basketApi = {
  get: (): Promise<TBasket> => apiRequest('GET', `${BASE}/getBasket`, ZBasket),
  addItem: (request: TAddItemRequest): Promise<TBasket> => apiRequest('POST', `${BASE}/addItem`, ZBasket, request),
  removeItem: (request: TRemoveItemRequest): Promise<TBasket> => apiRequest('POST', `${BASE}/removeItem`, ZBasket, request),
  removeDomain: (request: TRemoveDomainRequest): Promise<TBasket> => apiRequest('POST', `${BASE}/removeDomain`, ZBasket, request),
};
