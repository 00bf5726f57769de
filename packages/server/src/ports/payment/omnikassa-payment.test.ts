import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOmnikassaPayment } from './omnikassa-payment.ts';
import type { PaymentAnnouncement } from './payment-port.ts';
import { SDK_NOTIFICATION, SDK_RESULTS_PAGE_JAVA, SDK_RESULTS_PAGE_PHP, SDK_SIGNING_KEY } from './omnikassa-test-vectors.ts';

/** A local stand-in for Rabo Smart Pay; each test decides how it answers. */
interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}
type Answer = { status: number; body?: unknown } | 'hang';

const API = '/omnikassa-api-sandbox/';
const seen: Seen[] = [];
let answer: (request: Seen) => Answer;
let server: Server;
let baseUrl = '';
let closedBaseUrl = '';

/** The test's clock, used by the adapter and by the stub's tokens. */
let clock = Date.parse('2030-01-01T12:00:00Z');
let tokensIssued = 0;

/** The gatekeeper: a new access token for the right refresh token, valid one hour. */
function gatekeeper(request: Seen): Answer {
  if (request.authorization !== 'Bearer refresh-token') return { status: 401, body: { errorCode: 5001, errorMessage: 'invalid refresh token' } };
  tokensIssued++;
  return { status: 200, body: { token: `access-${tokensIssued}`, validUntil: new Date(clock + 3_600_000).toISOString(), durationInMillis: 3_600_000 } };
}

const announced = { redirectUrl: 'https://betalen.rabobank.nl/omnikassa/betaalpagina/abc', omnikassaOrderId: '1d0a95f4-2589-439b-9562-c50aa19f9caf' };

function standard(request: Seen): Answer {
  if (request.path === `${API}gatekeeper/refresh`) return gatekeeper(request);
  if (request.path === `${API}order/server/api/v2/order` && request.method === 'POST') return { status: 201, body: announced };
  return { status: 404, body: { errorCode: 404 } };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const request: Seen = { method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization, body: raw ? JSON.parse(raw) : undefined };
      seen.push(request);
      const reply = answer(request);
      if (reply === 'hang') return;
      const body = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${API}`;

  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedBaseUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}${API}`;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
  answer = standard;
  clock = Date.parse('2030-01-01T12:00:00Z');
  tokensIssued = 0;
});

function omnikassa(overrides: { baseUrl?: string; timeoutMs?: number } = {}) {
  return createOmnikassaPayment({
    refreshToken: 'refresh-token',
    signingKey: SDK_SIGNING_KEY,
    baseUrl: overrides.baseUrl ?? baseUrl,
    now: () => new Date(clock),
    ...(overrides.timeoutMs ? { timeoutMs: overrides.timeoutMs } : {}),
  });
}

const order: PaymentAnnouncement = {
  merchantOrderId: 'K12N1',
  amountCents: 12_345,
  currency: 'EUR',
  description: 'Kavel bestelling 12 met een hele lange omschrijving',
  language: 'NL',
  merchantReturnUrl: 'https://kavel.test/betaling/terug',
  shopper: { email: 'jan@example.nl', fullName: 'Jan de Vries' },
};

const paths = () => seen.map((s) => `${s.method} ${s.path.slice(API.length - 1)} ${s.authorization}`);

describe('Omnikassa payment: announce', () => {
  it('buys an access token with the refresh token and announces the order with it', async () => {
    const result = await omnikassa().announce(order);
    expect(result).toEqual({ ok: true, redirectUrl: announced.redirectUrl, providerOrderId: announced.omnikassaOrderId });
    expect(paths()).toEqual(['GET /gatekeeper/refresh Bearer refresh-token', 'POST /order/server/api/v2/order Bearer access-1']);
    expect(seen[1]!.body).toEqual({
      timestamp: '2030-01-01T12:00:00.000Z',
      merchantOrderId: 'K12N1',
      description: 'Kavel bestelling 12 met een hele la',
      amount: { currency: 'EUR', amount: 12_345 },
      language: 'NL',
      merchantReturnURL: 'https://kavel.test/betaling/terug',
      customerInformation: { emailAddress: 'jan@example.nl', fullName: 'Jan de Vries' },
      skipHppResultPage: false,
    });
  });

  it('keeps the access token until shortly before it ends, then buys a new one', async () => {
    const port = omnikassa();
    await port.announce(order);
    clock += 50 * 60_000;
    await port.announce(order);
    expect(tokensIssued).toBe(1);
    // Less than 5 % of its hour left: renewed before it runs out.
    clock += 8 * 60_000;
    await port.announce(order);
    expect(tokensIssued).toBe(2);
    expect(paths().filter((p) => p.startsWith('POST'))).toEqual([
      'POST /order/server/api/v2/order Bearer access-1',
      'POST /order/server/api/v2/order Bearer access-1',
      'POST /order/server/api/v2/order Bearer access-2',
    ]);
  });

  it('buys a new token once when the provider refuses the current one', async () => {
    answer = (request) =>
      request.path.endsWith('/v2/order') && request.authorization === 'Bearer access-1' ? { status: 401, body: { errorCode: 5001 } } : standard(request);
    const result = await omnikassa().announce(order);
    expect(result).toMatchObject({ ok: true, providerOrderId: announced.omnikassaOrderId });
    expect(paths()).toEqual([
      'GET /gatekeeper/refresh Bearer refresh-token',
      'POST /order/server/api/v2/order Bearer access-1',
      'GET /gatekeeper/refresh Bearer refresh-token',
      'POST /order/server/api/v2/order Bearer access-2',
    ]);
  });

  it('answers unauthorised when the new token is refused too, without trying again', async () => {
    answer = (request) => (request.path.endsWith('/v2/order') ? { status: 401, body: { errorCode: 5001 } } : standard(request));
    expect(await omnikassa().announce(order)).toMatchObject({ ok: false, reason: 'unauthorised' });
    expect(seen.filter((s) => s.method === 'POST')).toHaveLength(2);
  });

  it('answers unauthorised on 403 and when the refresh token is refused', async () => {
    answer = (request) => (request.path.endsWith('/v2/order') ? { status: 403 } : standard(request));
    expect(await omnikassa().announce(order)).toMatchObject({ ok: false, reason: 'unauthorised' });

    seen.length = 0;
    const wrongRefresh = createOmnikassaPayment({ refreshToken: 'wrong', signingKey: SDK_SIGNING_KEY, baseUrl, now: () => new Date(clock) });
    expect(await wrongRefresh.announce(order)).toMatchObject({ ok: false, reason: 'unauthorised' });
    expect(paths()).toEqual(['GET /gatekeeper/refresh Bearer wrong']);
  });

  it('answers refused with the provider error on other 4xx answers', async () => {
    answer = (request) =>
      request.path.endsWith('/v2/order') ? { status: 422, body: { errorCode: 5017, consumerMessage: 'merchantOrderId is invalid' } } : standard(request);
    const result = await omnikassa().announce(order);
    expect(result).toMatchObject({ ok: false, reason: 'refused' });
    expect(result.ok ? '' : result.detail).toContain('5017');
  });

  it('answers unreachable on a 500 and when nothing listens', async () => {
    answer = (request) => (request.path.endsWith('/v2/order') ? { status: 500, body: 'oops' } : standard(request));
    expect(await omnikassa().announce(order)).toMatchObject({ ok: false, reason: 'unreachable', detail: 'HTTP 500' });
    expect(await omnikassa({ baseUrl: closedBaseUrl }).announce(order)).toMatchObject({ ok: false, reason: 'unreachable' });
  });

  it('answers unreachable when the provider does not answer in time', async () => {
    answer = (request) => (request.path.endsWith('/v2/order') ? 'hang' : standard(request));
    expect(await omnikassa({ timeoutMs: 200 }).announce(order)).toMatchObject({ ok: false, reason: 'unreachable' });
  });

  it('answers unexpected-answer for a body that is not JSON or has no redirect URL', async () => {
    answer = (request) => (request.path.endsWith('/v2/order') ? { status: 200, body: '<html>' } : standard(request));
    expect(await omnikassa().announce(order)).toMatchObject({ ok: false, reason: 'unexpected-answer' });
    answer = (request) => (request.path.endsWith('/v2/order') ? { status: 200, body: { omnikassaOrderId: 'x' } } : standard(request));
    expect(await omnikassa().announce(order)).toMatchObject({ ok: false, reason: 'unexpected-answer' });
  });
});

describe('Omnikassa payment: return URL', () => {
  it('accepts a signed return and refuses a tampered one', () => {
    // Java SDK PaymentCompletedResponseTest: ORDER1, COMPLETED under the key `secret`.
    const signature = '6f4911ff3a77e0d5a323f91aad58bef2cdb4a8f0efc62d2fd4b82ca68d13ce4df5a4020ce390eff5a211551c6134b3fc02c750de9dc7bf04619f8bcfdd12d7c3';
    const port = omnikassa();
    expect(port.verifyReturn({ order_id: 'ORDER1', status: 'COMPLETED', signature })).toEqual({ ok: true, merchantOrderId: 'ORDER1', status: 'COMPLETED' });
    expect(port.verifyReturn({ order_id: 'ORDER1', status: 'CANCELLED', signature })).toEqual({ ok: false, reason: 'bad-signature' });
    expect(port.verifyReturn({ order_id: 'ORDER1', status: 'COMPLETED', signature: signature.slice(1) })).toEqual({ ok: false, reason: 'bad-signature' });
    expect(port.verifyReturn({ order_id: 'ORDER1', status: 'COMPLETED' })).toEqual({ ok: false, reason: 'missing' });
  });
});

describe('Omnikassa payment: webhook results', () => {
  const resultsPath = `${API}order/server/api/events/results/event`;

  /** Serves the PHP SDK's page (more available) and then the Java SDK's page (the last). */
  function twoPages(request: Seen): Answer {
    if (request.path !== resultsPath) return standard(request);
    if (request.authorization !== 'Bearer authentication') return { status: 401 };
    const served = seen.filter((s) => s.path === resultsPath).length;
    return { status: 200, body: served === 1 ? SDK_RESULTS_PAGE_PHP : SDK_RESULTS_PAGE_JAVA };
  }

  beforeEach(() => {
    // The SDK notification expires on 2000-01-01T02:00Z; it is read just before.
    clock = Date.parse('2000-01-01T01:59:00Z');
    answer = twoPages;
  });

  it('pulls every page with the notification token and collects the results', async () => {
    const answer = await omnikassa().pullResults(SDK_NOTIFICATION);
    expect(answer).toEqual({
      ok: true,
      results: [
        { merchantOrderId: '10', providerOrderId: '1', status: 'CANCELLED', paidAmountCents: 100 },
        { merchantOrderId: 'MYSHOP0001', providerOrderId: 'aec58605-edcf-4886-b12d-594a8a8eea60', status: 'CANCELLED', paidAmountCents: 0 },
        { merchantOrderId: 'MYSHOP0002', providerOrderId: 'e516e630-9713-4cfa-ae88-c5fbc4b06744', status: 'COMPLETED', paidAmountCents: 599 },
      ],
    });
    expect(paths()).toEqual([
      'GET /order/server/api/events/results/event Bearer authentication',
      'GET /order/server/api/events/results/event Bearer authentication',
    ]);
  });

  it('refuses a notification with a bad signature without asking for results', async () => {
    expect(await omnikassa().pullResults({ ...SDK_NOTIFICATION, eventName: 'other' })).toMatchObject({ ok: false, reason: 'bad-signature' });
    expect(await omnikassa().pullResults({ ...SDK_NOTIFICATION, signature: 'ab' })).toMatchObject({ ok: false, reason: 'bad-signature' });
    expect(await omnikassa().pullResults('not json')).toMatchObject({ ok: false, reason: 'bad-signature' });
    expect(await omnikassa().pullResults({ ...SDK_NOTIFICATION, signature: undefined })).toMatchObject({ ok: false, reason: 'bad-signature' });
    expect(seen).toHaveLength(0);
  });

  it('refuses an expired notification without asking for results', async () => {
    clock = Date.parse('2000-01-01T02:00:01Z');
    expect(await omnikassa().pullResults(SDK_NOTIFICATION)).toMatchObject({ ok: false, reason: 'expired' });
    expect(seen).toHaveLength(0);
  });

  it('refuses results whose signature does not match', async () => {
    answer = (request) => {
      if (request.path !== resultsPath) return standard(request);
      const page = structuredClone(SDK_RESULTS_PAGE_PHP);
      page.moreOrderResultsAvailable = false;
      page.orderResults[0]!.orderStatus = 'COMPLETED';
      return { status: 200, body: page };
    };
    expect(await omnikassa().pullResults(SDK_NOTIFICATION)).toMatchObject({ ok: false, reason: 'bad-signature' });
  });

  it('answers unauthorised, unreachable or unexpected-answer when the results call fails', async () => {
    answer = (request) => (request.path === resultsPath ? { status: 401 } : standard(request));
    expect(await omnikassa().pullResults(SDK_NOTIFICATION)).toMatchObject({ ok: false, reason: 'unauthorised' });
    answer = (request) => (request.path === resultsPath ? { status: 500 } : standard(request));
    expect(await omnikassa().pullResults(SDK_NOTIFICATION)).toMatchObject({ ok: false, reason: 'unreachable' });
    answer = (request) => (request.path === resultsPath ? { status: 200, body: { orderResults: 'none' } } : standard(request));
    expect(await omnikassa().pullResults(SDK_NOTIFICATION)).toMatchObject({ ok: false, reason: 'unexpected-answer' });
  });
});
