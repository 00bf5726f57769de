import type { TCustomerSummary } from '@kavel/core';
import type { Database } from '../../db/connect.ts';
import { accountRepository, customerSummary } from './account-repository.ts';

/** The account data of an active customer, for features that show it (the standard domain holder). */
export type CustomerLookup = (customerId: number) => Promise<TCustomerSummary | null>;

export function createCustomerLookup(db: Database): CustomerLookup {
  return async (customerId) => {
    const row = await accountRepository.findById(db, customerId);
    return row && row.state === 'active' ? customerSummary(row) : null;
  };
}
