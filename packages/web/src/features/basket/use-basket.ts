import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAddItemRequest, TBasket } from '@kavel/core';
import { useOrderChannel } from './order-channel.tsx';

/** The prefix of every channel's basket key: invalidating it reads every basket on the page again. */
export const BASKET_QUERY_KEY = ['basket'] as const;

/** The session's basket in the page's channel; it lives on the server, so a reload shows it again. */
export function useBasket() {
  const channel = useOrderChannel();
  return useQuery({ queryKey: channel.basketKey, queryFn: channel.basketApi.get });
}

/** Every basket call answers the new basket: it replaces the cached one, no refetch needed. */
export function useBasketMutation<V>(call: (variables: V) => Promise<TBasket>, options: { inlineErrors?: boolean } = {}) {
  const queryClient = useQueryClient();
  const { basketKey } = useOrderChannel();
  return useMutation({
    mutationFn: call,
    meta: { inlineErrors: options.inlineErrors ?? false },
    onSuccess: (basket) => queryClient.setQueryData(basketKey, basket),
  });
}

export function useAddItem() {
  const { basketApi } = useOrderChannel();
  return useBasketMutation((request: TAddItemRequest) => basketApi.addItem(request));
}

export function useRemoveItem() {
  const { basketApi } = useOrderChannel();
  return useBasketMutation((unique: string) => basketApi.removeItem({ unique }));
}

export function useRemoveDomain() {
  const { basketApi } = useOrderChannel();
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
