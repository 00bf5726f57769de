import { shopContracts } from '@kavel/core/contracts/shop';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** The SSL certificates, Cloudflare plans and VPS packages; they do not change while a page is open. */
export function useOrderProducts() {
  return useQuery({ queryKey: ['order-products'], queryFn: () => call(shopContracts.orderProducts), staleTime: Infinity });
}

/** The shared hosting packages as the order app lists them. */
export function useSharedHostings() {
  return useQuery({ queryKey: ['shared-hostings'], queryFn: () => call(shopContracts.sharedHostings), staleTime: Infinity });
}
