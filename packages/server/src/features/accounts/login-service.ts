import type { TAuthState, TLoginSuccess } from '@kavel/core';
import type { AccountDeps, Caller, StartSession } from './account-deps.ts';
import { accountRepository, customerSummary } from './account-repository.ts';
import { LOGIN_BY_STATE } from './account-states.ts';
import { ESCALATION, scopes } from './escalation.ts';
import { verifyPassword } from './password-hashing.ts';

export interface LoginAttempt {
  username: string;
  password: string;
  captchaToken: string | undefined;
}

export type LoginResult =
  | { ok: true; login: TLoginSuccess }
  | { ok: false; reason: 'invalid' | 'captcha' | 'notActivated' | 'locked'; showLoginCaptcha: boolean };

export interface LoginService {
  login(attempt: LoginAttempt, caller: Caller, startSession: StartSession): Promise<LoginResult>;
  authState(customerId: number | null): Promise<TAuthState>;
}

/**
 * Password login. An unknown address and a wrong password get the same answer after the same
 * work (a scrypt verification against a dummy hash); failures count per account (or per unknown
 * address) and per client address, and past a limit a solved captcha is needed before the
 * password is even checked.
 */
export function createLoginService(deps: AccountDeps): LoginService {
  const { db, escalation } = deps;

  return {
    async login(attempt, caller, startSession) {
      const customer = await accountRepository.findByEmail(db, attempt.username);
      const accountScope = customer ? scopes.loginAccount(customer.id) : scopes.loginUnknown(attempt.username);
      const ipScope = scopes.loginIp(caller.ip);
      const [accountFailures, ipFailures] = [await escalation.count(accountScope, ESCALATION.loginAccount), await escalation.count(ipScope, ESCALATION.loginIp)];
      const escalated = (account: number, ip: number) => account >= ESCALATION.loginAccount.limit || ip >= ESCALATION.loginIp.limit;

      if (escalated(accountFailures, ipFailures) && !(await deps.captcha.verify(attempt.captchaToken, caller.ip)).ok) {
        return { ok: false, reason: 'captcha', showLoginCaptcha: true };
      }
      if (!(await verifyPassword(attempt.password, customer?.passwordHash ?? null)) || !customer) {
        await escalation.record([accountScope, ipScope]);
        return { ok: false, reason: 'invalid', showLoginCaptcha: escalated(accountFailures + 1, ipFailures + 1) };
      }
      // Told only to whoever knows the password.
      const verdict = LOGIN_BY_STATE[customer.state];
      if (verdict !== 'allowed') return { ok: false, reason: verdict, showLoginCaptcha: false };

      await db.transaction(async (tx) => {
        await escalation.clear(accountScope, tx);
        await deps.basket.adoptSessionBasket(caller.sessionIdHash, customer.id, tx);
        await startSession(tx, customer.id);
      });
      return { ok: true, login: { isReseller: customer.isReseller, isSubUser: customer.isSubUser, customer: customerSummary(customer) } };
    },

    async authState(customerId) {
      const customer = customerId === null ? null : await accountRepository.findById(db, customerId);
      if (!customer || customer.state !== 'active') return { loggedIn: false, customer: null };
      return { loggedIn: true, customer: customerSummary(customer) };
    },
  };
}
