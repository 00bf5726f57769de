import { MutationCache, QueryClient } from '@tanstack/react-query';
import { orderErrorStore } from './order-error-store.ts';

/**
 * Server state lives here. A failed basket call changes nothing on the server and nothing in the
 * cache; it is shown in the order-error modal. Queries show their own errors inline.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
    mutationCache: new MutationCache({
      onError: (error) => {
        console.error(error);
        orderErrorStore.show(error);
      },
    }),
  });
}
