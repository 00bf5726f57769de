import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentAnnouncement, PaymentPort, ResultsAnswer, ReturnAnswer } from './payment-port.ts';
import {
  notificationSignatureParts,
  parseProviderTime,
  returnSignatureParts,
  signatureMatches,
  signParts,
  verifySignedReturn,
  ZOmnikassaNotification,
  type TOmnikassaNotification,
} from './omnikassa-signature.ts';
import {
  renderPaymentPage,
  renderUnknownPaymentPage,
  SIMULATED_PAYMENT_CSS,
  SIMULATED_PAYMENT_CSS_PATH,
  type SimulatedOutcome,
} from './simulated-payment-page.ts';

/**
 * A payment provider on our own server, for development and tests: the announced order gets a
 * page where the tester picks paid, cancelled or expired. It then behaves as Omnikassa does: a
 * signed notification goes to the shop's webhook (`notify`), whose `pullResults` answers the
 * recorded outcome, and the browser returns to `merchantReturnUrl` with a signed
 * `order_id`, `status` and `signature`. Everything is signed with a random key made at start,
 * so nothing from outside (or from an earlier run) is accepted. Attempts live in memory.
 */
export interface SimulatedPaymentOptions {
  /** The shop's own base URL; the hosted page lives under it. */
  baseUrl: string;
  now?: () => Date;
}

interface Attempt {
  order: PaymentAnnouncement;
  providerOrderId: string;
  outcome: SimulatedOutcome | null;
}

/** As Omnikassa wants it (without a shopperBankstatementReference): alphanumeric, at most 24. */
const MERCHANT_ORDER_ID = /^[A-Za-z0-9]{1,24}$/;
const EVENT_NAME = 'merchant.order.status.changed';
const POI_ID = 1;
/** How long a notification may be used to pull its result. */
const NOTIFICATION_LIFE_MS = 5 * 60_000;

const ZParams = z.object({ merchantOrderId: z.string().min(1).max(64) });
const ZOutcomeForm = z.object({
  outcome: z.enum(['COMPLETED', 'CANCELLED', 'EXPIRED']) satisfies z.ZodType<SimulatedOutcome>,
  _csrf: z.string().optional(),
});

export function createSimulatedPayment(options: SimulatedPaymentOptions): PaymentPort {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const now = options.now ?? (() => new Date());
  const key = randomBytes(64);
  const attempts = new Map<string, Attempt>();
  /** The notification's `authentication` token -> the attempt it reports on. */
  const events = new Map<string, string>();

  function notificationFor(merchantOrderId: string): TOmnikassaNotification {
    const authentication = randomBytes(24).toString('base64url');
    events.set(authentication, merchantOrderId);
    const fields = { authentication, expiry: new Date(now().getTime() + NOTIFICATION_LIFE_MS).toISOString(), eventName: EVENT_NAME, poiId: POI_ID };
    return { ...fields, signature: signParts(notificationSignatureParts(fields), key) };
  }

  function returnUrlFor(merchantOrderId: string, attempt: Attempt & { outcome: SimulatedOutcome }): string {
    const url = new URL(attempt.order.merchantReturnUrl);
    url.searchParams.set('order_id', merchantOrderId);
    url.searchParams.set('status', attempt.outcome);
    url.searchParams.set('signature', signParts(returnSignatureParts(merchantOrderId, attempt.outcome), key));
    return url.toString();
  }

  const finished = (attempt: Attempt): attempt is Attempt & { outcome: SimulatedOutcome } => attempt.outcome !== null;

  return {
    name: 'simulated',

    async announce(order) {
      if (!MERCHANT_ORDER_ID.test(order.merchantOrderId)) {
        return { ok: false, reason: 'refused', detail: `merchantOrderId must be 1-24 letters or digits: ${order.merchantOrderId}` };
      }
      if (!Number.isSafeInteger(order.amountCents) || order.amountCents <= 0) {
        return { ok: false, reason: 'refused', detail: `amount must be a positive number of cents: ${order.amountCents}` };
      }
      try {
        new URL(order.merchantReturnUrl);
      } catch {
        return { ok: false, reason: 'refused', detail: `merchantReturnUrl is not a URL: ${order.merchantReturnUrl}` };
      }
      // Announcing the same id again answers the attempt already made, whatever its state.
      let attempt = attempts.get(order.merchantOrderId);
      if (!attempt) {
        attempt = { order, providerOrderId: randomUUID(), outcome: null };
        attempts.set(order.merchantOrderId, attempt);
      }
      return {
        ok: true,
        redirectUrl: `${order.shopUrl?.replace(/\/+$/, '') ?? baseUrl}/betalen/simulatie/${encodeURIComponent(order.merchantOrderId)}`,
        providerOrderId: attempt.providerOrderId,
      };
    },

    verifyReturn(query): ReturnAnswer {
      return verifySignedReturn(query, key);
    },

    async pullResults(notification): Promise<ResultsAnswer> {
      const parsed = ZOmnikassaNotification.safeParse(notification);
      if (!parsed.success) return { ok: false, reason: 'bad-signature', detail: 'not a notification' };
      const n = parsed.data;
      if (!signatureMatches(n.signature, signParts(notificationSignatureParts(n), key))) return { ok: false, reason: 'bad-signature' };
      if (!(parseProviderTime(n.expiry) > now().getTime())) return { ok: false, reason: 'expired', detail: `notification expired at ${n.expiry}` };
      const merchantOrderId = events.get(n.authentication);
      const attempt = merchantOrderId === undefined ? undefined : attempts.get(merchantOrderId);
      if (merchantOrderId === undefined || !attempt) return { ok: false, reason: 'unauthorised', detail: 'unknown notification' };
      if (!finished(attempt)) return { ok: true, results: [] };
      // A replay answers the same (final) result again; the shop's transition table ignores it.
      return {
        ok: true,
        results: [
          {
            merchantOrderId,
            providerOrderId: attempt.providerOrderId,
            status: attempt.outcome,
            paidAmountCents: attempt.outcome === 'COMPLETED' ? attempt.order.amountCents : 0,
          },
        ],
      };
    },

    registerRoutes(app: FastifyInstance, notify: (notification: unknown) => Promise<void>) {
      const api = app.withTypeProvider<ZodTypeProvider>();

      app.get(SIMULATED_PAYMENT_CSS_PATH, { config: { session: false } }, async (_request, reply) =>
        reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SIMULATED_PAYMENT_CSS),
      );

      api.get('/betalen/simulatie/:merchantOrderId', { schema: { params: ZParams } }, async (request, reply) => {
        const { merchantOrderId } = request.params;
        const attempt = attempts.get(merchantOrderId);
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
        if (!attempt) return reply.code(404).send(renderUnknownPaymentPage());
        return renderPaymentPage({
          merchantOrderId,
          amountCents: attempt.order.amountCents,
          description: attempt.order.description,
          csrfToken: request.session.csrfToken,
          finished: finished(attempt) ? { outcome: attempt.outcome, returnUrl: returnUrlFor(merchantOrderId, attempt) } : null,
        });
      });

      api.post('/betalen/simulatie/:merchantOrderId', { schema: { params: ZParams, body: ZOutcomeForm } }, async (request, reply) => {
        const { merchantOrderId } = request.params;
        const attempt = attempts.get(merchantOrderId);
        if (!attempt) return reply.code(404).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(renderUnknownPaymentPage());
        // The first outcome is final, as at a real provider: a second post (back button, double
        // click) changes nothing and sends the browser back with the recorded outcome.
        const first = !finished(attempt);
        const done = finished(attempt) ? attempt : Object.assign(attempt, { outcome: request.body.outcome });
        if (first) {
          try {
            await notify(notificationFor(merchantOrderId));
          } catch (error) {
            // A webhook that fails is the shop's problem, not the provider's: the customer still
            // goes back, and the signed return URL carries the outcome too.
            request.log.warn({ err: error, merchantOrderId }, 'simulated payment: the shop did not take the notification');
          }
        }
        return reply.redirect(returnUrlFor(merchantOrderId, done), 303);
      });
    },
  };
}
