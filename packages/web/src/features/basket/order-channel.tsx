import { createContext, useContext } from 'react';
import type { TAddItemRequest, TBasket, TRemoveDomainRequest, TRemoveItemRequest } from '@kavel/core';
import { basketApi } from './basket-api.ts';

/** The basket calls every sales channel has (spec 000 section 7: the shop's and the reseller's equivalents). */
export interface ChannelBasketApi {
  get(): Promise<TBasket>;
  addItem(body: TAddItemRequest): Promise<TBasket>;
  removeItem(body: TRemoveItemRequest): Promise<TBasket>;
  removeDomain(body: TRemoveDomainRequest): Promise<TBasket>;
}

/**
 * A sales channel as the order page sees it: its basket calls and the query key its basket is
 * cached under. The shop is the default, so every part of the order page works as before without
 * a provider; the reseller page wraps the same parts in its own channel. Every key starts with
 * `basket`, so invalidating `['basket']` (after a login or logout) reaches every channel's basket.
 */
export interface OrderChannel {
  name: 'shop' | 'reseller';
  basketKey: readonly ['basket', ...string[]];
  basketApi: ChannelBasketApi;
}

export const SHOP_CHANNEL: OrderChannel = { name: 'shop', basketKey: ['basket'], basketApi };

const OrderChannelContext = createContext<OrderChannel>(SHOP_CHANNEL);

export const OrderChannelProvider = OrderChannelContext.Provider;

export function useOrderChannel(): OrderChannel {
  return useContext(OrderChannelContext);
}
