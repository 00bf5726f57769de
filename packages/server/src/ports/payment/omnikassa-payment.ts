import { z } from 'zod';
import type { AnnounceAnswer, PaymentAnnouncement, PaymentPort, PaymentResult, ResultsAnswer, ReturnAnswer } from './payment-port.ts';
import {
  decodeSigningKey,
  notificationSignatureParts,
  parseProviderTime,
  paymentStatusOf,
  resultsSignatureParts,
  signatureMatches,
  signParts,
  verifySignedReturn,
  ZOmnikassaNotification,
  ZOmnikassaResultsPage,
} from './omnikassa-signature.ts';

/**
 * Rabo Smart Pay / Omnikassa 2.0 over its REST API, as the official SDKs use it (Java SDK 1.17.x,
 * PHP SDK 1.18.2; see omnikassa-signature.ts): an access token from `gatekeeper/refresh`, the
 * order announcement at `order/server/api/v2/order`, signed return URLs, and signed webhook
 * notifications whose results are pulled from `order/server/api/events/results/{eventName}`
 * (PHP SDK 1.18.2 went back to this path from `v2/events/results`).
 */
export interface OmnikassaPaymentOptions {
  /** Long-lived token from the dashboard; buys the access tokens. */
  refreshToken: string;
  /** Base64, as the dashboard shows it. */
  signingKey: string;
  /** Up to and including the API path, e.g. `https://betalen.rabobank.nl/omnikassa-api-sandbox/`. */
  baseUrl: string;
  fetch?: typeof fetch;
  now?: () => Date;
  /** Per HTTP request; default 10 s. */
  timeoutMs?: number;
}

type Failure = { ok: false; reason: 'unreachable' | 'unauthorised' | 'unexpected-answer'; detail?: string };
/** An HTTP answer below 500; network trouble and server errors are worth a later retry. */
type Received = { ok: true; status: number; json: unknown; readable: boolean };

const ZAccessToken = z.object({ token: z.string().min(1), validUntil: z.string(), durationInMillis: z.number().positive() });
const ZAnnounceResponse = z.object({ redirectUrl: z.string().url(), omnikassaOrderId: z.string().min(1) });
const ZErrorBody = z.object({ errorCode: z.union([z.number(), z.string()]), errorMessage: z.string().optional(), consumerMessage: z.string().optional() });

/** The SDK renews a token when less than 5 % of its life is left. */
const TOKEN_MARGIN = 0.05;
/** Each page holds up to 100 results; what is not pulled stays for the next notification. */
const MAX_PAGES = 100;
/** The SDK field is shortened to 35 characters by the provider; we send what will be kept. */
const MAX_DESCRIPTION = 35;

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}

function errorDetail(answer: Received): string {
  const body = ZErrorBody.safeParse(answer.json);
  if (!body.success) return `HTTP ${answer.status}`;
  const text = body.data.consumerMessage ?? body.data.errorMessage;
  return `HTTP ${answer.status}, errorCode ${body.data.errorCode}${text ? `: ${text}` : ''}`;
}

function cents(amount: number | string): number | null {
  if (typeof amount === 'number') return Number.isSafeInteger(amount) ? amount : null;
  return /^-?\d+$/.test(amount) ? Number.parseInt(amount, 10) : null;
}

export function createOmnikassaPayment(options: OmnikassaPaymentOptions): PaymentPort {
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  const key = decodeSigningKey(options.signingKey);
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 10_000;

  let cached: { token: string; renewAt: number } | null = null;
  let refreshing: Promise<{ ok: true; token: string } | Failure> | null = null;

  async function request(path: string, init: { method: 'GET' | 'POST'; bearer: string; body?: unknown }, signal?: AbortSignal): Promise<Received | Failure> {
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetchImpl(new URL(path, base), {
        method: init.method,
        headers: {
          authorization: `Bearer ${init.bearer}`,
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      const text = await response.text();
      if (response.status >= 500) return { ok: false, reason: 'unreachable', detail: `HTTP ${response.status}` };
      try {
        return { ok: true, status: response.status, json: text === '' ? undefined : JSON.parse(text), readable: true };
      } catch {
        return { ok: true, status: response.status, json: undefined, readable: false };
      }
    } catch (error) {
      return { ok: false, reason: 'unreachable', detail: describe(error) };
    }
  }

  async function refresh(): Promise<{ ok: true; token: string } | Failure> {
    const answer = await request('gatekeeper/refresh', { method: 'GET', bearer: options.refreshToken });
    if (!answer.ok) return answer;
    if (answer.status !== 200) return { ok: false, reason: 'unauthorised', detail: `token refresh: ${errorDetail(answer)}` };
    const parsed = ZAccessToken.safeParse(answer.json);
    const validUntil = parsed.success ? parseProviderTime(parsed.data.validUntil) : Number.NaN;
    if (!parsed.success || Number.isNaN(validUntil)) return { ok: false, reason: 'unexpected-answer', detail: 'token refresh: not an access token' };
    cached = { token: parsed.data.token, renewAt: validUntil - parsed.data.durationInMillis * TOKEN_MARGIN };
    return { ok: true, token: parsed.data.token };
  }

  /** A valid access token; concurrent callers share one refresh. */
  function accessToken(force = false): Promise<{ ok: true; token: string } | Failure> {
    if (!force && cached && now().getTime() < cached.renewAt) return Promise.resolve({ ok: true, token: cached.token });
    if (force) cached = null;
    refreshing ??= refresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function orderBody(order: PaymentAnnouncement) {
    return {
      timestamp: now().toISOString(),
      merchantOrderId: order.merchantOrderId,
      description: order.description.slice(0, MAX_DESCRIPTION),
      amount: { currency: order.currency, amount: order.amountCents },
      language: order.language,
      merchantReturnURL: order.merchantReturnUrl,
      customerInformation: { emailAddress: order.shopper.email, fullName: order.shopper.fullName },
      skipHppResultPage: false,
    };
  }

  async function pullPage(eventName: string, authentication: string, signal?: AbortSignal) {
    const answer = await request(`order/server/api/events/results/${encodeURIComponent(eventName)}`, { method: 'GET', bearer: authentication }, signal);
    if (!answer.ok) return answer;
    if (answer.status === 401 || answer.status === 403) return { ok: false as const, reason: 'unauthorised' as const, detail: errorDetail(answer) };
    if (answer.status !== 200) return { ok: false as const, reason: 'unexpected-answer' as const, detail: errorDetail(answer) };
    const page = ZOmnikassaResultsPage.safeParse(answer.json);
    if (!page.success) return { ok: false as const, reason: 'unexpected-answer' as const, detail: 'results: not a results page' };
    if (!signatureMatches(page.data.signature, signParts(resultsSignatureParts(page.data), key))) {
      return { ok: false as const, reason: 'bad-signature' as const, detail: 'results page signature does not match' };
    }
    return { ok: true as const, page: page.data };
  }

  return {
    name: 'omnikassa',

    async announce(order, signal): Promise<AnnounceAnswer> {
      const body = orderBody(order);
      let token = await accessToken();
      if (!token.ok) return token;
      let answer = await request('order/server/api/v2/order', { method: 'POST', bearer: token.token, body }, signal);
      if (answer.ok && answer.status === 401) {
        // The token may have been revoked before its time: buy a new one, once.
        token = await accessToken(true);
        if (!token.ok) return token;
        answer = await request('order/server/api/v2/order', { method: 'POST', bearer: token.token, body }, signal);
      }
      if (!answer.ok) return answer;
      if (answer.status === 401 || answer.status === 403) return { ok: false, reason: 'unauthorised', detail: errorDetail(answer) };
      if (answer.status >= 400) return { ok: false, reason: 'refused', detail: errorDetail(answer) };
      if (ZErrorBody.safeParse(answer.json).success) return { ok: false, reason: 'refused', detail: errorDetail(answer) };
      const parsed = ZAnnounceResponse.safeParse(answer.json);
      if (!answer.readable || !parsed.success) return { ok: false, reason: 'unexpected-answer', detail: `announce: HTTP ${answer.status} without redirectUrl` };
      return { ok: true, redirectUrl: parsed.data.redirectUrl, providerOrderId: parsed.data.omnikassaOrderId };
    },

    verifyReturn(query): ReturnAnswer {
      return verifySignedReturn(query, key);
    },

    async pullResults(notification, signal): Promise<ResultsAnswer> {
      const parsed = ZOmnikassaNotification.safeParse(notification);
      if (!parsed.success) return { ok: false, reason: 'bad-signature', detail: 'not a notification' };
      const n = parsed.data;
      if (!signatureMatches(n.signature, signParts(notificationSignatureParts(n), key))) return { ok: false, reason: 'bad-signature' };
      const expiry = parseProviderTime(n.expiry);
      if (Number.isNaN(expiry)) return { ok: false, reason: 'unexpected-answer', detail: `unreadable expiry ${n.expiry}` };
      if (expiry <= now().getTime()) return { ok: false, reason: 'expired', detail: `notification expired at ${n.expiry}` };

      const results: PaymentResult[] = [];
      for (let pages = 0; pages < MAX_PAGES; pages++) {
        const answer = await pullPage(n.eventName, n.authentication, signal);
        if (!answer.ok) return answer;
        for (const r of answer.page.orderResults) {
          const status = paymentStatusOf(r.orderStatus);
          // A status we do not know cannot move a payment; the next report will.
          if (status === null) continue;
          results.push({ merchantOrderId: r.merchantOrderId, providerOrderId: r.omnikassaOrderId, status, paidAmountCents: cents(r.paidAmount.amount) });
        }
        if (!answer.page.moreOrderResultsAvailable) break;
      }
      return { ok: true, results };
    },
  };
}
