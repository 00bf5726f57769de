import { readFileSync } from 'node:fs';
import { contracts, RESELLER_API_PREFIX, ZApiKeyCreated, type TApiKeyScope } from '@kavel/core';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import createClient from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../src/services.ts';
import { customerIdOf, databaseKinds, listenLocally, loginAs, useTestShop, type TestClient } from './support/index.ts';
import { RESELLER_API_TYPES_FILE, resellerApiTypesSource } from './support/reseller-api-types-source.ts';
import type { paths } from './support/reseller-api-types.ts';

const RESELLER = 'reseller@demo.kavel.nl';
const OWN_DOMAIN = 'grachtenwerk.nl';
const OTHER_CUSTOMERS_DOMAIN = 'goudenkorst.nl';
const ERROR_FIELDS = ['type', 'title', 'status', 'detail', 'code', 'message', 'fieldErrors', 'errors', 'formErrors'];

/** What a refused call answers, as the document's `Error` schema describes it: problem details with a code, perhaps the fields at fault. */
function expectErrorShape(error: unknown): void {
  expect(error).toMatchObject({ type: expect.stringMatching(/^\/api\/problems\/[a-z0-9_]+$/), title: expect.any(String), status: expect.any(Number), detail: expect.any(String), code: expect.stringMatching(/^[a-z0-9_]+$/), message: expect.any(String) });
  expect((error as { message: string }).message).not.toBe('');
  for (const field of Object.keys(error as object)) expect(ERROR_FIELDS).toContain(field);
}

describe.each(databaseKinds)('the reseller API as its OpenAPI document describes it, on $name', (kind) => {
  let app: FastifyInstance;
  let services: Services;
  useTestShop(kind, (shop) => ({ app, services } = shop), { demoAccounts: true });

  let base: string;
  let reseller: TestClient;
  beforeAll(async () => {
    base = await listenLocally(app);
    reseller = await loginAs(app, RESELLER);
    await services.domains.addDomain(OWN_DOMAIN, await customerIdOf(services.db, RESELLER));
  });

  async function createKey(name: string, scopes: TApiKeyScope[]): Promise<string> {
    const response = await reseller.post(contracts.createApiKey.path, { name, scopes });
    expect(response.statusCode, response.body).toBe(201);
    return ZApiKeyCreated.parse(response.json()).secret;
  }

  /** A client typed by the checked-in generated paths, talking real HTTP to the listening app. */
  const clientWith = (key: string | null) =>
    createClient<paths>({ baseUrl: base + RESELLER_API_PREFIX, headers: key ? { authorization: `Bearer ${key}` } : {} });

  async function servedDocument(): Promise<Record<string, unknown>> {
    const response = await fetch(base + contracts.resellerOpenApi.path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    return (await response.json()) as Record<string, unknown>;
  }

  it('serves a document that an OpenAPI 3.1 validator accepts', async () => {
    const validator = new Validator();
    const result = await validator.validate(await servedDocument());
    expect(result.valid, `the document is not valid OpenAPI:\n${JSON.stringify(result.errors, null, 2)}`).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('generates the checked-in client types from the served document (run `npm run api:types -w @kavel/server` when it changed)', async () => {
    const generated = await resellerApiTypesSource(await servedDocument());
    expect(generated, 'test/support/reseller-api-types.ts is not what the served document generates').toBe(readFileSync(RESELLER_API_TYPES_FILE, 'utf8'));
  });

  it("drives the API with the generated client: availability, the reseller's domains, and reading and changing DNS records", async () => {
    const client = clientWith(await createKey('gegenereerde client', ['availability:read', 'domains:read', 'dns:read', 'dns:write']));

    const availability = await client.GET('/availability', { params: { query: { domain: 'Nieuwe-Zaak.nl' } } });
    expect(availability.response.status).toBe(200);
    expect(availability.data?.domain).toBe('nieuwe-zaak.nl');
    expect(['free', 'active', 'quarantine']).toContain(availability.data?.status);
    const invalid = await client.GET('/availability', { params: { query: { domain: 'zonder-extensie.onbekend' } } });
    expect(invalid.data?.status).toBe('invalid');

    const domains = await client.GET('/domains');
    expect(domains.response.status).toBe(200);
    const own = domains.data?.find((domain) => domain.name === OWN_DOMAIN);
    expect(own).toMatchObject({ name: OWN_DOMAIN, status: expect.any(String), registeredAt: expect.any(String) });
    expect(domains.data?.map((domain) => domain.name)).not.toContain(OTHER_CUSTOMERS_DOMAIN);

    const zone = { params: { path: { domain: OWN_DOMAIN } } };
    const before = await client.GET('/domains/{domain}/dns', zone);
    expect(before.response.status).toBe(200);
    expect(before.data?.domain).toBe(OWN_DOMAIN);
    expect(before.data?.records.some((record) => record.name === 'api')).toBe(false);

    const added = await client.POST('/domains/{domain}/dns/records', { ...zone, body: { name: 'api', type: 'A', value: '192.0.2.10', ttl: 3600 } });
    expect(added.response.status, JSON.stringify(added.error)).toBe(201);
    const record = added.data?.records.find((r) => r.name === 'api');
    expect(record).toMatchObject({ type: 'A', value: '192.0.2.10', ttl: 3600, id: expect.any(Number) });
    const recordPath = { params: { path: { domain: OWN_DOMAIN, recordId: String(record!.id) } } };

    const changed = await client.PUT('/domains/{domain}/dns/records/{recordId}', { ...recordPath, body: { name: 'api', type: 'A', value: '192.0.2.11' } });
    expect(changed.response.status, JSON.stringify(changed.error)).toBe(200);
    expect(changed.data?.records.find((r) => r.id === record!.id)).toMatchObject({ name: 'api', value: '192.0.2.11' });
    expect((await client.GET('/domains/{domain}/dns', zone)).data?.records.find((r) => r.id === record!.id)?.value).toBe('192.0.2.11');

    const refused = await client.POST('/domains/{domain}/dns/records', { ...zone, body: { name: 'x', type: 'A', value: 'geen-adres' } });
    expect(refused.response.status).toBe(400);
    expectErrorShape(refused.error);

    const removed = await client.DELETE('/domains/{domain}/dns/records/{recordId}', recordPath);
    expect(removed.response.status, JSON.stringify(removed.error)).toBe(200);
    expect(removed.data?.records.some((r) => r.id === record!.id)).toBe(false);

    const notMine = await client.GET('/domains/{domain}/dns', { params: { path: { domain: OTHER_CUSTOMERS_DOMAIN } } });
    expect(notMine.response.status).toBe(404);
    expectErrorShape(notMine.error);
  });

  it('orders a domain with a reseller package through the generated client, once for a retry with the same Idempotency-Key', async () => {
    const client = clientWith(await createKey('bestellingen', ['orders:write']));
    const order = {
      params: { header: { 'Idempotency-Key': 'bestelling-klant-0001' } },
      body: {
        domain: 'klant-via-de-api.nl',
        hostingProductCode: 'RESELLER_INTRO',
        holder: { forename: 'Klaas', surname: 'Klant', street: 'Damrak', houseNumber: '70', postcode: '1012LM', city: 'Amsterdam', phone: '+31 20 555 0199', email: 'klaas@example.nl' },
      },
    };
    const placed = await client.POST('/orders', order);
    expect(placed.response.status, JSON.stringify(placed.error)).toBe(201);
    expect(placed.data).toMatchObject({ domain: 'klant-via-de-api.nl', status: 'CONFIRMED', lines: [{ productType: 'DOMAIN' }, { productType: 'RESELLER_PACKAGE', productCode: 'RESELLER_INTRO' }] });
    const retried = await client.POST('/orders', order);
    expect(retried.response.status).toBe(200);
    expect(retried.data?.orderId).toBe(placed.data?.orderId);

    const withoutKey = await client.POST('/orders', { ...order, params: { header: { 'Idempotency-Key': 'kort' } } });
    expect(withoutKey.response.status).toBe(400);
    expectErrorShape(withoutKey.error);
  });

  it('declares the rate-limit headers every answer of a call carries (Retry-After on a 429) and the 405 with Allow, as the server sends them', async () => {
    const document = (await servedDocument()) as {
      info: { description: string };
      paths: Record<string, Record<string, { responses: Record<string, { $ref?: string; headers?: Record<string, unknown> }> }>>;
      components: { responses: Record<string, { headers?: Record<string, unknown> }>; headers: Record<string, { schema: unknown }> };
    };
    const rateLimitHeaders = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];
    for (const name of [...rateLimitHeaders, 'Retry-After']) expect(document.components.headers[name]?.schema, name).toMatchObject({ type: 'integer' });
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [status, answer] of Object.entries(operation.responses)) {
          const resolved = answer.$ref ? document.components.responses[answer.$ref.split('/').pop()!]! : answer;
          const declared = Object.keys(resolved.headers ?? {});
          // A method the path lacks is refused before any limit counts it; a body it cannot read (413, 415) after the site-wide one did.
          const expected = status === '429' ? [...rateLimitHeaders, 'Retry-After'] : status === '405' ? ['Allow'] : rateLimitHeaders;
          expect(declared, `${method} ${path} ${status}`).toEqual(expect.arrayContaining(expected));
        }
      }
    }
    expect(document.info.description).toMatch(/405.*Allow/);

    const client = clientWith(await createKey('koppen', ['domains:read']));
    const { response } = await client.GET('/domains');
    for (const name of rateLimitHeaders) expect(response.headers.get(name), name).toMatch(/^\d+$/);
  });

  it("answers a call without a key (401) or outside the key's scopes (403) with the documented error shape", async () => {
    const withoutKey = await clientWith(null).GET('/domains');
    expect(withoutKey.response.status).toBe(401);
    expect(withoutKey.data).toBeUndefined();
    expectErrorShape(withoutKey.error);

    const readOnly = clientWith(await createKey('alleen domeinen', ['domains:read']));
    expect((await readOnly.GET('/domains')).response.status).toBe(200);
    const outOfScope = await readOnly.POST('/domains/{domain}/dns/records', { params: { path: { domain: OWN_DOMAIN } }, body: { name: 'www', type: 'A', value: '192.0.2.1' } });
    expect(outOfScope.response.status).toBe(403);
    expect(outOfScope.data).toBeUndefined();
    expectErrorShape(outOfScope.error);
  });
});
