import type { TPaymentStatus } from '@kavel/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * How the shop takes online payments. Adapters: `simulated` (default; a page on our own server
 * where the tester picks paid, cancelled or expired) and `omnikassa` (Rabo Smart Pay / Omnikassa
 * 2.0). Expected failures are answers (`ok: false`), never throws.
 */

export interface PaymentAnnouncement {
  /** Ours, unique per attempt; comes back on the return URL and in results. */
  merchantOrderId: string;
  /** Amount including VAT, in cents. */
  amountCents: number;
  currency: 'EUR';
  description: string;
  language: 'NL' | 'EN';
  /** Where the provider sends the browser back (it adds its signed parameters). */
  merchantReturnUrl: string;
  /** The shop's address as the customer's browser uses it: a provider hosted by the shop itself (the simulation) serves its page there. */
  shopUrl?: string;
  shopper: { email: string; fullName: string };
}

export type AnnounceAnswer =
  | { ok: true; redirectUrl: string; providerOrderId: string }
  | { ok: false; reason: 'unreachable' | 'unauthorised' | 'refused' | 'unexpected-answer'; detail?: string };

/** The signed parameters on the return URL: who came back, and the status the provider claims. */
export type ReturnAnswer = { ok: true; merchantOrderId: string; status: TPaymentStatus | null } | { ok: false; reason: 'missing' | 'bad-signature' };

/** One order's result as the provider reports it. */
export interface PaymentResult {
  merchantOrderId: string;
  providerOrderId: string;
  status: TPaymentStatus;
  /** What was paid, in cents, when the provider says so. */
  paidAmountCents: number | null;
}

export type ResultsAnswer =
  | { ok: true; results: PaymentResult[] }
  | { ok: false; reason: 'bad-signature' | 'expired' | 'unreachable' | 'unauthorised' | 'unexpected-answer'; detail?: string };

export interface PaymentPort {
  readonly name: 'simulated' | 'omnikassa';
  announce(order: PaymentAnnouncement, signal?: AbortSignal): Promise<AnnounceAnswer>;
  /** Checks the signed query of the return URL (constant-time); it says who came back, not what is paid. */
  verifyReturn(query: Record<string, string | undefined>): ReturnAnswer;
  /**
   * A webhook notification (the parsed JSON body): checks its signature and expiry, then pulls
   * the results it announces, page after page while more are available.
   */
  pullResults(notification: unknown, signal?: AbortSignal): Promise<ResultsAnswer>;
  /**
   * Routes the adapter serves itself: the simulated provider's hosted page. The shop says what
   * the page may do (see `HostedPaymentPageShop`).
   */
  registerRoutes?(app: FastifyInstance, shop: HostedPaymentPageShop): void;
}

/**
 * What a provider page on our own server needs from the shop. The adapter knows no customers
 * or orders: the shop decides who may see and answer an attempt.
 */
export interface HostedPaymentPageShop {
  /** Hands a notification to the shop as the provider's webhook would. */
  notify(notification: unknown): Promise<void>;
  /**
   * Whether the visitor of `request` may see and answer the attempt `merchantOrderId` (the
   * shop: the logged-in owner of its order). Everyone else gets the page of an unknown attempt.
   */
  mayPay(request: FastifyRequest, merchantOrderId: string): Promise<boolean>;
}
