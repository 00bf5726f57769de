import { randomUUID } from 'node:crypto';
import { contracts, resellerApiContracts, ZApiKeyCreated, ZResellerOrder, type TApiKeyScope } from '@kavel/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, orderLines, orders, whoisHolders } from '../src/db/schema/index.ts';
import type { Services } from '../src/services.ts';
import { holderForm } from './support/holders.ts';
import { databaseKinds, loginAs, products, waitForJobs, useTestShop } from './support/index.ts';

const RESELLER = 'reseller@demo.kavel.nl';
const ORDERS = resellerApiContracts.resellerCreateOrder.path;
const { nl, com, resellerBasic } = products;

describe.each(databaseKinds)('reseller API orders on $name', (kind) => {
  let app: FastifyInstance;
  let services: Services;
  useTestShop(kind, (shop) => ({ app, services } = shop), { demoAccounts: true });

  let orderKey: string;
  let readKey: string;
  let resellerId: number;
  beforeAll(async () => {
    const reseller = await loginAs(app, RESELLER);
    const create = async (name: string, scopes: TApiKeyScope[]) => ZApiKeyCreated.parse((await reseller.post(contracts.createApiKey.path, { name, scopes })).json()).secret;
    orderKey = await create('bestellen', ['orders:write', 'domains:read']);
    readKey = await create('alleen lezen', ['availability:read', 'domains:read']);
    const [row] = await services.db.select({ id: customers.id }).from(customers).where(eq(customers.email, RESELLER));
    resellerId = row!.id;
  });

  const order = (key: string, body: unknown, idempotencyKey: string | null = randomUUID()) =>
    app.inject({
      method: 'POST',
      url: ORDERS,
      headers: { authorization: `Bearer ${key}`, ...(idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey }) },
      payload: body as object,
    });

  it('orders a domain with a reseller package for a new holder, at staffel 2 prices, and delivers it', async () => {
    const answer = await order(orderKey, { domain: 'Klant-Van-Reseller.nl', hostingProductCode: 'RESELLER_BASIC', holder: holderForm({ forename: 'Karin', surname: 'Klant' }) });
    expect(answer.statusCode, answer.body).toBe(201);
    const placed = ZResellerOrder.parse(answer.json());
    const domainPrice = Math.round(nl.discountedPrice * 0.8);
    const hostingPrice = 6 * Math.round(resellerBasic.discountedPrice * 0.85) + 6 * Math.round(resellerBasic.originalPrice * 0.85);
    expect(placed).toMatchObject({
      status: 'CONFIRMED',
      domain: 'klant-van-reseller.nl',
      paymentMethod: 'MANUAL_PAYMENT',
      period: 'YEARLY',
      totalExcludeTax: domainPrice + hostingPrice,
      lines: [
        { productType: 'DOMAIN', productCode: nl.productCode, title: 'klant-van-reseller.nl', price: domainPrice },
        { productType: 'RESELLER_PACKAGE', productCode: 'RESELLER_BASIC', price: hostingPrice },
      ],
    });
    // The holder is kept with the reseller's holders, and the order line carries it.
    const [holder] = await services.db.select().from(whoisHolders).where(eq(whoisHolders.id, placed.holderId));
    expect(holder).toMatchObject({ customerId: resellerId, forename: 'Karin', surname: 'Klant' });
    const [line] = await services.db.select().from(orderLines).where(eq(orderLines.orderId, placed.orderId));
    expect(line!.holder).toMatchObject({ customWhoisId: placed.holderId, forename: 'Karin' });

    await waitForJobs(app);
    const domains = await app.inject({ method: 'GET', url: resellerApiContracts.resellerDomains.path, headers: { authorization: `Bearer ${orderKey}` } });
    expect((domains.json() as Array<{ name: string }>).map((domain) => domain.name)).toContain('klant-van-reseller.nl');
  });

  it('leaves no new holder behind when the order is refused after it was judged, or when two first attempts race', async () => {
    const holdersOf = async () => (await services.db.select({ id: whoisHolders.id }).from(whoisHolders).where(eq(whoisHolders.customerId, resellerId))).length;
    const before = await holdersOf();
    // No direct debit mandate: the order is refused when it is placed.
    const refused = await order(orderKey, { domain: 'geen-machtiging.nl', paymentMethod: 'AUTOMATIC_INCASSO', holder: holderForm({ forename: 'Wees' }) });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(await holdersOf()).toBe(before);
    // The same key twice at once: one order, one holder.
    const key = randomUUID();
    const body = { domain: 'tegelijk-besteld.nl', holder: holderForm({ forename: 'Twee' }) };
    const answers = await Promise.all([order(orderKey, body, key), order(orderKey, body, key)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(answers.map((answer) => answer.json().orderId)).size).toBe(1);
    expect(await holdersOf()).toBe(before + 1);
  });

  it('answers a retry with the same Idempotency-Key with the first order (200), and refuses the key for another domain (409)', async () => {
    const key = `retry-${randomUUID()}`;
    const body = { domain: 'eenmaal-besteld.nl', holder: holderForm() };
    const [first, second] = await Promise.all([order(orderKey, body, key), order(orderKey, body, key)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(second.json()).toEqual(first.json());
    // Later, too (its status may have moved on meanwhile: delivered).
    const third = await order(orderKey, body, key);
    expect(third.statusCode).toBe(200);
    expect({ ...(third.json() as object), status: 'any' }).toEqual({ ...(first.json() as object), status: 'any' });
    const placed = await services.db.select().from(orders).where(eq(orders.requestId, `api:${key}`));
    expect(placed).toHaveLength(1);

    const other = await order(orderKey, { domain: 'iets-anders.nl', holder: holderForm() }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ message: 'Deze Idempotency-Key hoort bij een eerdere bestelling van een andere domeinnaam.' });
  });

  it('refuses without the scope, without an Idempotency-Key, and with bad input, ordering nothing', async () => {
    const before = (await services.db.select().from(orders).where(eq(orders.customerId, resellerId))).length;
    expect((await order(readKey, { domain: 'geen-scope.nl', holder: holderForm() })).statusCode).toBe(403);
    const noKey = await order(orderKey, { domain: 'geen-sleutel.nl', holder: holderForm() }, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ fieldErrors: { 'idempotency-key': expect.any(String) } });
    const badHolder = await order(orderKey, { domain: 'slechte-houder.nl', holder: holderForm({ postcode: '' }) });
    expect(badHolder.statusCode).toBe(400);
    expect(badHolder.json()).toHaveProperty('fieldErrors');
    const unknownPackage = await order(orderKey, { domain: 'verkeerd-pakket.nl', hostingProductCode: 'HOSTING_BASIC', holder: holderForm() });
    expect(unknownPackage.statusCode).toBe(400);
    const someoneElses = await order(orderKey, { domain: 'andermans-houder.nl', holder: { customWhoisId: 999999 } });
    expect(someoneElses.statusCode).toBe(404);
    const taken = await order(orderKey, { domain: 'google.com', holder: holderForm() });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ fieldErrors: { transferCode: expect.stringContaining('google.com') } });
    expect((await services.db.select().from(orders).where(eq(orders.customerId, resellerId))).length).toBe(before);
  });

  it('orders a transfer of a taken domain with its code, for a holder of the reseller', async () => {
    const reseller = await loginAs(app, RESELLER);
    const holder = await reseller.post('/api/account/whois', holderForm({ forename: 'Bestaande' }));
    expect(holder.statusCode, holder.body).toBeLessThan(300);
    const [row] = await services.db.select({ id: whoisHolders.id }).from(whoisHolders).where(eq(whoisHolders.forename, 'Bestaande'));
    const answer = await order(orderKey, { domain: 'google.com', transferCode: 'AUTH-GOOG-1', holder: { customWhoisId: row!.id } });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(ZResellerOrder.parse(answer.json())).toMatchObject({
      holderId: row!.id,
      lines: [{ productType: 'DOMAIN_TRANSFER', productCode: com.productCode, title: 'google.com', price: Math.round(com.transferPrice * 0.8) }],
    });
  });
});
