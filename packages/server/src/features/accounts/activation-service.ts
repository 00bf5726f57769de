import type { TActivationLinkStatus, TLoginSuccess } from '@kavel/core';
import type { AccountDeps, Caller, StartSession } from './account-deps.ts';
import { accountRepository, customerSummary } from './account-repository.ts';
import { nextState } from './account-states.ts';
import { hashPassword } from './password-hashing.ts';

export type ActivationResult = { ok: true; login: TLoginSuccess } | { ok: false; reason: 'gone' | 'passwordRequired' };

export interface ActivationService {
  /** Read-only look at a link, for the page: does it still work, and must a password be chosen? */
  check(token: string): Promise<TActivationLinkStatus>;
  /** Uses the link once: sets the password when needed, activates and logs the customer in. */
  activate(token: string, password: string | undefined, caller: Caller, startSession: StartSession): Promise<ActivationResult>;
}

export function createActivationService(deps: AccountDeps): ActivationService {
  const { db, now } = deps;

  return {
    async check(token) {
      const customer = token ? await accountRepository.customerOfToken(db, token, 'activation', now()) : null;
      if (!customer || !nextState(customer.state, 'activate')) return { valid: false, needsPassword: false };
      return { valid: true, needsPassword: customer.passwordHash === null };
    },

    async activate(token, password, caller, startSession) {
      // Hashed before the transaction: no row stays locked while scrypt works.
      const passwordHash = password ? await hashPassword(password) : null;
      return db.transaction(async (tx): Promise<ActivationResult> => {
        const found = await accountRepository.customerOfToken(tx, token, 'activation', now());
        const customer = found && (await accountRepository.findById(tx, found.id, { lock: true }));
        const activated = customer && nextState(customer.state, 'activate');
        if (!customer || !activated) return { ok: false, reason: 'gone' };
        const needsPassword = customer.passwordHash === null;
        if (needsPassword && !passwordHash) return { ok: false, reason: 'passwordRequired' };
        if ((await accountRepository.useToken(tx, token, 'activation', now())) !== customer.id) return { ok: false, reason: 'gone' };

        const changes = needsPassword ? { passwordHash, passwordChangedAt: now() } : {};
        await accountRepository.update(tx, customer.id, { state: activated, activatedAt: now(), ...changes });
        await accountRepository.dropUnusedTokens(tx, customer.id, 'activation');
        await deps.basket.adoptSessionBasket(caller.sessionIdHash, customer.id, tx, customer.isReseller ? 'reseller' : 'shop');
        await startSession(tx, customer.id);
        const summary = customerSummary({ ...customer, state: activated });
        return { ok: true, login: { isReseller: customer.isReseller, isSubUser: customer.isSubUser, customer: summary } };
      });
    },
  };
}
