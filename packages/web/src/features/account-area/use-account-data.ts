import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../accounts/use-auth.ts';
import { ordersApi } from '../orders/orders-api.ts';

/** The logged-in customer, or null; `known` once the session has been asked. */
export function useCustomer() {
  const auth = useAuth();
  return { known: auth.isSuccess, failed: auth.isError, customer: auth.data?.loggedIn ? auth.data.customer : null };
}

// Keyed by the customer, so a login or logout never shows someone else's list.
const listQuery = <T,>(name: string, customerId: number | undefined, queryFn: () => Promise<T>) => ({
  queryKey: ['account', name, customerId],
  queryFn,
  enabled: customerId !== undefined,
  staleTime: 10_000,
});

export const useCustomerDomains = (customerId: number | undefined) => useQuery(listQuery('domains', customerId, ordersApi.domains));
export const useDomainTransfers = (customerId: number | undefined) => useQuery(listQuery('transfers', customerId, ordersApi.domainTransfers));
export const useHostingAccounts = (customerId: number | undefined) => useQuery(listQuery('hosting', customerId, ordersApi.hostingAccounts));
export const useInvoices = (customerId: number | undefined) => useQuery(listQuery('invoices', customerId, ordersApi.invoices));
export const useVpsServers = (customerId: number | undefined) => useQuery(listQuery('vps', customerId, ordersApi.vpsServers));
