import type { TBasketItem } from '@kavel/core';
import { useCustomer, useHostingAccounts } from '../account-area/use-account-data.ts';

const NONE: ReadonlySet<number> = new Set();

/**
 * The extras the hosting of an owned domain has already (by product id), in a hosting upgrade:
 * read from the customer's hosting accounts, the list the extras page marks 'Al actief' from, so
 * step 2 does not offer them again. Empty for a new domain, or while the list is loading.
 */
export function useActiveExtras(item: TBasketItem, hostingUpgrade: boolean): ReadonlySet<number> {
  const owned = hostingUpgrade && item.invoiced;
  const { customer } = useCustomer();
  const accounts = useHostingAccounts(owned ? customer?.id : undefined);
  if (!owned || !accounts.data) return NONE;
  const account = accounts.data.find((candidate) => candidate.domain === item.title && candidate.status !== 'cancelled');
  return account ? new Set(account.extras.map((extra) => extra.productId)) : NONE;
}
