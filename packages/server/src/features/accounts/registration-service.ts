import { ACTIVATION_LINK_VALID_HOURS, type ZOrderAppRegistrationRequest, type ZRegistrationDto } from '@kavel/core';
import type { z } from 'zod';
import type { Transaction } from '../../db/connect.ts';
import type { MailMessage } from '../../ports/mailer/mailer-port.ts';
import { activationEmail, alreadyRegisteredEmail } from './account-emails.ts';
import { accountLink, type AccountDeps, type Caller } from './account-deps.ts';
import { accountRepository, type NewCustomer } from './account-repository.ts';
import { ESCALATION, scopes } from './escalation.ts';
import { hashPassword } from './password-hashing.ts';

export type TRegistration = z.output<typeof ZRegistrationDto>;
export type TOrderAppRegistration = z.output<typeof ZOrderAppRegistrationRequest>['registrationRequest'];

/** The same for a new and a known address, so the answer tells nobody which it was. */
export type RegistrationResult = { ok: true; email: string } | { ok: false; reason: 'captcha' };
export type ResendResult = { ok: true; email: string } | { ok: false; reason: 'cooldown' };

export interface RegistrationService {
  /** Step 3's registration form (`POST /api/register-account`). */
  register(dto: TRegistration, captchaToken: string | undefined, caller: Caller): Promise<RegistrationResult>;
  /** The order app's short registration; the password is chosen when the link is followed. */
  registerFromOrderApp(request: TOrderAppRegistration, captchaToken: string | undefined, caller: Caller): Promise<RegistrationResult>;
  /** A new activation link for an account awaiting activation; older links stop working. */
  resendActivation(email: string, caller: Caller): Promise<ResendResult>;
}

const ACTIVATION_VALID_MS = ACTIVATION_LINK_VALID_HOURS * 3_600_000;

export function createRegistrationService(deps: AccountDeps): RegistrationService {
  const { db, now, escalation } = deps;

  const activationMail = async (tx: Transaction, customer: { id: number; email: string; firstName: string; passwordHash: string | null }, caller: Caller): Promise<MailMessage> => {
    const token = await accountRepository.issueToken(tx, customer.id, 'activation', now(), ACTIVATION_VALID_MS);
    const link = accountLink(deps.baseUrl, 'activate', token);
    return { to: customer.email, ...activationEmail({ locale: caller.language, firstName: customer.firstName, link, needsPassword: customer.passwordHash === null }) };
  };

  /** A solved captcha is needed once the address registered `registerIp.limit` times this hour. */
  const captchaRefused = async (captchaToken: string | undefined, caller: Caller) =>
    (await escalation.reached(scopes.registerIp(caller.ip), ESCALATION.registerIp)) && !(await deps.captcha.verify(captchaToken, caller.ip)).ok;

  /**
   * Creates the account and mails the activation link, or, when the address is taken, mails its
   * owner instead (a new activation link while it still awaits activation). Same work, same answer.
   */
  const createOrNotify = async (customer: NewCustomer, caller: Caller): Promise<RegistrationResult> => {
    await db.transaction(async (tx) => {
      await escalation.record([scopes.registerIp(caller.ip), scopes.resendEmail(customer.email)], tx);
      const id = await accountRepository.insertIfNew(tx, customer);
      if (id !== null) return deps.mail.enqueue(await activationMail(tx, { ...customer, id, passwordHash: customer.passwordHash ?? null }, caller), 'activation', tx);
      const existing = await accountRepository.findByEmail(tx, customer.email);
      if (!existing) throw new Error('customer insert conflicted but no customer has the address');
      if (existing.state === 'awaiting_activation') return deps.mail.enqueue(await activationMail(tx, existing, caller), 'activation', tx);
      const message: MailMessage = {
        to: existing.email,
        ...alreadyRegisteredEmail({
          locale: caller.language,
          firstName: existing.firstName,
          loginLink: accountLink(deps.baseUrl, 'login'),
          resetLink: accountLink(deps.baseUrl, 'forgotPassword'),
        }),
      };
      await deps.mail.enqueue(message, 'already-registered', tx);
    });
    return { ok: true, email: customer.email };
  };

  return {
    async register(dto, captchaToken, caller) {
      if (await captchaRefused(captchaToken, caller)) return { ok: false, reason: 'captcha' };
      // Hashed for a known address too, so the time taken does not tell.
      const passwordHash = await hashPassword(dto.password);
      return createOrNotify(
        {
          email: dto.email,
          passwordHash,
          state: 'awaiting_activation',
          isCompany: dto.isCompany,
          companyName: dto.isCompany ? dto.companyName : '',
          gender: dto.gender,
          firstName: dto.firstName,
          lastName: dto.lastName,
          birthDate: dto.birthDate || null,
          street: dto.street,
          streetNumber: dto.streetNumber,
          streetNumberAddition: dto.streetNumberAddition,
          postCode: dto.postCode,
          city: dto.city,
          countryId: dto.countryId,
          phoneNumber: dto.phoneNumber,
          language: caller.language,
        },
        caller,
      );
    },

    async registerFromOrderApp(request, captchaToken, caller) {
      if (await captchaRefused(captchaToken, caller)) return { ok: false, reason: 'captcha' };
      // No address yet: the order app asks for it (customer-data screen) before the order.
      return createOrNotify(
        { email: request.email, passwordHash: null, state: 'awaiting_activation', isCompany: false, firstName: request.firstname, lastName: request.lastname, language: caller.language },
        caller,
      );
    },

    async resendActivation(email, caller) {
      const scope = scopes.resendEmail(email);
      if (await escalation.reached(scope, ESCALATION.resendEmail)) return { ok: false, reason: 'cooldown' };
      await db.transaction(async (tx) => {
        await escalation.record([scope], tx);
        const customer = await accountRepository.findByEmail(tx, email);
        if (customer?.state === 'awaiting_activation') await deps.mail.enqueue(await activationMail(tx, customer, caller), 'activation', tx);
      });
      return { ok: true, email };
    },
  };
}
