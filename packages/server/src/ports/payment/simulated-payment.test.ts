import formbody from '@fastify/formbody';
import { formatEuro } from '@kavel/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/connect.ts';
import { settings, simulatedPaymentAttempts, simulatedPaymentNotifications } from '../../db/schema/index.ts';
import { registerCsrfProtection } from '../../http/csrf.ts';
import { registerErrorHandling } from '../../http/errors.ts';
import type { Session } from '../../http/session.ts';
import type { PaymentAnnouncement, PaymentPort } from './payment-port.ts';
import { createSimulatedPayment } from './simulated-payment.ts';

const CSRF = 'csrf-token-of-this-session';
const order: PaymentAnnouncement = {
  merchantOrderId: 'K12N1',
  amountCents: 12_345,
  currency: 'EUR',
  description: 'Bestelling 12: <b>kavel.nl</b> & co',
  language: 'NL',
  merchantReturnUrl: 'http://kavel.test/betaling/terug',
  shopper: { email: 'jan@example.nl', fullName: 'Jan de Vries' },
};

let clock = Date.parse('2030-01-01T12:00:00Z');
/** Where the adapter keeps its attempts and key; emptied before each test. */
let database: DatabaseHandle;
let port: PaymentPort;
let app: FastifyInstance;
let notified: unknown[];
let notifyFails: boolean;
/** The attempts the shop lets this test's visitor pay (the shop: the owner of the order). */
let payable: Set<string>;

/**
 * The adapter's routes on a bare Fastify app with the shop's real CSRF hook, form parsing and
 * error handling; the session (normally loaded from the database) is set by a hook.
 */
async function buildApp(): Promise<FastifyInstance> {
  const instance = Fastify({ logger: false });
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(instance);
  await instance.register(formbody);
  instance.decorateRequest('session', null as unknown as Session);
  instance.addHook('onRequest', async (request) => {
    request.session = { idHash: 'test', csrfToken: CSRF, customerId: null, language: 'nl' };
  });
  registerCsrfProtection(instance);
  port.registerRoutes!(instance, {
    async notify(notification) {
      notified.push(notification);
      if (notifyFails) throw new Error('webhook down');
    },
    mayPay: async (request, merchantOrderId) => request.session.csrfToken === CSRF && payable.has(merchantOrderId),
  });
  await instance.ready();
  return instance;
}

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: null });
});
afterAll(async () => {
  await database.close();
});

beforeEach(async () => {
  await database.db.delete(simulatedPaymentNotifications);
  await database.db.delete(simulatedPaymentAttempts);
  await database.db.delete(settings);
  clock = Date.parse('2030-01-01T12:00:00Z');
  notified = [];
  notifyFails = false;
  payable = new Set(['K12N1', 'K12N2']);
  port = await createSimulatedPayment({ baseUrl: 'http://kavel.test/', db: database.db, now: () => new Date(clock) });
  app = await buildApp();
});

afterEach(async () => {
  await app.close();
});

/** Announces an attempt; answers the path of its page. */
async function announced(announcement: PaymentAnnouncement = order): Promise<string> {
  const answer = await port.announce(announcement);
  if (!answer.ok) throw new Error(`announce refused: ${answer.reason}`);
  return new URL(answer.redirectUrl).pathname;
}

const get = (path: string) => app.inject({ method: 'GET', url: path });

const post = (path: string, form: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

/** The query the browser brings back to the shop. */
function returnQuery(location: string | undefined): Record<string, string> {
  const url = new URL(location ?? '');
  expect(`${url.origin}${url.pathname}`).toBe(order.merchantReturnUrl);
  return Object.fromEntries(url.searchParams);
}

const PAGE_PATH = /^\/betalen\/simulatie\/([A-Za-z0-9_-]{22})$/;

describe('simulated payment: announce', () => {
  it('answers a hosted page under the shop base URL at an unguessable address, once per attempt', async () => {
    const first = await port.announce(order);
    if (!first.ok) throw new Error('refused');
    expect(first.redirectUrl.startsWith('http://kavel.test/betalen/simulatie/')).toBe(true);
    const path = new URL(first.redirectUrl).pathname;
    // 128 random bits as base64url: the page's id is the provider's, not our sequential merchantOrderId.
    expect(path).toMatch(PAGE_PATH);
    expect(path).not.toContain('K12N1');
    expect(first.providerOrderId).toBe(PAGE_PATH.exec(path)![1]);
    const again = await port.announce(order);
    expect(again).toEqual(first);
    const other = await port.announce({ ...order, merchantOrderId: 'K12N2' });
    expect(other.ok && other.providerOrderId !== first.providerOrderId).toBe(true);
    expect(other.ok && other.redirectUrl !== first.redirectUrl).toBe(true);
  });

  it('refuses what Omnikassa would not take', async () => {
    expect(await port.announce({ ...order, merchantOrderId: 'K-12' })).toMatchObject({ ok: false, reason: 'refused' });
    expect(await port.announce({ ...order, merchantOrderId: 'K'.repeat(25) })).toMatchObject({ ok: false, reason: 'refused' });
    expect(await port.announce({ ...order, amountCents: 12.5 })).toMatchObject({ ok: false, reason: 'refused' });
    expect(await port.announce({ ...order, merchantReturnUrl: '/betaling/terug' })).toMatchObject({ ok: false, reason: 'refused' });
  });
});

describe('simulated payment: hosted page', () => {
  it('shows amount, description and the three outcomes in a form with the session token', async () => {
    const path = await announced();
    const page = await get(path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.body;
    expect(html).toContain('<h1>Kavel testbetaling</h1>');
    expect(html).toContain('gesimuleerde betaalprovider');
    expect(html).toContain(formatEuro(12_345, 'nl'));
    expect(html).toContain('Bestelling 12: &lt;b&gt;kavel.nl&lt;/b&gt; &amp; co');
    expect(html).toContain('<dt>Kenmerk</dt><dd>K12N1</dd>');
    expect(html).toContain(`<form method="post" action="${path}">`);
    expect(html).toContain(`<input type="hidden" name="_csrf" value="${CSRF}">`);
    expect(html).toContain('<button type="submit" name="outcome" value="COMPLETED">Betaald</button>');
    expect(html).toContain('<button type="submit" name="outcome" value="CANCELLED">Geannuleerd</button>');
    expect(html).toContain('<button type="submit" name="outcome" value="EXPIRED">Verlopen</button>');
    // The CSP allows no inline script or style.
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
    expect(html).toContain('<link rel="stylesheet" href="/betalen/simulatie.css">');
    const css = await get('/betalen/simulatie.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });

  it('answers an HTML 404 for an unknown attempt, and for the merchantOrderId in place of the page id', async () => {
    await announced();
    for (const path of ['/betalen/simulatie/K12N1', '/betalen/simulatie/AAAAAAAAAAAAAAAAAAAAAA']) {
      const page = await get(path);
      expect(page.statusCode, path).toBe(404);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('Betaling niet gevonden');
      expect((await post(path, { outcome: 'COMPLETED', _csrf: CSRF })).statusCode, path).toBe(404);
    }
    expect(notified).toEqual([]);
  });

  it('answers someone the shop does not let pay exactly as an unknown attempt, and takes no outcome from them', async () => {
    const path = await announced();
    payable.clear();
    const unknown = await get('/betalen/simulatie/AAAAAAAAAAAAAAAAAAAAAA');
    const page = await get(path);
    expect(page.statusCode).toBe(404);
    expect(page.body).toBe(unknown.body);
    expect(page.body).not.toContain('K12N1');
    const posted = await post(path, { outcome: 'COMPLETED', _csrf: CSRF });
    expect(posted.statusCode).toBe(404);
    expect(posted.headers.location).toBeUndefined();
    expect(notified).toEqual([]);
    // The owner still finds the attempt open.
    payable.add('K12N1');
    expect((await get(path)).body).toContain('value="COMPLETED">Betaald</button>');
  });

  it('refuses a post without the session token and changes nothing', async () => {
    const path = await announced();
    expect((await post(path, { outcome: 'COMPLETED' })).statusCode).toBe(403);
    expect((await post(path, { outcome: 'COMPLETED', _csrf: 'someone-else' })).statusCode).toBe(403);
    expect(notified).toEqual([]);
    expect((await get(path)).body).toContain('value="COMPLETED">Betaald</button>');
  });

  it('refuses an outcome it does not offer', async () => {
    const path = await announced();
    expect((await post(path, { outcome: 'PAID', _csrf: CSRF })).statusCode).toBe(400);
    expect(notified).toEqual([]);
  });
});

describe('simulated payment: outcome', () => {
  it('paid: notifies the shop, then sends the browser back with a signed status', async () => {
    const announcement = await port.announce(order);
    const path = await announced();
    const response = await post(path, { outcome: 'COMPLETED', _csrf: CSRF });
    expect(response.statusCode).toBe(303);
    const query = returnQuery(response.headers.location);
    expect(query).toMatchObject({ order_id: 'K12N1', status: 'COMPLETED' });
    expect(query['signature']).toMatch(/^[0-9a-f]{128}$/);
    expect(port.verifyReturn(query)).toEqual({ ok: true, merchantOrderId: 'K12N1', status: 'COMPLETED' });

    expect(notified).toHaveLength(1);
    expect(notified[0]).toEqual({
      authentication: expect.any(String),
      expiry: '2030-01-01T12:05:00.000Z',
      eventName: 'merchant.order.status.changed',
      poiId: 1,
      signature: expect.stringMatching(/^[0-9a-f]{128}$/),
    });
    const results = await port.pullResults(notified[0]);
    expect(results).toEqual({
      ok: true,
      results: [{ merchantOrderId: 'K12N1', providerOrderId: announcement.ok ? announcement.providerOrderId : '', status: 'COMPLETED', paidAmountCents: 12_345 }],
    });
    // A replayed notification reports the same final result again.
    expect(await port.pullResults(notified[0])).toEqual(results);
  });

  it('cancelled and expired report nothing paid', async () => {
    const first = await announced();
    const second = await announced({ ...order, merchantOrderId: 'K12N2' });
    expect(returnQuery((await post(first, { outcome: 'CANCELLED', _csrf: CSRF })).headers.location)).toMatchObject({ status: 'CANCELLED' });
    expect(returnQuery((await post(second, { outcome: 'EXPIRED', _csrf: CSRF })).headers.location)).toMatchObject({ status: 'EXPIRED' });
    expect(await port.pullResults(notified[0])).toMatchObject({ ok: true, results: [{ merchantOrderId: 'K12N1', status: 'CANCELLED', paidAmountCents: 0 }] });
    expect(await port.pullResults(notified[1])).toMatchObject({ ok: true, results: [{ merchantOrderId: 'K12N2', status: 'EXPIRED', paidAmountCents: 0 }] });
  });

  it('keeps the first outcome: a later post changes nothing and notifies no one', async () => {
    const path = await announced();
    await post(path, { outcome: 'COMPLETED', _csrf: CSRF });
    const again = await post(path, { outcome: 'CANCELLED', _csrf: CSRF });
    expect(again.statusCode).toBe(303);
    expect(returnQuery(again.headers.location)).toMatchObject({ status: 'COMPLETED' });
    expect(notified).toHaveLength(1);
    const page = (await get(path)).body;
    expect(page).toContain('al afgehandeld: <strong>Betaald</strong>');
    expect(page).not.toContain('<button');
  });

  it('still sends the browser back when the shop does not take the notification', async () => {
    notifyFails = true;
    const path = await announced();
    const response = await post(path, { outcome: 'COMPLETED', _csrf: CSRF });
    expect(response.statusCode).toBe(303);
    expect(port.verifyReturn(returnQuery(response.headers.location))).toMatchObject({ ok: true, status: 'COMPLETED' });
    expect(notified).toHaveLength(1);
  });
});

describe('simulated payment: signatures', () => {
  async function paid() {
    const response = await post(await announced(), { outcome: 'COMPLETED', _csrf: CSRF });
    return { query: returnQuery(response.headers.location), notification: notified[0] as Record<string, unknown> };
  }
  it('refuses a tampered or incomplete return query', async () => {
    const { query } = await paid();
    expect(port.verifyReturn({ ...query, status: 'CANCELLED' })).toEqual({ ok: false, reason: 'bad-signature' });
    expect(port.verifyReturn({ ...query, order_id: 'K12N2' })).toEqual({ ok: false, reason: 'bad-signature' });
    expect(port.verifyReturn({ order_id: 'K12N1', status: 'COMPLETED' })).toEqual({ ok: false, reason: 'missing' });
  });

  it('refuses a tampered, foreign or malformed notification', async () => {
    const { notification } = await paid();
    expect(await port.pullResults({ ...notification, expiry: '2031-01-01T00:00:00.000Z' })).toMatchObject({ ok: false, reason: 'bad-signature' });
    expect(await port.pullResults({ ...notification, authentication: 'other' })).toMatchObject({ ok: false, reason: 'bad-signature' });
    expect(await port.pullResults('{}')).toMatchObject({ ok: false, reason: 'bad-signature' });
    // Another installation (another database) has another key: its notifications mean nothing here.
    const elsewhere = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      const other = await createSimulatedPayment({ baseUrl: 'http://kavel.test', db: elsewhere.db, now: () => new Date(clock) });
      expect(await other.pullResults(notification)).toMatchObject({ ok: false, reason: 'bad-signature' });
    } finally {
      await elsewhere.close();
    }
  });

  it('refuses an expired notification', async () => {
    const { notification } = await paid();
    clock += 5 * 60_000;
    expect(await port.pullResults(notification)).toMatchObject({ ok: false, reason: 'expired' });
  });
});
