import { randomUUID } from 'node:crypto';
import { contracts, pathOf, resellerApiContracts, ZApiKeyCreated, ZResellerOrder, ZResellerOrderDetail, ZResellerOrderList, type TApiKeyScope } from '@kavel/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema/index.ts';
import type { Services } from '../src/services.ts';
import { holderForm } from './support/holders.ts';
import { databaseKinds, loginAs, useTestShop, waitForJobs } from './support/index.ts';

const { resellerListOrders, resellerGetOrder, resellerCreateOrder } = resellerApiContracts;

describe.each(databaseKinds)('reseller API order reads on $name', (kind) => {
  let app: FastifyInstance;
  let services: Services;
  useTestShop(kind, (shop) => ({ app, services } = shop), { demoAccounts: true });

  let orderKey: string;
  let readKey: string;
  let writeOnlyKey: string;
  const placed: number[] = [];
  beforeAll(async () => {
    const reseller = await loginAs(app, 'reseller@demo.kavel.nl');
    const create = async (name: string, scopes: TApiKeyScope[]) => ZApiKeyCreated.parse((await reseller.post(contracts.createApiKey.path, { name, scopes })).json()).secret;
    orderKey = await create('bestellen en lezen', ['orders:write', 'orders:read']);
    readKey = await create('bestellingen lezen', ['orders:read']);
    writeOnlyKey = await create('alleen bestellen', ['orders:write']);
    for (let n = 1; n <= 5; n++) {
      const answer = await app.inject({
        method: 'POST',
        url: resellerCreateOrder.path,
        headers: { authorization: `Bearer ${orderKey}`, 'idempotency-key': randomUUID() },
        payload: { domain: `opgevraagd-${n}.nl`, holder: holderForm() },
      });
      expect(answer.statusCode, answer.body).toBe(201);
      placed.push(ZResellerOrder.parse(answer.json()).orderId);
    }
    await waitForJobs(app);
  });

  const get = (url: string, key = readKey) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });

  it('answers one of the reseller’s orders with its state, lines, invoice and fulfilment steps', async () => {
    const answer = await get(pathOf(resellerGetOrder, { orderId: String(placed[0]) }));
    expect(answer.statusCode, answer.body).toBe(200);
    const order = ZResellerOrderDetail.parse(answer.json());
    expect(order).toMatchObject({ orderId: placed[0], domain: 'opgevraagd-1.nl', status: 'FULFILLED', lines: [{ productType: 'DOMAIN', title: 'opgevraagd-1.nl' }] });
    expect(order.invoice.number).toMatch(/^\d{4}-\d{6}$/);
    expect(order.fulfilment.length).toBeGreaterThan(0);
    expect(order.fulfilment.every((step) => step.state === 'done')).toBe(true);
  });

  it('pages the orders newest first with an opaque cursor, and ends with nextCursor null', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const answer = await get(`${resellerListOrders.path}?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.statusCode, answer.body).toBe(200);
      const page = ZResellerOrderList.parse(answer.json());
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((order) => order.orderId));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(seen.slice(0, 5)).toEqual([...placed].reverse());
    const whole = ZResellerOrderList.parse((await get(resellerListOrders.path)).json());
    expect(whole.data.map((order) => order.orderId)).toEqual(seen.slice(0, 20));
  });

  it('is 404 for another reseller’s order and for an order that is not there', async () => {
    // Another reseller (the demo customer, made one) with a key that may read orders.
    await services.db.update(customers).set({ isReseller: true, staffel: 1 }).where(eq(customers.email, 'klant@demo.kavel.nl'));
    const other = await loginAs(app, 'klant@demo.kavel.nl');
    const created = await other.post(contracts.createApiKey.path, { name: 'ander', scopes: ['orders:read'] });
    expect(created.statusCode, created.body).toBe(201);
    const otherKey = ZApiKeyCreated.parse(created.json()).secret;
    expect((await get(pathOf(resellerGetOrder, { orderId: String(placed[0]) }), otherKey)).statusCode).toBe(404);
    expect(ZResellerOrderList.parse((await get(resellerListOrders.path, otherKey)).json()).data.map((order) => order.orderId)).not.toContain(placed[0]);
    expect((await get(pathOf(resellerGetOrder, { orderId: '999999' }))).statusCode).toBe(404);
  });

  it('refuses a key without orders:read (403), and a bad limit or cursor (400) with a readable message', async () => {
    expect((await get(resellerListOrders.path, writeOnlyKey)).statusCode).toBe(403);
    expect((await get(pathOf(resellerGetOrder, { orderId: String(placed[0]) }), writeOnlyKey)).statusCode).toBe(403);
    for (const limit of ['0', '101', 'veel']) {
      const answer = await get(`${resellerListOrders.path}?limit=${limit}`);
      expect(answer.statusCode, limit).toBe(400);
      expect(answer.json()).toMatchObject({ fieldErrors: { limit: expect.stringContaining('limit') } });
    }
    const badCursor = await get(`${resellerListOrders.path}?cursor=niet-van-ons`);
    expect(badCursor.statusCode).toBe(400);
    expect(JSON.stringify(badCursor.json())).toContain('nextCursor');
  });

  it('documents both reads in the served OpenAPI document with their scope', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/reseller/v1/openapi.json' })).json() as { paths: Record<string, Record<string, { 'x-scope': string; parameters?: { name: string }[] }>> };
    expect(document.paths['/orders']!.get).toMatchObject({ 'x-scope': 'orders:read', parameters: [{ name: 'limit' }, { name: 'cursor' }] });
    expect(document.paths['/orders/{orderId}']!.get).toMatchObject({ 'x-scope': 'orders:read', parameters: [{ name: 'orderId' }] });
  });
});
