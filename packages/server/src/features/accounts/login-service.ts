import { PASSWORD_RESET_LINK_VALID_MINUTES, type TAuthState, type TLoginSuccess } from '@kavel/core';
import type { MailMessage } from '../../ports/mailer/mailer-port.ts';
import type { AccountDeps, Caller, StartSession } from './account-deps.ts';
import { accountLink } from './account-deps.ts';
import { loginLockedEmail } from './account-emails.ts';
import { accountRepository, customerSummary as customerSummaryOf, type CustomerRow } from './account-repository.ts';
import { LOGIN_BY_STATE } from './account-states.ts';
import { ESCALATION, scopes } from './escalation.ts';
import { createLoginDevices } from './login-devices.ts';
import { captchaDifficulty } from './login-throttle-rules.ts';
import { verifyPassword } from './password-hashing.ts';

export interface LoginAttempt {
  username: string;
  password: string;
  captchaToken: string | undefined;
  /** The browser's device cookie, if it has one (see `login-devices.ts`). */
  deviceCookie: string | undefined;
}

export type LoginResult =
  /** `deviceCookie`: the browser's new device cookie for this account. */
  | { ok: true; login: TLoginSuccess; deviceCookie: string }
  | { ok: false; reason: 'invalid' | 'captcha' | 'notActivated' | 'locked'; showLoginCaptcha: boolean }
  /** Throttled: no password was checked; `locked` after a sustained run, else a wait between failures. */
  | { ok: false; reason: 'wait'; locked: boolean; retryAfterSeconds: number; showLoginCaptcha: boolean };

export interface LoginService {
  login(attempt: LoginAttempt, caller: Caller, startSession: StartSession): Promise<LoginResult>;
  authState(customerId: number | null): Promise<TAuthState>;
  /** The captcha work (a factor of the configured work) a login for `username` demands now. */
  captchaDifficulty(username: string | undefined, deviceCookie: string | undefined): Promise<number>;
}

const RESET_VALID_MS = PASSWORD_RESET_LINK_VALID_MINUTES * 60_000;

/**
 * Password login. An unknown address and a wrong password get the same answer after the same
 * work (a scrypt verification against a dummy hash). Failures count per account (or per unknown
 * address, alike) in the login throttle: a growing wait between checks from the fifth failure,
 * and a lock after a sustained run, both refused before the captcha or the password is looked
 * at. Past a few failures (per account or per client address) a solved captcha is needed too, of
 * a difficulty that rises with the account's failures.
 *
 * A browser that logged in to the account before (a valid device cookie) is counted on its own:
 * its waits, captcha and lock follow its own failures, which do not count against the account,
 * so guesses from elsewhere and the lock they bring do not shut the owner out. A device locked by
 * its own failures is a client like any other again.
 */
export function createLoginService(deps: AccountDeps): LoginService {
  const { db, escalation, throttle } = deps;
  const devices = createLoginDevices(db);
  const lockWindow = { limit: 0, windowMs: deps.throttleRules.lockWindowMinutes * 60_000 };

  const accountScopeOf = async (username: string) => {
    const customer = await accountRepository.findByEmail(db, username);
    return { customer, accountScope: customer ? scopes.loginAccount(customer.id) : scopes.loginUnknown(username) };
  };

  /**
   * The scope a login's failures count in: the device's, when the cookie is one made for this
   * account and the device is not locked out; otherwise the account's (or the unknown address's,
   * which has no devices, so a cookie changes nothing there).
   */
  const throttleScopeOf = async (username: string, deviceCookie: string | undefined) => {
    const { customer, accountScope } = await accountScopeOf(username);
    const deviceScope = customer ? await devices.scopeOf(customer.id, deviceCookie) : null;
    if (deviceScope) {
      const device = await throttle.peek(deviceScope);
      if (device.open || !device.locked) return { customer, scope: deviceScope, isDevice: true };
    }
    return { customer, scope: accountScope, isDevice: false };
  };

  const waitRefusal = (state: { retryAfterMs: number; locked: boolean }, showLoginCaptcha: boolean): LoginResult => ({
    ok: false,
    reason: 'wait',
    locked: state.locked,
    retryAfterSeconds: Math.max(1, Math.ceil(state.retryAfterMs / 1000)),
    showLoginCaptcha,
  });

  /**
   * Records a failed check; on the failure that starts an account's lock, the holder gets a link to
   * lift it (a device's lock locks out only that browser, which a new password would not lift).
   */
  const recordFailure = async (customer: CustomerRow | null, target: { scope: string; isDevice: boolean }, ipScope: string, failures: number) => {
    await db.transaction(async (tx) => {
      await escalation.record([target.scope, ipScope], tx);
      const inWindow = await escalation.count(target.scope, lockWindow, tx);
      const { lockedNow, lockMinutes } = await throttle.failed(target.scope, failures, inWindow, tx);
      // Only the holder hears of it (never an unknown address), and not a support-locked account whose reset would not work.
      if (!lockedNow || target.isDevice || !customer || customer.state === 'locked') return;
      const token = await accountRepository.issueToken(tx, customer.id, 'password_reset', deps.now(), RESET_VALID_MS);
      const link = accountLink(deps.baseUrl, 'resetPassword', token);
      // Written in the failure's transaction: the mail is sent once the lock is stored, by the worker.
      const message: MailMessage = {
        to: customer.email,
        ...loginLockedEmail({ locale: customer.language, firstName: customer.firstName, link, validMinutes: PASSWORD_RESET_LINK_VALID_MINUTES, lockMinutes }),
      };
      await deps.mail.enqueue(message, 'login-locked', tx);
    });
  };

  return {
    async login(attempt, caller, startSession) {
      const target = await throttleScopeOf(attempt.username, attempt.deviceCookie);
      const { customer, scope } = target;
      const ipScope = scopes.loginIp(caller.ip);
      const [scopeFailures, ipFailures] = [await escalation.count(scope, ESCALATION.loginAccount), await escalation.count(ipScope, ESCALATION.loginIp)];
      const escalated = (inScope: number, ip: number) => inScope >= ESCALATION.loginAccount.limit || ip >= ESCALATION.loginIp.limit;

      // Waiting is refused first: no captcha lifts it, and no captcha solution is spent on it.
      const before = await throttle.peek(scope);
      if (!before.open) return waitRefusal(before, escalated(scopeFailures, ipFailures));

      if (escalated(scopeFailures, ipFailures)) {
        const verdict = await deps.captcha.verify(attempt.captchaToken, caller.ip, { difficulty: captchaDifficulty(before.failures) });
        if (!verdict.ok) return { ok: false, reason: 'captcha', showLoginCaptcha: true };
      }

      // The atomic claim: of simultaneous attempts, only those the schedule allows get a check.
      const claim = await throttle.claim(scope);
      if (!claim.open) return waitRefusal(claim, escalated(scopeFailures, ipFailures));

      if (!(await verifyPassword(attempt.password, customer?.passwordHash ?? null)) || !customer) {
        await recordFailure(customer, target, ipScope, claim.failures);
        return { ok: false, reason: 'invalid', showLoginCaptcha: escalated(scopeFailures + 1, ipFailures + 1) };
      }
      // The right password is no guess: the claim is given back. From a known device only the
      // device starts afresh: the account's failures (and lock) are someone else's guesses.
      await throttle.clear(scope);
      // Told only to whoever knows the password.
      const verdict = LOGIN_BY_STATE[customer.state];
      if (verdict !== 'allowed') return { ok: false, reason: verdict, showLoginCaptcha: false };

      await db.transaction(async (tx) => {
        await escalation.clear(scope, tx);
        // A reseller orders in the reseller wizard: what they chose before logging in goes there.
        await deps.basket.adoptSessionBasket(caller.sessionIdHash, customer.id, tx, customer.isReseller ? 'reseller' : 'shop');
        await startSession(tx, customer.id);
      });
      return {
        ok: true,
        login: { isReseller: customer.isReseller, isSubUser: customer.isSubUser, customer: customerSummaryOf(customer) },
        deviceCookie: await devices.issue(customer.id),
      };
    },

    async authState(customerId) {
      const customer = customerId === null ? null : await accountRepository.findById(db, customerId);
      if (!customer || customer.state !== 'active') return { loggedIn: false, customer: null };
      return { loggedIn: true, customer: customerSummaryOf(customer) };
    },

    async captchaDifficulty(username, deviceCookie) {
      if (!username) return 1;
      const { scope } = await throttleScopeOf(username, deviceCookie);
      return captchaDifficulty((await throttle.peek(scope)).failures);
    },
  };
}
