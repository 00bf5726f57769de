import { randomUUID } from 'node:crypto';
import { ZBasket, ZBasketValidation, type TBasket } from '@kavel/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { orderLines, orders } from '../src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../src/features/accounts/demo-accounts.ts';
import { basketCalls, databaseKinds, freshClient, loginAs, products, type TestClient, useTestShop } from './support/index.ts';

const { nl, com, intro, resellerBasic, transferCode } = products;
const api = '/api/bestelprocedure/reseller';
const RESELLER = 'reseller@demo.kavel.nl';
const CUSTOMER = 'klant@demo.kavel.nl';

const resellerCalls = (client: TestClient) => ({
  get: async () => ZBasket.parse((await client.get(`${api}/getBasket`)).json()),
  addDomain: (product: typeof nl, title: string) => client.post(`${api}/addItem`, { productId: product.productId, productCode: product.productCode, title }),
  addChild: (parentId: string, product: { productId: number; productCode: string }, extra: Record<string, unknown> = {}) =>
    client.post(`${api}/addItem`, { productId: product.productId, productCode: product.productCode, parentId, ...extra }),
  /** Empties the reseller basket (the tests share one shop). */
  clear: async () => {
    const basket = ZBasket.parse((await client.get(`${api}/getBasket`)).json());
    for (const item of basket.items) await client.post(`${api}/removeItem`, { unique: item.unique });
  },
  validate: async () => {
    const response = await client.post(`${api}/validateBasket`, {});
    expect(response.statusCode, response.body).toBe(200);
    return ZBasketValidation.parse(response.json());
  },
});

const basketOf = (response: { statusCode: number; body: string; json(): unknown }): TBasket => {
  expect(response.statusCode, response.body).toBe(200);
  return ZBasket.parse(response.json());
};

describe.each(databaseKinds)('the reseller order flow on $name', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ database, app } = shop), { demoAccounts: true });

  it('refuses a visitor (401) and a customer who is no reseller (403) on every reseller call', async () => {
    const visitor = freshClient(app);
    const customer = await loginAs(app, CUSTOMER);
    const calls = [
      (c: TestClient) => c.get(`${api}/getBasket`),
      (c: TestClient) => c.post(`${api}/addItem`, { productId: nl.productId, productCode: nl.productCode, title: 'niet-voor-klanten.nl' }),
      (c: TestClient) => c.post(`${api}/removeDomain`, { domainName: 'niet-voor-klanten.nl' }),
      (c: TestClient) => c.post(`${api}/removeItem`, { unique: randomUUID() }),
      (c: TestClient) => c.post(`${api}/validateBasket`, {}),
      (c: TestClient) => c.post(`${api}/paymentMethods`, {}),
      (c: TestClient) => c.post('/bestelprocedure-reseller/purchase', { customWhois: [], paymentMethod: 'MANUAL_PAYMENT', requestId: randomUUID(), termsAccepted: true }),
    ];
    for (const call of calls) {
      expect((await call(visitor)).statusCode).toBe(401);
      const refused = await call(customer);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: 'Dit kan alleen met een reseller-account.' });
    }
    // Nothing reached the customer's shop basket either.
    expect((await basketCalls(customer).get()).empty).toBe(true);
  });

  it("keeps the reseller's basket apart from the shop basket, priced with staffel 2 and the introduction discount", async () => {
    const reseller = await loginAs(app, RESELLER);
    const calls = resellerCalls(reseller);
    await calls.clear();
    const one = basketOf(await calls.addDomain(nl, 'reseller-klant-een.nl'));
    // One registration: staffel 2's 20% off, no introduction discount yet.
    expect(one.priceList).toEqual({ channel: 'reseller', staffel: 2, domainDiscountPercent: 20, hostingDiscountPercent: 15, introductionDiscountPercent: 0, registrations: 1 });
    const retail = Math.round(nl.discountedPrice * 0.8);
    expect(one.items[0]!.discountedPricePerPeriod).toBe(retail);
    basketOf(await calls.addDomain(nl, 'reseller-klant-twee.nl'));
    const three = basketOf(await calls.addDomain(nl, 'reseller-klant-drie.nl'));
    expect(three.priceList?.introductionDiscountPercent).toBe(10);
    for (const item of three.items) expect(item.discountedPricePerPeriod).toBe(Math.round(retail * 0.9));
    expect(three.items.every((item) => item.originalPricePerPeriod === Math.round(nl.originalPrice * 0.8))).toBe(true);

    // The shop basket of the same login is another basket, priced as the shop's.
    const shop = basketCalls(reseller);
    expect((await shop.get()).empty).toBe(true);
    const shopBasket = basketOf(await shop.addDomain(nl, 'eigen-winkelmand.nl'));
    expect(shopBasket.priceList).toBeUndefined();
    expect(shopBasket.items.map((item) => [item.title, item.discountedPricePerPeriod])).toEqual([['eigen-winkelmand.nl', nl.discountedPrice]]);
    expect((await calls.get()).items.map((item) => item.title)).toEqual(['reseller-klant-een.nl', 'reseller-klant-twee.nl', 'reseller-klant-drie.nl']);

    // Removing from one channel leaves the other alone.
    basketOf(await reseller.post(`${api}/removeDomain`, { domainName: 'reseller-klant-twee.nl' }));
    expect((await shop.get()).items).toHaveLength(1);
    expect((await calls.get()).priceList?.introductionDiscountPercent).toBe(0);
  });

  it("hands what a visitor chose to the reseller basket when a reseller logs in (they order in the reseller wizard)", async () => {
    const visitor = freshClient(app);
    basketOf(await basketCalls(visitor).addDomain(nl, 'voor-het-inloggen.nl'));
    const login = await visitor.post('/api/login', { username: RESELLER, password: DEMO_PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    const reseller = await resellerCalls(visitor).get();
    const adopted = reseller.items.find((item) => item.title === 'voor-het-inloggen.nl');
    // Priced as the reseller's now.
    expect(adopted?.discountedPricePerPeriod).toBeLessThan(nl.discountedPrice);
    expect((await basketCalls(visitor).get()).items.some((item) => item.title === 'voor-het-inloggen.nl')).toBe(false);
  });

  it('sells reseller packages (hosting type LINUX_PACKAGE_{product}) in the reseller channel only', async () => {
    const reseller = await loginAs(app, RESELLER);
    const calls = resellerCalls(reseller);
    await calls.clear();
    const domain = basketOf(await calls.addDomain(nl, 'reseller-hosting.nl')).items.find((item) => item.title === 'reseller-hosting.nl')!;
    const withPackage = basketOf(await calls.addChild(domain.unique, resellerBasic));
    const hosting = withPackage.items.find((item) => item.unique === domain.unique)!.connectedItem[0]!;
    expect(hosting).toMatchObject({ productType: 'RESELLER_PACKAGE', productCode: 'RESELLER_BASIC', hostingType: 'LINUX_PACKAGE_RESELLER_BASIC' });
    // 15% off both monthly prices; six months at the discounted one.
    expect(hosting.pricePerMonth).toBe(Math.round(resellerBasic.discountedPrice * 0.85));
    expect(hosting.discountedPricePerPeriod).toBe(6 * Math.round(resellerBasic.discountedPrice * 0.85) + 6 * Math.round(resellerBasic.originalPrice * 0.85));

    // A customer package is not sold here, and a reseller package not in the shop.
    expect((await calls.addChild(domain.unique, intro)).statusCode).toBe(400);
    const shopDomain = basketOf(await basketCalls(reseller).addDomain(nl, 'winkel-hosting.nl')).items[0]!;
    expect((await basketCalls(reseller).addChild(shopDomain.unique, resellerBasic)).statusCode).toBe(400);

    // Changing the package replaces it.
    const removed = basketOf(await reseller.post(`${api}/removeItem`, { unique: hosting.unique }));
    expect(removed.items.find((item) => item.unique === domain.unique)!.connectedItem).toEqual([]);
  });

  it('validates the reseller basket: FAILED for an empty one and a transfer without its code, OK when ready', async () => {
    const reseller = await loginAs(app, RESELLER);
    const calls = resellerCalls(reseller);
    await calls.clear();
    expect((await calls.validate()).status).toBe('FAILED');
    const transfer = basketOf(await calls.addDomain(com, 'google.com')).items[0]!;
    expect(transfer.productType).toBe('DOMAIN_TRANSFER');
    const failed = await calls.validate();
    expect(failed).toEqual({ status: 'FAILED', message: expect.stringMatching(/^Je hebt nog niet aangevinkt dat je de eigenaar van de te verhuizen domeinnaam bent/) });
    // The wizard saves the transfer (its code) only with the ownership box ticked: the code confirms it.
    const saved = basketOf(await calls.addChild(transfer.unique, transferCode, { value: 'AUTH-RESELLER-1' }));
    expect(saved.items[0]!.options.ownerConfirmed).toBe(true);
    expect(await calls.validate()).toEqual({ status: 'OK', message: '' });
  });

  it('places one order for a double submit of the reseller purchase, at the reseller prices, and empties only that basket', async () => {
    const reseller = await loginAs(app, RESELLER);
    const calls = resellerCalls(reseller);
    await calls.clear();
    const domain = basketOf(await calls.addDomain(nl, 'reseller-bestelt.nl')).items[0]!;
    const priced = basketOf(await calls.addChild(domain.unique, resellerBasic));
    basketOf(await basketCalls(reseller).addDomain(nl, 'blijft-in-de-winkel.nl'));

    const methods = await reseller.post(`${api}/paymentMethods`, {});
    expect(methods.statusCode).toBe(200);
    const body = { customWhois: [], paymentMethod: 'MANUAL_PAYMENT', requestId: randomUUID(), termsAccepted: true };
    const [first, second] = await Promise.all([reseller.post('/bestelprocedure-reseller/purchase', body), reseller.post('/bestelprocedure-reseller/purchase', body)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual(first.json());
    const { orderId } = first.json() as { orderId: number };

    const placed = await database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(placed.map((line) => [line.productType, line.productCode, line.price])).toEqual([
      ['DOMAIN', nl.productCode, domain.discountedPricePerPeriod],
      ['RESELLER_PACKAGE', 'RESELLER_BASIC', priced.items[0]!.connectedItem[0]!.discountedPricePerPeriod],
    ]);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.totalExcludeTax).toBe(priced.totalPricePerPeriodExcludeTax);

    expect((await calls.get()).empty).toBe(true);
    expect((await basketCalls(reseller).get()).items.map((item) => item.title)).toContain('blijft-in-de-winkel.nl');
  });
});
