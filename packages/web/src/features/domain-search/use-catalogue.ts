import { useQuery } from '@tanstack/react-query';
import { shopContracts } from '@kavel/core/contracts/shop';
import { call } from '../../api/client.ts';

/** Extensions (popularity order) and prices; they do not change while the page is open. */
export function useCatalogue() {
  return useQuery({
    queryKey: ['catalogue'],
    queryFn: () => call(shopContracts.catalogue),
    staleTime: Infinity,
  });
}
