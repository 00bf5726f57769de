import { contracts, type Locale, type TPaymentLink, type TPaymentStatus, type TPaymentStatusAnswer } from '@kavel/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/connect.ts';
import { refusal } from '../../http/errors.ts';
import type { PaymentAnnouncement, PaymentPort, PaymentResult } from '../../ports/payment/payment-port.ts';
import type { CustomerLookup } from '../accounts/customer-lookup.ts';
import { domainClaimedRefusal, domainClaims, UNPAID_CLAIM_MS } from './domain-claims.ts';
import type { InvoiceService } from './invoice-service.ts';
import { orderRepository, type OrderRow } from './order-repository.ts';
import { paymentRepository } from './payment-repository.ts';

export type AttemptAnswer = { ok: true; url: string } | { ok: false; reason: 'paid' | 'ended' | 'unavailable' } | { ok: false; reason: 'claimed'; domain: string };

/** What became of a webhook notification: taken, refused (bad signature, expired), or to be retried by the provider. */
export type NotificationOutcome = 'ok' | 'rejected' | 'unavailable';

export interface PaymentService {
  /**
   * The page where the customer pays `order`: the open attempt's, or a newly announced attempt
   * when there is none yet or (with `startAfterEnded`) the last one was cancelled or expired.
   */
  attemptFor(order: OrderRow, options: AttemptOptions): Promise<AttemptAnswer>;
  /** `POST /api/bestellen/{id}/betaling`: 404 for someone else's order, 409 when paid or not paid online, 503 when the provider cannot be reached. */
  /** `startNew`: a new attempt after a cancelled or expired one (POST); without it only the open or first one (GET). */
  payLink(customerId: number, orderId: number, locale: Locale, shopUrl?: string, startNew?: boolean): Promise<TPaymentLink>;
  status(customerId: number, orderId: number, locale: Locale): Promise<TPaymentStatusAnswer>;
  /** The signed return URL: applies the status it claims; answers the order, or null when the signature fails. */
  handleReturn(query: Record<string, string | undefined>): Promise<{ orderId: number } | null>;
  handleNotification(notification: unknown): Promise<NotificationOutcome>;
  /** Frees the names of orders left unpaid for a day (`UNPAID_CLAIM_MS`); answers how many. */
  releaseUnpaidClaims(now: Date): Promise<number>;
  /** Whether the attempt `merchantOrderId` is on an order of `customerId` (a visitor, null, pays nothing). */
  isPayer(customerId: number | null, merchantOrderId: string): Promise<boolean>;
}

export interface AttemptOptions {
  locale: Locale;
  startAfterEnded: boolean;
  /**
   * The shop's address as the customer's browser uses it (`shopUrlOf`): the provider sends the
   * browser back there, to its own session cookie. Default: `baseUrl`.
   */
  shopUrl?: string | undefined;
}

export interface PaymentServiceDeps {
  db: Database;
  port: PaymentPort;
  baseUrl: string;
  now: () => Date;
  invoices: Pick<InvoiceService, 'markPaid'>;
  customer: CustomerLookup;
  /** Writes the jobs of a confirmed order (its fulfilment, its confirmation mail), in the transaction that confirms it. */
  requestFulfilment(orderId: number, tx: Transaction): Promise<void>;
  log: FastifyBaseLogger;
}

const OPEN: readonly TPaymentStatus[] = ['ANNOUNCED', 'IN_PROGRESS'];
/** A provider that does not answer in time counts as unreachable: the customer gets the status page and its pay button. */
const PROVIDER_TIMEOUT_MS = 15_000;

/** Ours per attempt, as Omnikassa wants it: letters and digits only, at most 24. */
export const merchantOrderIdOf = (orderId: number, attempt: number): string => `K${orderId}N${attempt}`;

/** The order id in a merchantOrderId, for the redirect after a return whose signature failed. */
export function orderIdOfMerchantOrderId(merchantOrderId: string | undefined): number | null {
  const match = /^K(\d{1,10})N\d{1,12}$/.exec(merchantOrderId ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * Online payments of orders (decision 4): attempts announced to the payment port, and the
 * provider's reports applied along `PAYMENT_TRANSITIONS`, so a late or replayed report changes
 * nothing. A completed payment confirms its order and marks the invoice paid in one
 * transaction, with the job that fulfils it: the webhook's answer does not wait for fulfilment.
 */
export function createPaymentService(deps: PaymentServiceDeps): PaymentService {
  const { db, port } = deps;
  const returnUrlAt = (shopUrl: string) => `${shopUrl.replace(/\/+$/, '')}${contracts.paymentReturn.path}`;
  /** Concurrent requests for the same order's page in this process share one announce. */
  const inflight = new Map<string, Promise<AttemptAnswer>>();

  async function announce(order: OrderRow, locale: Locale, shopUrl: string): Promise<AttemptAnswer> {
    const merchantOrderId = merchantOrderIdOf(order.id, (await paymentRepository.countFor(db, order.id)) + 1);
    const customer = await deps.customer(order.customerId);
    const announcement: PaymentAnnouncement = {
      merchantOrderId,
      amountCents: order.totalIncludeTax,
      currency: 'EUR',
      description: `Kavel bestelling ${order.id}`,
      language: locale === 'en' ? 'EN' : 'NL',
      merchantReturnUrl: returnUrlAt(shopUrl),
      shopUrl,
      shopper: { email: customer?.email ?? '', fullName: customer ? `${customer.firstName} ${customer.lastName}` : '' },
    };
    // An adapter answers failures; a throw (a bug) must not turn the purchase's answer into a 500 after its commit.
    const answer = await port
      .announce(announcement, AbortSignal.timeout(PROVIDER_TIMEOUT_MS))
      .catch((error: unknown) => ({ ok: false as const, reason: 'unexpected-answer' as const, detail: String(error) }));
    if (!answer.ok) {
      deps.log.warn({ orderId: order.id, merchantOrderId, reason: answer.reason, detail: answer.detail }, 'announcing a payment failed');
      return { ok: false, reason: 'unavailable' };
    }
    const at = deps.now();
    const stored = await paymentRepository.insertIfAbsent(db, {
      orderId: order.id,
      provider: port.name,
      merchantOrderId,
      providerOrderId: answer.providerOrderId,
      status: 'ANNOUNCED',
      amount: order.totalIncludeTax,
      redirectUrl: answer.redirectUrl,
      createdAt: at,
      updatedAt: at,
    });
    if (stored) return { ok: true, url: answer.redirectUrl };
    // Another process announced the same attempt first: everyone goes to its page. Reports about
    // ours carry another provider order id and are ignored (see `applyResult`).
    const winner = await paymentRepository.findByMerchantOrderId(db, merchantOrderId);
    return winner?.redirectUrl ? { ok: true, url: winner.redirectUrl } : { ok: false, reason: 'unavailable' };
  }

  async function attemptFor(order: OrderRow, options: AttemptOptions): Promise<AttemptAnswer> {
    const shopUrl = options.shopUrl ?? deps.baseUrl;
    const key = `${order.id}:${options.startAfterEnded}:${shopUrl}`;
    const running = inflight.get(key);
    if (running) return running;
    const work = (async (): Promise<AttemptAnswer> => {
      const latest = await paymentRepository.latest(db, order.id);
      if (latest?.status === 'COMPLETED') return { ok: false, reason: 'paid' };
      if (latest && OPEN.includes(latest.status) && latest.redirectUrl) return { ok: true, url: latest.redirectUrl };
      if (latest && !options.startAfterEnded) return { ok: false, reason: 'ended' };
      const current = await orderRepository.find(db, order.id);
      if (current?.status !== 'AWAITING_PAYMENT') return { ok: false, reason: 'paid' };
      // The names went back when the last attempt ended (or the order was left for a day): a new
      // attempt claims them again, and is refused when another order took one meanwhile.
      if (latest || current.createdAt.getTime() <= deps.now().getTime() - UNPAID_CLAIM_MS) {
        const taken = await domainClaims.claimAgain(db, current.id, deps.now());
        if (taken) return { ok: false, reason: 'claimed', domain: taken };
      }
      return announce(current, options.locale, shopUrl);
    })();
    inflight.set(key, work);
    try {
      return await work;
    } finally {
      inflight.delete(key);
    }
  }

  /** Applies one report; answers the order it concerns (null for an attempt we do not know). */
  async function applyResult(result: Pick<PaymentResult, 'merchantOrderId' | 'status'> & Partial<Pick<PaymentResult, 'providerOrderId' | 'paidAmountCents'>>): Promise<number | null> {
    const at = deps.now();
    return db.transaction(async (tx) => {
      const row = await paymentRepository.findByMerchantOrderId(tx, result.merchantOrderId, { lock: true });
      if (!row) {
        deps.log.warn({ merchantOrderId: result.merchantOrderId }, 'payment report for an unknown attempt');
        return null;
      }
      if (result.providerOrderId && row.providerOrderId && result.providerOrderId !== row.providerOrderId) {
        deps.log.warn({ merchantOrderId: row.merchantOrderId }, 'payment report for a provider order that lost the race to be stored: ignored');
        return row.orderId;
      }
      const paid = result.paidAmountCents ?? null;
      if (result.status === 'COMPLETED' && paid !== null && paid !== row.amount) {
        deps.log.error({ merchantOrderId: row.merchantOrderId, paid, owed: row.amount }, 'payment completed with another amount than announced: not confirmed');
        return row.orderId;
      }
      const moved = await paymentRepository.move(tx, row.id, row.status, result.status, {
        updatedAt: at,
        ...(!row.providerOrderId && result.providerOrderId ? { providerOrderId: result.providerOrderId } : {}),
      });
      if (moved && result.status === 'COMPLETED') {
        const order = await orderRepository.find(tx, row.orderId, { lock: true });
        if (order && (await orderRepository.move(tx, order.id, 'AWAITING_PAYMENT', 'CONFIRMED', { confirmedAt: at }))) {
          await deps.invoices.markPaid(tx, order.invoiceId, at);
          // Its names are normally still its own; after a day unpaid another order may have one:
          // the paid order goes on, and if its registration fails it is credited (fulfilment).
          const taken = await domainClaims.claimAgain(tx, order.id, at);
          if (taken) deps.log.warn({ orderId: order.id, domain: taken }, 'a late payment: another order claimed a name of this order meanwhile');
          await deps.requestFulfilment(order.id, tx);
        }
      } else if (moved && (result.status === 'CANCELLED' || result.status === 'EXPIRED')) {
        // The attempt ended unpaid: the order's names are free for others until it is paid for
        // again (a new attempt only starts after this one ended, so this was the open one).
        const order = await orderRepository.find(tx, row.orderId, { lock: true });
        if (order?.status === 'AWAITING_PAYMENT') await domainClaims.release(tx, order.id);
      }
      return row.orderId;
    });
  }

  async function ownedOrder(customerId: number, orderId: number, locale: Locale): Promise<OrderRow> {
    const order = await orderRepository.findOwned(db, customerId, orderId);
    if (!order) throw refusal(locale, 404, 'notFound');
    return order;
  }

  return {
    attemptFor,

    async payLink(customerId, orderId, locale, shopUrl, startNew = true) {
      const order = await ownedOrder(customerId, orderId, locale);
      if (order.paymentMethod !== 'ONLINE') throw refusal(locale, 409, 'orderNotPaidOnline');
      if (order.status !== 'AWAITING_PAYMENT') throw refusal(locale, 409, 'orderAlreadyPaid');
      const answer = await attemptFor(order, { locale, startAfterEnded: startNew, shopUrl });
      if (answer.ok) return { url: answer.url };
      if (answer.reason === 'paid') throw refusal(locale, 409, 'orderAlreadyPaid');
      if (answer.reason === 'ended') throw refusal(locale, 409, 'orderPaymentEnded');
      if (answer.reason === 'claimed') throw domainClaimedRefusal(locale, answer.domain);
      throw refusal(locale, 503, 'paymentUnavailable');
    },

    async status(customerId, orderId, locale) {
      const order = await ownedOrder(customerId, orderId, locale);
      const latest = await paymentRepository.latest(db, order.id);
      return { lastOmnikassaStatus: latest?.status ?? null };
    },

    async handleReturn(query) {
      const answer = port.verifyReturn(query);
      if (!answer.ok) return null;
      const orderId = answer.status
        ? await applyResult({ merchantOrderId: answer.merchantOrderId, status: answer.status })
        : ((await paymentRepository.findByMerchantOrderId(db, answer.merchantOrderId))?.orderId ?? null);
      if (orderId === null) return null;
      return { orderId };
    },

    async handleNotification(notification) {
      const answer = await port.pullResults(notification, AbortSignal.timeout(PROVIDER_TIMEOUT_MS));
      if (!answer.ok) {
        deps.log.warn({ reason: answer.reason, detail: answer.detail }, 'payment notification not taken');
        return answer.reason === 'bad-signature' || answer.reason === 'expired' ? 'rejected' : 'unavailable';
      }
      for (const result of answer.results) await applyResult(result);
      return 'ok';
    },

    releaseUnpaidClaims: (now) => domainClaims.releaseUnpaid(db, now),

    async isPayer(customerId, merchantOrderId) {
      if (customerId === null) return false;
      const row = await paymentRepository.findByMerchantOrderId(db, merchantOrderId);
      return row !== null && (await orderRepository.findOwned(db, customerId, row.orderId)) !== null;
    },
  };
}
