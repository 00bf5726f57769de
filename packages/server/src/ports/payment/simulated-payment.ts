import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/connect.ts';
import { simulatedPaymentAttempts, simulatedPaymentNotifications } from '../../db/schema/index.ts';
import { getOrCreateSecret } from '../../db/settings.ts';
import type { HostedPaymentPageShop, PaymentAnnouncement, PaymentPort, ResultsAnswer, ReturnAnswer } from './payment-port.ts';
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
 * `order_id`, `status` and `signature`. Everything is signed with a random key this installation
 * made once, so nothing from outside is accepted. Attempts, notifications and the key live in the
 * database: a restart or another process of the same shop serves an open page just the same.
 *
 * The page's address carries the attempt's provider id (128 random bits), not our sequential
 * merchantOrderId, and the page answers only whom the shop's `mayPay` accepts (the order's
 * owner); everyone else gets the same 404 as for an id that does not exist.
 */
export interface SimulatedPaymentOptions {
  /** The shop's own base URL; the hosted page lives under it. */
  baseUrl: string;
  /** Where attempts and the signing key are kept. */
  db: Database;
  now?: () => Date;
}

interface Attempt {
  merchantOrderId: string;
  order: PaymentAnnouncement;
  /** Random, unguessable: the page's address. */
  providerOrderId: string;
  outcome: SimulatedOutcome | null;
}

/** The setting that holds the signing key. */
export const SIMULATED_PAYMENT_KEY_SETTING = 'simulated_payment_key';

/** As Omnikassa wants it (without a shopperBankstatementReference): alphanumeric, at most 24. */
const MERCHANT_ORDER_ID = /^[A-Za-z0-9]{1,24}$/;
const EVENT_NAME = 'merchant.order.status.changed';
const POI_ID = 1;
/** How long a notification may be used to pull its result. */
const NOTIFICATION_LIFE_MS = 5 * 60_000;

const ZParams = z.object({ providerOrderId: z.string().min(1).max(64) });
const ZOutcome = z.enum(['COMPLETED', 'CANCELLED', 'EXPIRED']) satisfies z.ZodType<SimulatedOutcome>;
const ZOutcomeForm = z.object({ outcome: ZOutcome, _csrf: z.string().optional() });

/** An attempt's page id: 128 random bits, base64url (22 characters), so no one can guess another's. */
const newPageId = (): string => randomBytes(16).toString('base64url');
const pagePath = (providerOrderId: string): string => `/betalen/simulatie/${encodeURIComponent(providerOrderId)}`;

type AttemptRow = typeof simulatedPaymentAttempts.$inferSelect;

const attemptOf = (row: AttemptRow): Attempt => ({
  merchantOrderId: row.merchantOrderId,
  order: row.announcement as PaymentAnnouncement,
  providerOrderId: row.providerOrderId,
  outcome: row.outcome === null ? null : ZOutcome.parse(row.outcome),
});

export async function createSimulatedPayment(options: SimulatedPaymentOptions): Promise<PaymentPort> {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const now = options.now ?? (() => new Date());
  const { db } = options;
  const key = Buffer.from(await getOrCreateSecret(db, SIMULATED_PAYMENT_KEY_SETTING), 'base64url');

  async function attemptWhere(condition: ReturnType<typeof eq>): Promise<Attempt | null> {
    const [row] = await db.select().from(simulatedPaymentAttempts).where(condition);
    return row ? attemptOf(row) : null;
  }

  async function notificationFor(merchantOrderId: string): Promise<TOmnikassaNotification> {
    const authentication = randomBytes(24).toString('base64url');
    await db.insert(simulatedPaymentNotifications).values({ authentication, merchantOrderId });
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
      await db
        .insert(simulatedPaymentAttempts)
        .values({ merchantOrderId: order.merchantOrderId, providerOrderId: newPageId(), announcement: order })
        .onConflictDoNothing({ target: simulatedPaymentAttempts.merchantOrderId });
      const attempt = await attemptWhere(eq(simulatedPaymentAttempts.merchantOrderId, order.merchantOrderId));
      if (!attempt) throw new Error(`simulated payment attempt ${order.merchantOrderId} missing right after insert`);
      return {
        ok: true,
        redirectUrl: `${order.shopUrl?.replace(/\/+$/, '') ?? baseUrl}${pagePath(attempt.providerOrderId)}`,
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
      const [event] = await db
        .select({ merchantOrderId: simulatedPaymentNotifications.merchantOrderId })
        .from(simulatedPaymentNotifications)
        .where(eq(simulatedPaymentNotifications.authentication, n.authentication));
      const attempt = event ? await attemptWhere(eq(simulatedPaymentAttempts.merchantOrderId, event.merchantOrderId)) : null;
      if (!attempt) return { ok: false, reason: 'unauthorised', detail: 'unknown notification' };
      const { merchantOrderId } = attempt;
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

    registerRoutes(app: FastifyInstance, shop: HostedPaymentPageShop) {
      const api = app.withTypeProvider<ZodTypeProvider>();

      /** The attempt behind a page id, only for a visitor the shop lets pay it. */
      async function attemptFor(request: FastifyRequest, providerOrderId: string): Promise<{ merchantOrderId: string; attempt: Attempt } | null> {
        const attempt = await attemptWhere(eq(simulatedPaymentAttempts.providerOrderId, providerOrderId));
        if (!attempt) return null;
        return (await shop.mayPay(request, attempt.merchantOrderId)) ? { merchantOrderId: attempt.merchantOrderId, attempt } : null;
      }

      const unknown = (reply: FastifyReply) => reply.code(404).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(renderUnknownPaymentPage());

      app.get(SIMULATED_PAYMENT_CSS_PATH, { config: { session: false } }, async (_request, reply) =>
        reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SIMULATED_PAYMENT_CSS),
      );

      api.get('/betalen/simulatie/:providerOrderId', { schema: { params: ZParams } }, async (request, reply) => {
        const found = await attemptFor(request, request.params.providerOrderId);
        if (!found) return unknown(reply);
        const { merchantOrderId, attempt } = found;
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
        return renderPaymentPage({
          merchantOrderId,
          action: pagePath(attempt.providerOrderId),
          amountCents: attempt.order.amountCents,
          description: attempt.order.description,
          csrfToken: request.session.csrfToken,
          finished: finished(attempt) ? { outcome: attempt.outcome, returnUrl: returnUrlFor(merchantOrderId, attempt) } : null,
        });
      });

      api.post('/betalen/simulatie/:providerOrderId', { schema: { params: ZParams, body: ZOutcomeForm } }, async (request, reply) => {
        const found = await attemptFor(request, request.params.providerOrderId);
        if (!found) return unknown(reply);
        const { merchantOrderId } = found;
        // The first outcome is final, as at a real provider: a second post (back button, double
        // click, another process) changes nothing and sends the browser back with the recorded outcome.
        const [recorded] = await db
          .update(simulatedPaymentAttempts)
          .set({ outcome: request.body.outcome })
          .where(and(eq(simulatedPaymentAttempts.merchantOrderId, merchantOrderId), isNull(simulatedPaymentAttempts.outcome)))
          .returning();
        const first = recorded !== undefined;
        const done = first ? attemptOf(recorded) : await attemptWhere(eq(simulatedPaymentAttempts.merchantOrderId, merchantOrderId));
        if (!done || !finished(done)) throw new Error(`simulated payment attempt ${merchantOrderId} has no outcome right after it was set`);
        if (first) {
          try {
            await shop.notify(await notificationFor(merchantOrderId));
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
