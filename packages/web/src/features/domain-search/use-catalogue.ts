import { useQuery } from '@tanstack/react-query';
import { ZCatalogue } from '@kavel/core';
import { apiRequest } from '../../api/client.ts';

/** Extensions (popularity order) and prices; they do not change while the page is open. */
export function useCatalogue() {
  return useQuery({
    queryKey: ['catalogue'],
    queryFn: () => apiRequest('GET', '/api/catalogue', ZCatalogue),
    staleTime: Infinity,
  });
}
