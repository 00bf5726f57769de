import { contracts, type TAddItemRequest, type TBasket, type TRemoveDomainRequest, type TRemoveItemRequest } from '@kavel/core';
import { call } from '../../api/client.ts';

export const basketApi = {
  get: (): Promise<TBasket> => call(contracts.getBasket),
  addItem: (body: TAddItemRequest): Promise<TBasket> => call(contracts.addItem, { body }),
  removeItem: (body: TRemoveItemRequest): Promise<TBasket> => call(contracts.removeItem, { body }),
  removeDomain: (body: TRemoveDomainRequest): Promise<TBasket> => call(contracts.removeDomain, { body }),
};
