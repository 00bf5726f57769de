import { useQuery } from '@tanstack/react-query';
import type { TAddItemRequest, TSetTransferOptionsRequest } from '@kavel/core';
import { basketApi } from '../basket/basket-api.ts';
import { useBasketMutation } from '../basket/use-basket.ts';
import { useAuth } from '../accounts/use-auth.ts';
import { servicesApi } from './services-api.ts';
import { servicesLookupsApi } from './services-lookups-api.ts';

export const useSetServiceType = () => useBasketMutation(servicesApi.setServiceType);
export const useSetGratisProduct = () => useBasketMutation(servicesApi.setGratisProduct);
export const useRemoveGratisProduct = () => useBasketMutation(servicesApi.removeGratisProduct);
export const useSetDomainHolder = () => useBasketMutation(servicesApi.setDomainHolder);
export const useSetPeriod = () => useBasketMutation(servicesApi.setPeriod);
export const useApplyDiscountCode = () => useBasketMutation(servicesApi.applyDiscountCode, { inlineErrors: true });
export const useRemoveDiscountCode = () => useBasketMutation(() => servicesApi.removeDiscountCode());
/** A redirect's refusal (an invalid URL) shows under its field, not in the modal. */
export const useAddRedirect = () => useBasketMutation((request: TAddItemRequest) => basketApi.addItem(request), { inlineErrors: true });

/** The transfer section's save: its checkboxes, then the transfer code when one was typed. */
export const useSaveTransfer = () =>
  useBasketMutation(async ({ options, code }: { options: TSetTransferOptionsRequest; code: { productId: number; productCode: string; value: string } | null }) => {
    const basket = await servicesApi.setTransferOptions(options);
    if (!code) return basket;
    return basketApi.addItem({
      ...code,
      parentId: options.unique,
      transferDnsLater: options.transferDnsLater ?? false,
      dnsProfileId: options.dnsProfileId ?? null,
    });
  });

export function useLoggedIn(): boolean {
  return useAuth().data?.loggedIn === true;
}

/** The customer's DNS profiles; `[]` when nobody is logged in (the server answers that too). */
export function useDnsProfiles() {
  const loggedIn = useLoggedIn();
  return useQuery({ queryKey: ['dns-profiles', loggedIn], queryFn: servicesLookupsApi.dnsProfiles, enabled: loggedIn, staleTime: 60_000 });
}

export function useWhoisList(enabled: boolean) {
  return useQuery({ queryKey: ['whois'], queryFn: servicesLookupsApi.whoisList, enabled, staleTime: 30_000 });
}
