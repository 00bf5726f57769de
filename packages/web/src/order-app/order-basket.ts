import { type TLocalBasket, type TOrderBasket } from '@kavel/core';
import { orderAppContracts } from '@kavel/core/contracts/order-app';
import { useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../api/client.ts';
import { storedLocalBasket } from '../features/product-pages/local-basket.ts';

/** The query of the order app's basket: the stored local basket converted by the server, or the server's own. */
export const orderBasketKey = (local: TLocalBasket | null) => ['order-app', 'basket', local === null ? null : JSON.stringify(local)] as const;

/**
 * The order app's basket (spec 001 sections 2 and 4): with a stored local basket, the server
 * converts and prices it (`PUT items-omzetten`); without one, the basket the server holds.
 */
export function useOrderBasket(local: TLocalBasket | null = storedLocalBasket()) {
  return useQuery<TOrderBasket, Error>({
    queryKey: orderBasketKey(local),
    queryFn: () => (local ? call(orderAppContracts.orderAppConvert, { body: local }) : call(orderAppContracts.orderAppBasket)),
    retry: false,
    staleTime: 0,
  });
}

/** A conversion answered 409: the domain is the customer's already (spec 001 section 8). */
export const isOwnedDomain = (error: unknown): boolean => error instanceof ApiError && error.status === 409;
