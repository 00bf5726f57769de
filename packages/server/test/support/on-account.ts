import type { Database } from '../../src/db/connect.ts';
import { accountRepository } from '../../src/features/accounts/account-repository.ts';
import { customerIdOf } from './services.ts';

/**
 * A staff member's approval to order on account, as it is given without a back office: on the
 * customer row. Tests of what an order on account does start from a customer allowed to place one.
 */
export async function approveOnAccount(db: Database, email: string): Promise<void> {
  await accountRepository.approveOnAccount(db, await customerIdOf(db, email), new Date());
}
