import { type TAddItemRequest, type TBasket, type TRemoveDomainRequest, type TRemoveItemRequest } from '@kavel/core';
import { basketContracts } from '@kavel/core/contracts/basket';
import { call } from '../../api/client.ts';

export const basketApi = {
  get: (): Promise<TBasket> => call(basketContracts.getBasket),
  addItem: (body: TAddItemRequest): Promise<TBasket> => call(basketContracts.addItem, { body }),
  removeItem: (body: TRemoveItemRequest): Promise<TBasket> => call(basketContracts.removeItem, { body }),
  removeDomain: (body: TRemoveDomainRequest): Promise<TBasket> => call(basketContracts.removeDomain, { body }),
};
