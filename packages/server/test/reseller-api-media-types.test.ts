import { randomUUID } from 'node:crypto';
import { message, pathOf, resellerApiContracts, ZApiError } from '@kavel/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/index.ts';
import type { Services } from '../src/services.ts';
import { holderForm } from './support/holders.ts';
import { databaseKinds, freshClient, resellerApiKey, useTestShop } from './support/index.ts';

const OWN_DOMAIN = 'soortwerk.nl';
const ORDERS = resellerApiContracts.resellerCreateOrder.path;
const zone = pathOf(resellerApiContracts.resellerDnsRecords, { domain: OWN_DOMAIN });
const records = pathOf(resellerApiContracts.resellerDnsAddRecord, { domain: OWN_DOMAIN });

/** A refusal of the body's kind: 415, JSON in the API's error shape, and the shop's words for it. */
function expectMediaTypeRefusal(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBe(415);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.headers['set-cookie']).toBeUndefined();
  expect(ZApiError.parse(response.json()).message).toBe(message('nl', 'mediaType'));
}

describe.each(databaseKinds)('the reseller API takes JSON bodies only, on $name', (kind) => {
  let app: FastifyInstance;
  let services: Services;
  useTestShop(kind, (shop) => ({ app, services } = shop), { demoAccounts: true });

  let key: string;
  let resellerId: number;
  beforeAll(async () => {
    ({ key, resellerId } = await resellerApiKey(app, services, 'soorten', ['orders:write', 'dns:read', 'dns:write'], [OWN_DOMAIN]));
  });

  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: string, contentType: string | null, extra: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': randomUUID(), ...(contentType === null ? {} : { 'content-type': contentType }), ...extra },
    });
  const ordersOfReseller = async () => (await services.db.select({ id: orders.id }).from(orders).where(eq(orders.customerId, resellerId))).length;
  const recordsOfDomain = async () => (await app.inject({ method: 'GET', url: zone, headers: { authorization: `Bearer ${key}` } })).json().records.length as number;

  it('refuses a form-encoded order with 415 in its error shape, and orders nothing', async () => {
    const before = await ordersOfReseller();
    const form = new URLSearchParams({ domain: 'formulier-bestelling.nl', 'holder[customWhoisId]': '1' }).toString();
    expectMediaTypeRefusal(await send('POST', ORDERS, form, 'application/x-www-form-urlencoded'));
    // Also as a browser form would send it: still the API's JSON, never a page.
    expectMediaTypeRefusal(await send('POST', ORDERS, form, 'application/x-www-form-urlencoded; charset=UTF-8', { accept: '*/*' }));
    expectMediaTypeRefusal(await send('POST', ORDERS, form, 'application/x-www-form-urlencoded', { accept: 'text/html,application/xhtml+xml' }));
    expect(await ordersOfReseller()).toBe(before);
  });

  it('refuses plain text, other kinds and a body without a Content-Type on the DNS writes, changing nothing', async () => {
    const before = await recordsOfDomain();
    const json = JSON.stringify({ name: 'tekst', type: 'A', value: '192.0.2.20' });
    for (const type of ['text/plain', 'text/plain; charset=utf-8', 'application/xml', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded']) {
      expectMediaTypeRefusal(await send('POST', records, json, type));
    }
    expectMediaTypeRefusal(await send('POST', records, json, null));
    expectMediaTypeRefusal(await send('PUT', `${records}/1`, 'name=www&type=A&value=192.0.2.21', 'application/x-www-form-urlencoded'));
    expect(await recordsOfDomain()).toBe(before);
  });

  it('refuses a form body before asking for the key, as every unreadable body is', async () => {
    const refused = await app.inject({ method: 'POST', url: ORDERS, payload: 'domain=zonder-sleutel.nl', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expectMediaTypeRefusal(refused);
  });

  it('takes JSON in any spelling of its media type, with or without parameters', async () => {
    const before = await recordsOfDomain();
    for (const [name, type] of [
      ['json', 'application/json'],
      ['charset', 'application/json; charset=utf-8'],
      ['hoofdletters', 'Application/JSON'],
    ] as const) {
      const added = await send('POST', records, JSON.stringify({ name, type: 'A', value: '192.0.2.22' }), type);
      expect(added.statusCode, `${type}: ${added.body}`).toBe(201);
    }
    expect(await recordsOfDomain()).toBe(before + 3);
    const order = await send('POST', ORDERS, JSON.stringify({ domain: 'json-bestelling.nl', holder: holderForm() }), 'application/json');
    expect(order.statusCode, order.body).toBe(201);
  });

  it("keeps the shop's own form posts, which its forms without script send", async () => {
    const login = await freshClient(app).postForm('/login', { from: 'shop', username: 'niemand@example.nl', password: 'verkeerd-wachtwoord' });
    expect([login.statusCode, login.headers.location]).toEqual([303, '/bestellen/inloggen?loginError=invalid']);
  });
});
