import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { domains, orders, payments } from '../src/db/schema/index.ts';
import { fillBasket, orderOf, pathOf, payLinkOf, paymentStatusOf, payOnSimulator, purchase, purchaseBody, purchased, SIMULATED_PAGE_URL } from './orders-helpers.ts';
import { createActiveAccount, databaseKinds, TestClient, useTestShop, waitForJobs, type TestShop } from './support/index.ts';

/**
 * The simulated provider's page serves only the order's owner, at an address no one can guess;
 * the order app's pay button starts an attempt with a POST that carries the CSRF token.
 */
describe.each(databaseKinds)('payment security on $name', (kind) => {
  let shop: TestShop;
  let app: FastifyInstance;
  let database: DatabaseHandle;
  useTestShop(kind, (ready) => ({ app, database } = shop = ready));

  async function onlineOrder(email: string) {
    const customer = await createActiveAccount(app, shop.mailer, email);
    const domain = await fillBasket(customer);
    const answer = purchased(await purchase(customer, purchaseBody('ONLINE')));
    return { customer, domain, ...answer };
  }

  /** What a visitor could change: the order's and its attempts' states, and the domain. */
  async function stateOf(orderId: number, domain: string) {
    const [order] = await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    const attempts = await database.db.select({ status: payments.status, merchantOrderId: payments.merchantOrderId }).from(payments).where(eq(payments.orderId, orderId));
    const registered = await database.db.select({ id: domains.id }).from(domains).where(eq(domains.name, domain));
    return { order: order?.status, attempts, registered: registered.length };
  }

  /** 16 bytes of a page address, as a number: two random ones are far apart, sequential ones are not. */
  const pageNumber = (url: string) => BigInt(`0x${Buffer.from(url.split('/').pop()!, 'base64url').toString('hex')}`);

  it("answers an anonymous visitor and another customer on someone's payment page as an unknown one, and nothing changes", async () => {
    const { customer, orderId, domain, returnUrl } = await onlineOrder('eigenaar-betaling@example.nl');
    expect(returnUrl).toMatch(SIMULATED_PAGE_URL);
    const page = pathOf(returnUrl);
    const before = await stateOf(orderId, domain);
    expect(before).toEqual({ order: 'AWAITING_PAYMENT', attempts: [{ status: 'ANNOUNCED', merchantOrderId: `K${orderId}N1` }], registered: 0 });

    const anonymous = new TestClient(app);
    const unknown = await anonymous.get('/betalen/simulatie/AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(404);
    const other = await createActiveAccount(app, shop.mailer, 'andere-klant@example.nl');
    for (const [who, client] of [['anonymous', anonymous], ['other customer', other]] as const) {
      const seen = await client.get(page);
      expect(seen.statusCode, who).toBe(404);
      expect(seen.body, who).toBe(unknown.body);
      expect(seen.body, who).not.toContain(`K${orderId}N1`);
      for (const outcome of ['COMPLETED', 'CANCELLED', 'EXPIRED']) {
        // With the visitor's own valid CSRF token, as the attacker did.
        const posted = await client.postForm(page, { outcome });
        expect(posted.statusCode, `${who} ${outcome}`).toBe(404);
        expect(posted.headers.location, `${who} ${outcome}`).toBeUndefined();
      }
    }
    expect(await stateOf(orderId, domain)).toEqual(before);
    expect(await paymentStatusOf(customer, orderId)).toBe('ANNOUNCED');

    // The owner still pays on the same page.
    await payOnSimulator(customer, returnUrl, 'COMPLETED');
    expect(await paymentStatusOf(customer, orderId)).toBe('COMPLETED');
    await waitForJobs(app);
    expect((await orderOf(customer, orderId)).status).toBe('FULFILLED');
    expect((await stateOf(orderId, domain)).registered).toBe(1);
    // Logged out, the owner's browser is a visitor like any other.
    expect((await new TestClient(app).get(page)).statusCode).toBe(404);
  });

  it('gives every attempt a page address of 128 random bits that says nothing of the order', async () => {
    const first = await onlineOrder('willekeurig-een@example.nl');
    const second = await onlineOrder('willekeurig-twee@example.nl');
    await payOnSimulator(first.customer, first.returnUrl, 'CANCELLED');
    const again = (await payLinkOf(first.customer, first.orderId)).json().url as string;
    const urls = [first.returnUrl, second.returnUrl, again];
    for (const url of urls) {
      expect(url).toMatch(SIMULATED_PAGE_URL);
      expect(Buffer.from(url.split('/').pop()!, 'base64url')).toHaveLength(16);
      expect(url).not.toMatch(/K\d+N\d+/);
    }
    expect(new Set(urls).size).toBe(3);
    // Sequential or counter-based ids would lie close together; random ones almost never within 2^64.
    const numbers = urls.map(pageNumber);
    for (const [i, a] of numbers.entries()) {
      for (const b of numbers.slice(i + 1)) expect(a > b ? a - b : b - a).toBeGreaterThan(2n ** 64n);
    }
    const stored = await database.db.select({ redirectUrl: payments.redirectUrl }).from(payments).where(eq(payments.orderId, first.orderId));
    expect(stored.map((row) => row.redirectUrl).sort()).toEqual([first.returnUrl, again].sort());
  });

  it('starts a new attempt only on a POST with the CSRF token: a GET creates nothing', async () => {
    const { customer, orderId, domain, returnUrl } = await onlineOrder('betaalknop@example.nl');
    await payOnSimulator(customer, returnUrl, 'CANCELLED');
    const cancelled = await stateOf(orderId, domain);
    expect(cancelled.attempts).toEqual([{ status: 'CANCELLED', merchantOrderId: `K${orderId}N1` }]);

    // The GET (spec 001 section 7) names the open attempt's page; after a cancel there is none, and it makes none.
    const viaGet = await customer.get(`/api/bestellen/${orderId}/betaling`);
    expect(viaGet.statusCode).toBe(409);
    expect(await stateOf(orderId, domain)).toEqual(cancelled);

    const withoutToken = await customer.post(`/api/bestellen/${orderId}/betaling`, {}, { csrf: false });
    expect(withoutToken.statusCode).toBe(403);
    expect(await stateOf(orderId, domain)).toEqual(cancelled);

    const withToken = await payLinkOf(customer, orderId);
    expect(withToken.statusCode).toBe(200);
    expect(withToken.json()).toEqual({ url: expect.stringMatching(SIMULATED_PAGE_URL) });
    expect((await stateOf(orderId, domain)).attempts).toHaveLength(2);
    expect(await paymentStatusOf(customer, orderId)).toBe('ANNOUNCED');
  });
});
