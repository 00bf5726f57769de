import { useQuery } from '@tanstack/react-query';
import { contracts } from '@kavel/core';
import { call } from '../../api/client.ts';

/** Extensions (popularity order) and prices; they do not change while the page is open. */
export function useCatalogue() {
  return useQuery({
    queryKey: ['catalogue'],
    queryFn: () => call(contracts.catalogue),
    staleTime: Infinity,
  });
}
