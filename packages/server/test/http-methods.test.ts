import { contracts, message, NOT_FOUND_PAGE, pathOf, resellerApiContracts, ZApiError, ZApiKeyCreated } from '@kavel/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerIdOf, databaseKinds, loginAs, TestClient, useTestShop } from './support/index.ts';
import type { Services } from '../src/services.ts';

const RESELLER = 'reseller@demo.kavel.nl';
const OWN_DOMAIN = 'methodewerk.nl';
const records = (domain: string) => `${pathOf(resellerApiContracts.resellerDnsRecords, { domain })}/records`;

/** The methods an `Allow` header lists, in any order. */
const allowOf = (response: LightMyRequestResponse) =>
  String(response.headers['allow'] ?? '')
    .split(',')
    .map((method) => method.trim())
    .filter(Boolean)
    .sort();

/** An answer of the API: no cookie of any kind, nothing about a session, the shop's error shape. */
function expectNoSession(response: LightMyRequestResponse): void {
  expect(response.headers['set-cookie'], `${response.statusCode} ${response.body}`).toBeUndefined();
  expect(response.body).not.toContain(message('nl', 'csrf'));
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(ZApiError.parse(response.json()).message).toBeTruthy();
}

describe.each(databaseKinds)('methods a path does not have, and ids that are none, on $name', (kind) => {
  let app: FastifyInstance;
  let services: Services;
  useTestShop(kind, (shop) => ({ app, services } = shop), { demoAccounts: true });

  let key: string;
  let recordId: number;
  beforeAll(async () => {
    const reseller = await loginAs(app, RESELLER);
    await services.domains.addDomain(OWN_DOMAIN, await customerIdOf(services.db, RESELLER));
    const created = await reseller.post(contracts.createApiKey.path, { name: 'methoden', scopes: ['domains:read', 'dns:read', 'dns:write'] });
    key = ZApiKeyCreated.parse(created.json()).secret;
    const added = await api('POST', records(OWN_DOMAIN), { name: 'www', type: 'A', value: '192.0.2.7' });
    expect(added.statusCode, added.body).toBe(201);
    recordId = (added.json() as { records: { id: number; name: string }[] }).records.find((record) => record.name === 'www')!.id;
  });

  const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, withKey = true) =>
    app.inject({ method, url, headers: withKey ? { authorization: `Bearer ${key}` } : {}, ...(payload ? { payload } : {}) });

  it('answers a method the reseller API path does not have with 405 and Allow, never a session refusal or a cookie, with or without a key', async () => {
    for (const withKey of [true, false]) {
      const patched = await api('PATCH', `${records(OWN_DOMAIN)}/${recordId}`, { value: '192.0.2.8' }, withKey);
      expect(patched.statusCode, patched.body).toBe(405);
      expect(allowOf(patched)).toEqual(['DELETE', 'PUT']);
      expectNoSession(patched);

      const domains = await api('DELETE', resellerApiContracts.resellerDomains.path, undefined, withKey);
      expect(domains.statusCode, domains.body).toBe(405);
      expect(allowOf(domains)).toEqual(['GET', 'HEAD']);
      expectNoSession(domains);
      expect(domains.json()).toMatchObject({ message: message('nl', 'methodNotAllowed') });

      const orders = await api('DELETE', resellerApiContracts.resellerCreateOrder.path, undefined, withKey);
      expect(orders.statusCode).toBe(405);
      expect(allowOf(orders)).toEqual(['GET', 'HEAD', 'POST']);
      expectNoSession(orders);
    }
    // Nothing changed: the record keeps its value.
    const zone = await api('GET', pathOf(resellerApiContracts.resellerDnsRecords, { domain: OWN_DOMAIN }));
    expect((zone.json() as { records: { id: number; value: string }[] }).records.find((record) => record.id === recordId)!.value).toBe('192.0.2.7');
  });

  it('answers a malformed record id and an unknown API path with 404, not a session refusal, and sets no cookie', async () => {
    for (const [method, url] of [
      ['PUT', `${records(OWN_DOMAIN)}/abc`],
      ['DELETE', `${records(OWN_DOMAIN)}/12abc`],
      ['POST', '/api/reseller/v1/nergens'],
      ['DELETE', '/api/reseller/v1/domains/x/y/z'],
    ] as const) {
      for (const withKey of [true, false]) {
        const response = await api(method, url, method === 'PUT' ? { name: 'www', type: 'A', value: '192.0.2.9' } : undefined, withKey);
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
        expectNoSession(response);
      }
    }
  });

  it("answers a method the shop's own route does not have with 405 and Allow in the visitor's language, before any CSRF check", async () => {
    const visitor = new TestClient(app);
    const response = await app.inject({ method: 'PATCH', url: contracts.apiKeys.path, payload: { name: 'x' } });
    expect(response.statusCode, response.body).toBe(405);
    expect(allowOf(response)).toEqual(['GET', 'HEAD', 'POST']);
    expect(response.json()).toMatchObject({ message: message('nl', 'methodNotAllowed') });

    await visitor.get('/bestelprocedure?lang=en');
    const english = await app.inject({ method: 'DELETE', url: '/api/bestelprocedure/getBasket', headers: { cookie: [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } });
    expect(english.statusCode, english.body).toBe(405);
    expect(allowOf(english)).toEqual(['GET', 'HEAD']);
    expect(english.json()).toMatchObject({ message: message('en', 'methodNotAllowed') });

    // The address of a form's post: a program is told its method, a browser opening it gets the shop's own page.
    const program = await app.inject({ method: 'GET', url: '/login' });
    expect(program.statusCode).toBe(405);
    expect(allowOf(program)).toEqual(['POST']);
    const browser = await app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(browser.statusCode).toBe(302);
    expect(browser.headers.location).toBe(NOT_FOUND_PAGE);
  });

  it("answers a malformed id on the shop's own routes with 404, with or without the CSRF token, and a write without it on a real route still 403", async () => {
    const reseller = await loginAs(app, RESELLER);
    const malformed = `${contracts.apiKeys.path}/abc`;
    expect((await reseller.delete(malformed)).statusCode).toBe(404);
    const cookie = [...reseller.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const withoutToken = await app.inject({ method: 'DELETE', url: malformed, headers: { cookie } });
    expect(withoutToken.statusCode, withoutToken.body).toBe(404);
    expect(withoutToken.json()).toMatchObject({ message: message('nl', 'notFound') });
    // A route that exists keeps its CSRF check.
    expect((await reseller.post(contracts.createApiKey.path, { name: 'x', scopes: ['domains:read'] }, { csrf: false })).statusCode).toBe(403);
  });
});
