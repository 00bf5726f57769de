import { ZAdditionalProductPrices, ZInvoiceSummary } from '@kavel/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database, DatabaseHandle } from '../src/db/connect.ts';
import { domains, fulfilmentSteps, invoices, payments } from '../src/db/schema/index.ts';
import { createSimulatedPayment } from '../src/ports/payment/index.ts';
import type { PaymentPort } from '../src/ports/payment/payment-port.ts';
import { fillBasket, orderOf, pathOf, payLinkOf, paymentStatusOf, payOnSimulator, purchase, purchaseBody, purchased, SIMULATED_PAGE_URL } from './orders-helpers.ts';
import { approveOnAccount, createActiveAccount, databaseKinds, TestClient, testConfig, useTestShop, waitForJobs, type TestShop } from './support/index.ts';

/**
 * The simulated provider, with two test handles: the notifications it hands to the shop (to replay
 * them at the webhook as a provider would), and a switch that makes announcing fail.
 */
function observablePayment() {
  const handles = { notifications: [] as unknown[], announceFails: false };
  const portOn = async (db: Database): Promise<PaymentPort> => {
  const inner = await createSimulatedPayment({ baseUrl: testConfig.baseUrl, db });
  return {
    name: inner.name,
    announce: (order, signal) => (handles.announceFails ? Promise.resolve({ ok: false, reason: 'unreachable' }) : inner.announce(order, signal)),
    verifyReturn: (query) => inner.verifyReturn(query),
    pullResults: (notification, signal) => inner.pullResults(notification, signal),
    registerRoutes: (app, shop) =>
      inner.registerRoutes!(app, {
        ...shop,
        async notify(notification) {
          handles.notifications.push(notification);
          await shop.notify(notification);
        },
      }),
  };
  };
  return { portOn, handles };
}

describe.each(databaseKinds)('online payment on $name', (kind) => {
  let shop: TestShop;
  let app: FastifyInstance;
  let database: DatabaseHandle;
  const { portOn, handles } = observablePayment();
  useTestShop(kind, (ready) => ({ app, database } = shop = ready), { app: { payment: portOn } });

  const webhook = (body: unknown) => app.inject({ method: 'POST', url: '/api/betaling/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  const invoiceOf = async (client: TestClient, id: number) => z.array(ZInvoiceSummary).parse((await client.get('/api/account/facturen')).json()).find((invoice) => invoice.id === id)!;

  async function onlineOrder(email: string) {
    const customer = await createActiveAccount(app, shop.mailer, email);
    await fillBasket(customer);
    const answer = purchased(await purchase(customer, purchaseBody('ONLINE')));
    return { customer, ...answer };
  }

  it('takes a whole payment: provider page, paid, back to the status page; the order is confirmed and the invoice paid', async () => {
    const { customer, orderId, returnUrl } = await onlineOrder('betaalt@example.nl');
    expect(await paymentStatusOf(customer, orderId)).toBe('ANNOUNCED');
    const back = await payOnSimulator(customer, returnUrl, 'COMPLETED');
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/bestellen/${orderId}/betalingsstatus`);
    expect(await paymentStatusOf(customer, orderId)).toBe('COMPLETED');
    await waitForJobs(app);
    const order = await orderOf(customer, orderId);
    expect(order.status).toBe('FULFILLED');
    expect(order.lastPaymentStatus).toBe('COMPLETED');
    expect((await customer.get('/api/account/domeinen')).json()).toEqual([expect.objectContaining({ name: order.item.title, hasHosting: true })]);
    expect(await invoiceOf(customer, order.invoiceId)).toMatchObject({ closed: true, paid: true });
    const payAgain = await payLinkOf(customer, orderId);
    expect(payAgain.statusCode).toBe(409);
    expect(payAgain.json().message).toBe('Deze bestelling is al betaald.');
  });

  it('lets a cancelled payment be paid again with a new attempt; an expired one too', async () => {
    const { customer, orderId, returnUrl } = await onlineOrder('annuleert@example.nl');
    await payOnSimulator(customer, returnUrl, 'CANCELLED');
    expect(await paymentStatusOf(customer, orderId)).toBe('CANCELLED');
    expect((await orderOf(customer, orderId)).status).toBe('AWAITING_PAYMENT');

    const second = await payLinkOf(customer, orderId);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ url: expect.stringMatching(SIMULATED_PAGE_URL) });
    expect(second.json().url).not.toBe(returnUrl);
    expect(await paymentStatusOf(customer, orderId)).toBe('ANNOUNCED');
    // Asking again while it is open answers the same page.
    expect((await payLinkOf(customer, orderId)).json()).toEqual(second.json());

    await payOnSimulator(customer, second.json().url, 'EXPIRED');
    expect(await paymentStatusOf(customer, orderId)).toBe('EXPIRED');
    const third = (await payLinkOf(customer, orderId)).json().url;
    expect(third).toMatch(SIMULATED_PAGE_URL);
    expect([returnUrl, second.json().url]).not.toContain(third);
    await payOnSimulator(customer, third, 'COMPLETED');
    expect(await paymentStatusOf(customer, orderId)).toBe('COMPLETED');
    const rows = await database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(rows.map((row) => [row.merchantOrderId, row.status]).sort()).toEqual([
      [`K${orderId}N1`, 'CANCELLED'],
      [`K${orderId}N2`, 'EXPIRED'],
      [`K${orderId}N3`, 'COMPLETED'],
    ]);
  });

  it('ignores a return whose signature fails (the status page tells the truth) and refuses one without parameters', async () => {
    const { customer, orderId } = await onlineOrder('vervalst@example.nl');
    const forged = await customer.get(`/betaling/terug?order_id=K${orderId}N1&status=COMPLETED&signature=${'ab'.repeat(64)}`);
    expect(forged.statusCode).toBe(303);
    expect(forged.headers.location).toBe(`/bestellen/${orderId}/betalingsstatus`);
    expect(await paymentStatusOf(customer, orderId)).toBe('ANNOUNCED');
    expect((await orderOf(customer, orderId)).status).toBe('AWAITING_PAYMENT');
    expect((await customer.get('/betaling/terug')).statusCode).toBe(400);
  });

  it('answers 401 to a webhook with a bad signature and changes nothing; a replayed notification changes nothing either', async () => {
    const { customer, orderId, returnUrl } = await onlineOrder('webhook@example.nl');
    const forged = await webhook({ authentication: 'x', expiry: new Date(Date.now() + 60_000).toISOString(), eventName: 'merchant.order.status.changed', poiId: 1, signature: 'ab'.repeat(64) });
    expect(forged.statusCode).toBe(401);
    expect((await webhook({ hello: 'world' })).statusCode).toBe(401);
    expect(await paymentStatusOf(customer, orderId)).toBe('ANNOUNCED');

    const before = handles.notifications.length;
    await payOnSimulator(customer, returnUrl, 'COMPLETED');
    const notification = handles.notifications[before];
    expect(notification).toBeDefined();
    await waitForJobs(app);
    const order = await orderOf(customer, orderId);
    const [paidBefore] = await database.db.select().from(invoices).where(eq(invoices.id, order.invoiceId));
    const stepsBefore = await database.db.select().from(fulfilmentSteps).where(eq(fulfilmentSteps.orderId, orderId));
    expect(order.status).toBe('FULFILLED');
    expect(stepsBefore.length).toBeGreaterThan(0);
    expect(stepsBefore.every((step) => step.state === 'done' && step.attempts === 1)).toBe(true);

    const replays = await Promise.all([webhook(notification), webhook(notification), webhook(notification)]);
    expect(replays.map((replay) => replay.statusCode)).toEqual([200, 200, 200]);
    expect((await webhook(notification)).statusCode).toBe(200);
    const [paidAfter] = await database.db.select().from(invoices).where(eq(invoices.id, order.invoiceId));
    expect(paidAfter!.paidAt).toEqual(paidBefore!.paidAt);
    expect(await paymentStatusOf(customer, orderId)).toBe('COMPLETED');
    await waitForJobs(app);
    expect((await orderOf(customer, orderId)).status).toBe('FULFILLED');
    // Delivered once: the same steps, each run once, and the domain once.
    expect(await database.db.select().from(fulfilmentSteps).where(eq(fulfilmentSteps.orderId, orderId))).toEqual(stepsBefore);
    expect(await database.db.select().from(domains).where(eq(domains.name, order.item.title))).toHaveLength(1);
  });

  it("keeps every order call owner-scoped: someone else's order is 404, a visitor gets 401", async () => {
    const { orderId } = await onlineOrder('eigen-order@example.nl');
    const other = await createActiveAccount(app, shop.mailer, 'andermans@example.nl');
    for (const path of ['', '/betalingsstatus']) {
      const response = await other.get(`/api/bestellen/${orderId}${path}`);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().message, path).toBe('Niet gevonden.');
      expect((await new TestClient(app).get(`/api/bestellen/${orderId}${path}`)).statusCode, path).toBe(401);
    }
    const payLink = await payLinkOf(other, orderId);
    expect(payLink.statusCode).toBe(404);
    expect(payLink.json().message).toBe('Niet gevonden.');
    expect((await payLinkOf(new TestClient(app), orderId)).statusCode).toBe(401);
    expect((await other.get('/api/bestellen/999999')).statusCode).toBe(404);
  });

  it('has no online payment for an order on account', async () => {
    const customer = await createActiveAccount(app, shop.mailer, 'geen-betaling@example.nl');
    await approveOnAccount(database.db, 'geen-betaling@example.nl');
    await fillBasket(customer);
    const { orderId } = purchased(await purchase(customer, purchaseBody('MANUAL_PAYMENT')));
    expect(await paymentStatusOf(customer, orderId)).toBeNull();
    expect((await payLinkOf(customer, orderId)).statusCode).toBe(409);
  });

  it('answers the status page when announcing fails; its pay button announces again once the provider is back', async () => {
    const customer = await createActiveAccount(app, shop.mailer, 'storing@example.nl');
    await fillBasket(customer);
    handles.announceFails = true;
    try {
      const body = purchaseBody('ONLINE');
      const answer = purchased(await purchase(customer, body));
      expect(answer.returnUrl).toBe(`/bestellen/${answer.orderId}/betalingsstatus`);
      expect((await orderOf(customer, answer.orderId)).status).toBe('AWAITING_PAYMENT');
      expect(await paymentStatusOf(customer, answer.orderId)).toBeNull();
      const unavailable = await payLinkOf(customer, answer.orderId);
      expect(unavailable.statusCode).toBe(503);
      expect(unavailable.json().message).toMatch(/betaalpagina/);

      handles.announceFails = false;
      const link = await payLinkOf(customer, answer.orderId);
      expect(link.json()).toEqual({ url: expect.stringMatching(SIMULATED_PAGE_URL) });
      // The same purchase sent again now finds the open attempt.
      expect(purchased(await purchase(customer, body))).toEqual({ orderId: answer.orderId, returnUrl: link.json().url });
      await payOnSimulator(customer, pathOf(link.json().url), 'COMPLETED');
      expect(await paymentStatusOf(customer, answer.orderId)).toBe('COMPLETED');
    } finally {
      handles.announceFails = false;
    }
  });

  it("answers the recommended products' monthly 'from' prices", async () => {
    const prices = ZAdditionalProductPrices.parse((await new TestClient(app).get('/api/bestellen/additionalProducts')).json());
    expect(prices).toEqual({ domain: expect.any(Number), sharedHosting: 149, sslCertificate: Math.ceil(2495 / 12), vpsHosting: 599, cloudflare: 2000 });
    expect(prices.domain).toBeGreaterThan(0);
  });
});
