import type { Database } from '../../db/connect.ts';
import type { SessionManager } from '../../http/session.ts';
import type { CaptchaPort } from '../../ports/captcha/captcha-port.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { MailerPort } from '../../ports/mailer/mailer-port.ts';
import type { BasketService } from '../basket/basket-service.ts';
import { accountRepository } from './account-repository.ts';
import { createActivationService, type ActivationService } from './activation-service.ts';
import { createEscalation, type Escalation } from './escalation.ts';
import { createLoginService, type LoginService } from './login-service.ts';
import { createLoginThrottle } from './login-throttle.ts';
import type { LoginThrottleRules } from './login-throttle-rules.ts';
import { createMailQueue, type MailQueue, type MailQueueLog } from './mail-queue.ts';
import { createPasswordResetService, type PasswordResetService } from './password-reset-service.ts';
import { createRegistrationService, type RegistrationService } from './registration-service.ts';

export interface AccountServices {
  registration: RegistrationService;
  activation: ActivationService;
  login: LoginService;
  passwordReset: PasswordResetService;
  escalation: Escalation;
  mail: MailQueue;
  /** Forgets old attempts, idle login throttles and link tokens that expired a day ago; run now and then. */
  purgeExpired(): Promise<void>;
}

export interface AccountServicesDeps {
  db: Database;
  now: () => Date;
  baseUrl: string;
  captcha: CaptchaPort;
  basket: Pick<BasketService, 'adoptSessionBasket'>;
  mailer: MailerPort;
  jobs: JobQueue;
  log: MailQueueLog;
  sessions: Pick<SessionManager, 'endAllOf'>;
  /** The login throttle's schedule (config `LOGIN_DELAY_*`, `LOGIN_LOCK_*`). */
  loginThrottle: LoginThrottleRules;
}

/** The accounts feature's services on one shared set of dependencies. */
export function createAccountServices(deps: AccountServicesDeps): AccountServices {
  const mail = createMailQueue({ mailer: deps.mailer, log: deps.log, jobs: deps.jobs, db: deps.db, now: deps.now });
  const escalation = createEscalation({ db: deps.db, now: deps.now, keepMs: deps.loginThrottle.lockWindowMinutes * 60_000 });
  const throttle = createLoginThrottle({ db: deps.db, now: deps.now, rules: deps.loginThrottle });
  const shared = {
    db: deps.db,
    now: deps.now,
    baseUrl: deps.baseUrl.replace(/\/$/, ''),
    captcha: deps.captcha,
    basket: deps.basket,
    mail,
    escalation,
    throttle,
    throttleRules: deps.loginThrottle,
    endSessionsOf: (customerId: number, tx: Parameters<SessionManager['endAllOf']>[1]) => deps.sessions.endAllOf(customerId, tx),
  };
  return {
    registration: createRegistrationService(shared),
    activation: createActivationService(shared),
    login: createLoginService(shared),
    passwordReset: createPasswordResetService(shared),
    escalation,
    mail,
    async purgeExpired() {
      await escalation.purge();
      await throttle.purge();
      await accountRepository.purgeTokensExpiredBefore(deps.db, new Date(deps.now().getTime() - 86_400_000));
      await mail.purge();
    },
  };
}
