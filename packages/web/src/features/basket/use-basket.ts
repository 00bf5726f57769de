import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAddItemRequest, TBasket } from '@kavel/core';
import { basketApi } from './basket-api.ts';

export const BASKET_QUERY_KEY = ['basket'] as const;

/** The session's basket; it lives on the server, so a reload shows it again. */
export function useBasket() {
  return useQuery({ queryKey: BASKET_QUERY_KEY, queryFn: basketApi.get });
}

/** Every basket call answers the new basket: it replaces the cached one, no refetch needed. */
export function useBasketMutation<V>(call: (variables: V) => Promise<TBasket>, options: { inlineErrors?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { inlineErrors: options.inlineErrors ?? false },
    onSuccess: (basket) => queryClient.setQueryData(BASKET_QUERY_KEY, basket),
  });
}

export function useAddItem() {
  return useBasketMutation((request: TAddItemRequest) => basketApi.addItem(request));
}

export function useRemoveItem() {
  return useBasketMutation((unique: string) => basketApi.removeItem({ unique }));
}

export function useRemoveDomain() {
  return useBasketMutation((domainName: string) => basketApi.removeDomain({ domainName }));
}

/** Domains in the basket (registrations and transfers), lower case, for the search rows. */
export function basketDomains(basket: TBasket | undefined): ReadonlySet<string> {
  const domains = new Set<string>();
  for (const item of basket?.items ?? []) {
    if (item.productType === 'DOMAIN' || item.productType === 'DOMAIN_TRANSFER') domains.add(item.title.toLowerCase());
  }
  return domains;
}
