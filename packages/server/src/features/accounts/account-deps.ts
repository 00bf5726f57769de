import { ACCOUNT_PAGES, type Locale } from '@kavel/core';
import type { Database, Transaction } from '../../db/connect.ts';
import type { CaptchaPort } from '../../ports/captcha/captcha-port.ts';
import type { BasketService } from '../basket/basket-service.ts';
import type { Escalation } from './escalation.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { LoginThrottleRules } from './login-throttle-rules.ts';
import type { MailQueue } from './mail-queue.ts';

/** What the account services need; `now` is injected so tests can move the clock. */
export interface AccountDeps {
  db: Database;
  now: () => Date;
  /** Base of the links in e-mails, without a trailing slash. */
  baseUrl: string;
  captcha: CaptchaPort;
  basket: Pick<BasketService, 'adoptSessionBasket'>;
  mail: MailQueue;
  escalation: Escalation;
  throttle: LoginThrottle;
  throttleRules: LoginThrottleRules;
  /** Deletes every session of a customer (password reset). */
  endSessionsOf(customerId: number, tx: Transaction): Promise<void>;
}

/** Who is asking: the parts of the request the services use. */
export interface Caller {
  ip: string;
  language: Locale;
  sessionIdHash: string;
}

/** Logs the caller's session in as the customer, inside the transaction of the login. */
export type StartSession = (tx: Transaction, customerId: number) => Promise<void>;

export function accountLink(baseUrl: string, page: keyof typeof ACCOUNT_PAGES, token?: string): string {
  return `${baseUrl}${ACCOUNT_PAGES[page]}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}
