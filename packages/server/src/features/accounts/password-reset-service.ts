import { PASSWORD_RESET_LINK_VALID_MINUTES, type TPasswordResetLinkStatus } from '@kavel/core';
import type { MailMessage } from '../../ports/mailer/mailer-port.ts';
import { passwordChangedEmail, passwordResetEmail } from './account-emails.ts';
import { accountLink, type AccountDeps, type Caller } from './account-deps.ts';
import { accountRepository } from './account-repository.ts';
import { nextState } from './account-states.ts';
import { ESCALATION, scopes } from './escalation.ts';
import { hashPassword } from './password-hashing.ts';

export type ResetRequestResult = { ok: true } | { ok: false; reason: 'captcha' };
export type ResetResult = { ok: true } | { ok: false; reason: 'gone' };

export interface PasswordResetService {
  /** Mails a reset link when the address has an account that is not locked; the answer is the same either way. */
  requestLink(email: string, captchaToken: string | undefined, caller: Caller): Promise<ResetRequestResult>;
  check(token: string): Promise<TPasswordResetLinkStatus>;
  /** Uses the link once: sets the password and ends every session of the account. */
  reset(token: string, password: string, caller: Caller): Promise<ResetResult>;
}

const RESET_VALID_MS = PASSWORD_RESET_LINK_VALID_MINUTES * 60_000;

export function createPasswordResetService(deps: AccountDeps): PasswordResetService {
  const { db, now, escalation } = deps;

  return {
    async requestLink(email, captchaToken, caller) {
      const ipScope = scopes.resetIp(caller.ip);
      const emailScope = scopes.resetEmail(email);
      const escalated = (await escalation.reached(ipScope, ESCALATION.resetIp)) || (await escalation.reached(emailScope, ESCALATION.resetEmail));
      if (escalated && !(await deps.captcha.verify(captchaToken, caller.ip)).ok) return { ok: false, reason: 'captcha' };

      await db.transaction(async (tx) => {
        await escalation.record([ipScope, emailScope], tx);
        const customer = await accountRepository.findByEmail(tx, email);
        if (!customer || customer.state === 'locked') return;
        const token = await accountRepository.issueToken(tx, customer.id, 'password_reset', now(), RESET_VALID_MS);
        const link = accountLink(deps.baseUrl, 'resetPassword', token);
        const message: MailMessage = {
          to: customer.email,
          ...passwordResetEmail({ locale: caller.language, firstName: customer.firstName, link, validMinutes: PASSWORD_RESET_LINK_VALID_MINUTES }),
        };
        await deps.mail.enqueue(message, 'password-reset', tx);
      });
      return { ok: true };
    },

    async check(token) {
      const customer = token ? await accountRepository.customerOfToken(db, token, 'password_reset', now()) : null;
      return { valid: customer !== null && customer.state !== 'locked' };
    },

    async reset(token, password, caller) {
      const passwordHash = await hashPassword(password);
      const changed = await db.transaction(async (tx): Promise<boolean> => {
        const customerId = await accountRepository.useToken(tx, token, 'password_reset', now());
        const customer = customerId === null ? null : await accountRepository.findById(tx, customerId, { lock: true });
        if (!customer || customer.state === 'locked') return false;
        // Following the link proves the address, as an activation link would.
        const state = nextState(customer.state, 'activate') ?? customer.state;
        await accountRepository.update(tx, customer.id, {
          passwordHash,
          passwordChangedAt: now(),
          state,
          ...(state !== customer.state ? { activatedAt: now() } : {}),
        });
        await accountRepository.dropUnusedTokens(tx, customer.id, 'password_reset');
        // A new password also ends the login throttle's waits and lock.
        await escalation.clear(scopes.loginAccount(customer.id), tx);
        await deps.throttle.clear(scopes.loginAccount(customer.id), tx);
        await deps.endSessionsOf(customer.id, tx);
        await deps.mail.enqueue({ to: customer.email, ...passwordChangedEmail({ locale: caller.language, firstName: customer.firstName }) }, 'password-changed', tx);
        return true;
      });
      if (!changed) return { ok: false, reason: 'gone' };
      return { ok: true };
    },
  };
}
