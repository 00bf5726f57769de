import { contracts, pathOf, resellerApiContracts, ZApiKeyCreated, ZCustomerData, ZResellerDnsRecords } from '@kavel/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../src/db/schema/index.ts';
import type { Services } from '../src/services.ts';
import { databaseKinds, freshClient, loginAs, useTestShop, type TestClient } from './support/index.ts';

/**
 * Deeply nested input used to overflow the stack (a 500): an array for a number field, coerced
 * by `Number()`, and a JSON body handed to a route that takes none. Numbers are read as numbers
 * or decimal digits, JSON deeper than 32 levels is refused before anything reads it, and a route
 * without a body refuses one.
 */
const TOO_DEEP = 'De gegevens zijn te diep genest (hoogstens 32 niveaus).';
const NO_BODY = 'Dit verzoek heeft geen inhoud; stuur het zonder.';
const REQUIRED = 'Dit veld is verplicht.';
const DATA = '/api/bestellen/klantgegevens';
const FORM = { companyName: '', firstName: 'Femke', lastName: 'de Vries', street: 'Prinsengracht', streetNumber: '263', streetNumberAddition: '', postCode: '1016 GV', city: 'Amsterdam', countryId: 154, phoneNumber: '020 123 4567' };

/** `value` inside `depth` arrays, as JSON text. */
const nested = (depth: number, value = '"154"') => `${'['.repeat(depth)}${value}${']'.repeat(depth)}`;

describe.each(databaseKinds)('nested input on $name', (kind) => {
  let app: FastifyInstance;
  let services: Services;
  useTestShop(kind, (shop) => ({ app, services } = shop), { demoAccounts: true });

  /** A JSON request with the raw `body` text as `client` sends it. */
  const postRaw = async (client: TestClient, url: string, body: string) => {
    if (!client.cookies.has('XSRF-TOKEN')) await client.get('/api/bestelprocedure/getBasket');
    return app.inject({ method: 'POST', url, headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '', 'content-type': 'application/json' }, payload: body });
  };

  const expectTooDeep = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ message: TOO_DEEP });
  };

  it('reads a number field as a number or decimal digits, never an array or an object, and stores nothing else', async () => {
    const klant = await loginAs(app, 'klant@demo.kavel.nl');
    const before = ZCustomerData.parse((await klant.get(DATA)).json());
    for (const countryId of [[['56']], ['56'], { 0: '56' }, '0x38', '5.6e1', ' 56', '', true, null]) {
      const response = await klant.post(DATA, { ...FORM, countryId });
      expect(response.statusCode, JSON.stringify(countryId)).toBe(400);
      expect(response.json().fieldErrors, JSON.stringify(countryId)).toMatchObject({ countryId: REQUIRED });
    }
    expect(ZCustomerData.parse((await klant.get(DATA)).json())).toEqual(before);
    // A select element posts its value as text; a JSON number stays a number.
    expect((await klant.post(DATA, { ...FORM, countryId: '56', postCode: '1000' })).json()).toMatchObject({ countryId: 56 });
    expect((await klant.post(DATA, { ...FORM, countryId: 154 })).json()).toMatchObject({ countryId: 154 });
  });

  it('refuses a number field 5,000 arrays deep with a 400, and the process answers on', async () => {
    const klant = await loginAs(app, 'klant@demo.kavel.nl');
    expectTooDeep(await postRaw(klant, DATA, `{"countryId":${nested(5_000)}}`));
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  it('takes JSON 32 levels deep to the schema, refuses 33, and counts no bracket inside a string', async () => {
    const visitor = freshClient(app);
    // 32 levels: the body object and 31 arrays; the schema refuses the field, not the parser.
    const deepest = await postRaw(visitor, '/api/report-error', `{"msg":"diep","line":${nested(31, '1')}}`);
    expect(deepest.statusCode).toBe(400);
    expect(deepest.json().fieldErrors).toHaveProperty('line');
    expectTooDeep(await postRaw(visitor, '/api/report-error', `{"msg":"diep","line":${nested(32, '1')}}`));
    expectTooDeep(await postRaw(visitor, '/api/report-error', nested(10_000, '1')));
    const brackets = await postRaw(visitor, '/api/report-error', JSON.stringify({ msg: `${'[{'.repeat(200)}"\\"[`, url: '' }));
    expect(brackets.statusCode, brackets.body).toBe(204);
  });

  it('keeps refusing prototype keys in JSON', async () => {
    const visitor = freshClient(app);
    for (const body of ['{"msg":"x","__proto__":{"isAdmin":true}}', '{"msg":"x","constructor":{"prototype":{"isAdmin":true}}}']) {
      expect((await postRaw(visitor, '/api/report-error', body)).statusCode, body).toBe(400);
    }
  });

  describe('a reseller API route without a body', () => {
    let key: string;
    const domain = 'diep-genest.nl';
    const records = () => pathOf(resellerApiContracts.resellerDnsRecords, { domain });
    beforeAll(async () => {
      const reseller = await loginAs(app, 'reseller@demo.kavel.nl');
      const [row] = await services.db.select({ id: customers.id }).from(customers).where(eq(customers.email, 'reseller@demo.kavel.nl'));
      await services.domains.addDomain(domain, row!.id);
      key = ZApiKeyCreated.parse((await reseller.post(contracts.createApiKey.path, { name: 'genest', scopes: ['dns:read', 'dns:write'] })).json()).secret;
    });

    const remove = (id: number, headers: Record<string, string> = {}, payload?: string) =>
      app.inject({ method: 'DELETE', url: `${records()}/records/${id}`, headers: { authorization: `Bearer ${key}`, ...headers }, ...(payload === undefined ? {} : { payload }) });
    const addRecord = async (name: string) => {
      const added = await app.inject({ method: 'POST', url: `${records()}/records`, headers: { authorization: `Bearer ${key}` }, payload: { name, type: 'A', value: '192.0.2.7' } });
      expect(added.statusCode, added.body).toBe(201);
      return ZResellerDnsRecords.parse(added.json()).records.find((record) => record.name === name)!.id;
    };
    const namesLeft = async () => ZResellerDnsRecords.parse((await app.inject({ method: 'GET', url: records(), headers: { authorization: `Bearer ${key}` } })).json()).records.map((r) => r.name);

    it('refuses a body 20,000 levels deep with an Idempotency-Key (400), and changes nothing', async () => {
      const id = await addRecord('diep');
      expectTooDeep(await remove(id, { 'idempotency-key': 'diep-genest-0001', 'content-type': 'application/json' }, nested(20_000, '1')));
      expect(await namesLeft()).toContain('diep');
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    });

    it('refuses any other body with a clear message before the key is claimed; none, an empty one or {} is taken', async () => {
      const id = await addRecord('inhoud');
      const json = { 'idempotency-key': 'inhoud-0001', 'content-type': 'application/json' };
      for (const body of ['{"a":1}', '[]', '"x"', '0', '{"a":{"b":[1]}}']) {
        const refused = await remove(id, json, body);
        expect(refused.statusCode, body).toBe(400);
        expect(refused.json().formErrors, body).toEqual([NO_BODY]);
      }
      // The API takes JSON only: any other kind of body is a 415.
      expect((await remove(id, { 'content-type': 'text/plain' }, 'weg ermee')).statusCode).toBe(415);
      expect(await namesLeft()).toContain('inhoud');
      // The same key without the body: the refusals claimed nothing.
      expect((await remove(id, json, '{}')).statusCode).toBe(200);
      expect(await namesLeft()).not.toContain('inhoud');
      const second = await addRecord('leeg');
      const empty = await remove(second, { 'content-type': 'application/json', 'content-length': '0' }, '');
      expect(empty.statusCode, empty.body).toBe(200);
      const third = await addRecord('zonder');
      expect((await remove(third)).statusCode).toBe(200);
      expect(await namesLeft()).not.toContain('leeg');
    });
  });
});
