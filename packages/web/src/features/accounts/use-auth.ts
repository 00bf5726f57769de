import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TAuthState, TCustomerSummary } from '@kavel/core';
import { BASKET_QUERY_KEY } from '../basket/use-basket.ts';
import { sessionContracts } from '@kavel/core/contracts/session';
import { call } from '../../api/client.ts';

export const AUTH_QUERY_KEY = ['auth'] as const;

/** Who is logged in (`GET /api/account/me`); fetched when the order page loads. */
export function useAuth() {
  return useQuery({ queryKey: AUTH_QUERY_KEY, queryFn: (): Promise<TAuthState> => call(sessionContracts.me), staleTime: 60_000 });
}

/**
 * After a login (or an activation, which logs in): the customer is known, and the basket is read
 * again because the server merged the anonymous session's basket into the customer's.
 */
export function markLoggedIn(queryClient: QueryClient, customer: TCustomerSummary): void {
  queryClient.setQueryData<TAuthState>(AUTH_QUERY_KEY, { loggedIn: true, customer });
  void queryClient.invalidateQueries({ queryKey: BASKET_QUERY_KEY });
}

/** Logging out starts a new session: the basket stays with the customer, so this page's basket changes too. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<TAuthState> => call(sessionContracts.logout),
    meta: { inlineErrors: true },
    onSuccess: (state) => {
      queryClient.setQueryData<TAuthState>(AUTH_QUERY_KEY, state);
      void queryClient.invalidateQueries({ queryKey: BASKET_QUERY_KEY });
    },
  });
}
