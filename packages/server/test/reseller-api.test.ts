import { contracts, pathOf, resellerApiContracts, type Contract, ZApiKey, ZApiKeyCreated, ZApiError, ZResellerDnsRecords, ZResellerDomain, type TApiKeyScope } from '@kavel/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, resellerApiKeys } from '../src/db/schema/index.ts';
import { openApiPathOf } from '../src/features/reseller-api/openapi-document.ts';
import type { Services } from '../src/services.ts';
import { databaseKinds, loginAs, TestClient, useTestShop } from './support/index.ts';

const RESELLER = 'reseller@demo.kavel.nl';
const CUSTOMER = 'klant@demo.kavel.nl';
const OWN_DOMAIN = 'grachtenwerk.nl';
const PER_MINUTE = 40;
const ALL_SCOPES: TApiKeyScope[] = ['availability:read', 'domains:read', 'dns:read', 'dns:write'];

describe.each(databaseKinds)('reseller API on $name', (kind) => {
  let app: FastifyInstance;
  let services: Services;
  useTestShop(kind, (shop) => ({ app, services } = shop), { demoAccounts: true, app: { config: { resellerApiPerMinute: PER_MINUTE } } });

  let reseller: TestClient;
  let customer: TestClient;
  let fullKey: string;
  beforeAll(async () => {
    reseller = await loginAs(app, RESELLER);
    customer = await loginAs(app, CUSTOMER);
    const [row] = await services.db.select({ id: customers.id }).from(customers).where(eq(customers.email, RESELLER));
    await services.domains.addDomain(OWN_DOMAIN, row!.id);
    fullKey = await createKey('everything', ALL_SCOPES);
  });

  async function createKey(name: string, scopes: TApiKeyScope[]): Promise<string> {
    const response = await reseller.post(contracts.createApiKey.path, { name, scopes });
    expect(response.statusCode, response.body).toBe(201);
    return ZApiKeyCreated.parse(response.json()).secret;
  }

  const call = (key: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: key ? { authorization: `Bearer ${key}` } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

  const dnsPath = (domain: string) => pathOf(resellerApiContracts.resellerDnsRecords, { domain });

  it('lets a reseller create, list and revoke keys, answers the secret once, and refuses a customer who is not a reseller (403)', async () => {
    const created = ZApiKeyCreated.parse((await reseller.post(contracts.createApiKey.path, { name: 'Boekhouding', scopes: ['domains:read'] })).json());
    expect(created.secret).toMatch(/^kvl_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(created.key.prefix)).toBe(true);
    const listed = (await reseller.get(contracts.apiKeys.path)).json() as unknown[];
    const mine = listed.map((key) => ZApiKey.parse(key)).find((key) => key.id === created.key.id)!;
    expect(mine).toMatchObject({ name: 'Boekhouding', scopes: ['domains:read'], lastUsedAt: null, revokedAt: null });
    expect(JSON.stringify(listed)).not.toContain(created.secret.slice(created.key.prefix.length + 1));

    // Stored hashed: the secret is nowhere in the table.
    const rows = await services.db.select().from(resellerApiKeys);
    for (const row of rows) expect(Object.values(row).map(String).join(' ')).not.toContain(created.secret.slice(-43));

    const revoked = await reseller.delete(pathOf(contracts.revokeApiKey, { id: created.key.id }));
    expect(revoked.statusCode).toBe(200);
    expect(ZApiKey.parse(revoked.json()).revokedAt).not.toBeNull();
    expect((await call(created.secret, 'GET', resellerApiContracts.resellerDomains.path)).statusCode).toBe(401);

    expect((await customer.get(contracts.apiKeys.path)).statusCode).toBe(403);
    expect((await customer.post(contracts.createApiKey.path, { name: 'x', scopes: ['domains:read'] })).statusCode).toBe(403);
    expect((await customer.delete(pathOf(contracts.revokeApiKey, { id: created.key.id }))).statusCode).toBe(403);
    expect((await reseller.delete(pathOf(contracts.revokeApiKey, { id: 2_000_000 }))).statusCode).toBe(404);
    expect((await new TestClient(app).get(contracts.apiKeys.path)).statusCode).toBe(401);
    // The account calls are session calls: a write without the CSRF token changes nothing.
    expect((await reseller.post(contracts.createApiKey.path, { name: 'x', scopes: ['domains:read'] }, { csrf: false })).statusCode).toBe(403);
    const refused = await reseller.post(contracts.createApiKey.path, { name: '', scopes: [] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fieldErrors: { name: 'Dit veld is verplicht.', scopes: 'Kies ten minste één recht.' } });
  });

  it('refuses a call without a key, with a wrong or malformed key, and with a session cookie only (401 JSON)', async () => {
    for (const key of [null, 'kvl_000000000000_' + 'A'.repeat(43), `${fullKey.slice(0, -1)}x`, 'nonsense']) {
      const response = await call(key, 'GET', resellerApiContracts.resellerDomains.path);
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(ZApiError.parse(response.json()).message).toBeTruthy();
    }
    expect((await reseller.get(resellerApiContracts.resellerDomains.path)).statusCode).toBe(401);
    expect((await reseller.post(`${dnsPath(OWN_DOMAIN)}/records`, { name: 'www', type: 'A', value: '192.0.2.1' })).statusCode).toBe(401);
  });

  it("answers the reseller's own domains, notes the key's last use, and refuses a call outside the key's scopes (403)", async () => {
    const response = await call(fullKey, 'GET', resellerApiContracts.resellerDomains.path);
    expect(response.statusCode, response.body).toBe(200);
    const names = (response.json() as unknown[]).map((domain) => ZResellerDomain.parse(domain).name);
    expect(names).toContain(OWN_DOMAIN);
    expect(names).not.toContain('goudenkorst.nl');
    const keys = (await reseller.get(contracts.apiKeys.path)).json() as { prefix: string; lastUsedAt: string | null }[];
    expect(keys.find((key) => fullKey.startsWith(key.prefix))!.lastUsedAt).not.toBeNull();

    const readOnly = await createKey('alleen lezen', ['domains:read']);
    expect((await call(readOnly, 'GET', resellerApiContracts.resellerDomains.path)).statusCode).toBe(200);
    expect((await call(readOnly, 'GET', dnsPath(OWN_DOMAIN))).statusCode).toBe(403);
    expect((await call(readOnly, 'POST', `${dnsPath(OWN_DOMAIN)}/records`, { name: 'www', type: 'A', value: '192.0.2.1' })).statusCode).toBe(403);
    expect((await call(readOnly, 'GET', `${resellerApiContracts.resellerAvailability.path}?domain=vrij.nl`)).statusCode).toBe(403);
  });

  it("checks one domain's availability", async () => {
    const answer = await call(fullKey, 'GET', `${resellerApiContracts.resellerAvailability.path}?domain=${encodeURIComponent('Nieuwe-Zaak.nl')}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ domain: 'nieuwe-zaak.nl' });
    expect(['free', 'active', 'quarantine']).toContain((answer.json() as { status: string }).status);
    expect((await call(fullKey, 'GET', `${resellerApiContracts.resellerAvailability.path}?domain=zonder-extensie.onbekend`)).json()).toMatchObject({
      status: 'invalid',
      reason: 'unknown-extension',
      detail: 'Deze extensie verkopen we niet.',
    });
    const tooShort = await app.inject({ url: `${resellerApiContracts.resellerAvailability.path}?domain=ab.nl`, headers: { authorization: `Bearer ${fullKey}`, 'accept-language': 'en' } });
    expect(tooShort.json()).toEqual({ domain: 'ab.nl', status: 'invalid', reason: 'too-short', detail: 'A domain name has at least 3 characters (without the extension).' });
    expect((await call(fullKey, 'GET', `${resellerApiContracts.resellerAvailability.path}?domain=nieuwe--zaak.nl`)).json()).toMatchObject({ status: 'invalid', reason: 'double-hyphen' });
    expect((await call(fullKey, 'GET', resellerApiContracts.resellerAvailability.path)).statusCode).toBe(400);
  });

  it("reads and changes the DNS records of the reseller's own domain, and answers 404 for another customer's domain", async () => {
    const before = ZResellerDnsRecords.parse((await call(fullKey, 'GET', dnsPath(OWN_DOMAIN))).json());
    expect(before.domain).toBe(OWN_DOMAIN);
    const added = await call(fullKey, 'POST', `${dnsPath(OWN_DOMAIN)}/records`, { name: 'api', type: 'A', value: '192.0.2.10' });
    expect(added.statusCode, added.body).toBe(201);
    const record = ZResellerDnsRecords.parse(added.json()).records.find((r) => r.name === 'api')!;
    expect(record).toMatchObject({ type: 'A', value: '192.0.2.10' });

    const record$ = `${dnsPath(OWN_DOMAIN)}/records/${record.id}`;
    const changed = await call(fullKey, 'PUT', record$, { name: 'api', type: 'A', value: '192.0.2.11' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(ZResellerDnsRecords.parse(changed.json()).records.find((r) => r.name === 'api')!.value).toBe('192.0.2.11');
    expect((await call(fullKey, 'POST', `${dnsPath(OWN_DOMAIN)}/records`, { name: 'x', type: 'A', value: 'geen-adres' })).statusCode).toBe(400);

    const removed = await call(fullKey, 'DELETE', record$);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(ZResellerDnsRecords.parse(removed.json()).records.some((r) => r.name === 'api')).toBe(false);

    for (const [method, url] of [
      ['GET', dnsPath('goudenkorst.nl')],
      ['POST', `${dnsPath('goudenkorst.nl')}/records`],
      ['DELETE', `${dnsPath('goudenkorst.nl')}/records/1`],
      ['GET', dnsPath('nergens.nl')],
    ] as const) {
      const response = await call(fullKey, method, url, method === 'POST' ? { name: 'x', type: 'A', value: '192.0.2.1' } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('makes a DNS write with an Idempotency-Key safe to retry: the stored answer again, no second change', async () => {
    const key = await createKey('idempotent', ['dns:read', 'dns:write']);
    const add = (idempotencyKey: string, value: string) =>
      app.inject({
        method: 'POST',
        url: `${dnsPath(OWN_DOMAIN)}/records`,
        headers: { authorization: `Bearer ${key}`, 'idempotency-key': idempotencyKey },
        payload: { name: 'retry', type: 'TXT', value },
      });
    const first = await add('dns-write-0001', 'eerste');
    expect(first.statusCode, first.body).toBe(201);
    const again = await add('dns-write-0001', 'eerste');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const zone = ZResellerDnsRecords.parse((await call(key, 'GET', dnsPath(OWN_DOMAIN))).json());
    expect(zone.records.filter((record) => record.name === 'retry')).toHaveLength(1);

    const other = await add('dns-write-0001', 'iets anders');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ message: 'Deze Idempotency-Key is al gebruikt voor een ander verzoek.' });
    // Without a key a write runs as it comes; a malformed key is refused before anything changes.
    expect((await call(key, 'POST', `${dnsPath(OWN_DOMAIN)}/records`, { name: 'zonder', type: 'TXT', value: 'een' })).statusCode).toBe(201);
    expect((await add('kort', 'te kort')).statusCode).toBe(400);
  });

  it("limits each key's calls per minute in the shared counters (429 with Retry-After), other keys unaffected", async () => {
    const busy = await createKey('druk', ['domains:read']);
    const statuses: number[] = [];
    for (let i = 0; i <= PER_MINUTE; i++) statuses.push((await call(busy, 'GET', resellerApiContracts.resellerDomains.path)).statusCode);
    expect(statuses.slice(0, PER_MINUTE).every((status) => status === 200)).toBe(true);
    const refused = await call(busy, 'GET', resellerApiContracts.resellerDomains.path);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(fullKey, 'GET', resellerApiContracts.resellerDomains.path)).statusCode).toBe(200);
  });

  it('serves an OpenAPI 3.1 document with every reseller API contract and the bearer scheme, and a readable page without scripts', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/reseller/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>; components: { securitySchemes: Record<string, unknown> } };
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes['apiKey']).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [name, contract] of Object.entries(resellerApiContracts)) {
      const operation = document.paths[openApiPathOf(contract.path.slice('/api/reseller/v1'.length))]?.[contract.method.toLowerCase()];
      expect(operation?.operationId, name).toBe(name);
      expect(Object.keys(operation!.responses)).toContain(String((contract as Contract).status ?? 200));
    }
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(operations).toHaveLength(Object.keys(resellerApiContracts).length);

    const page = await app.inject({ method: 'GET', url: '/api/reseller/v1/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toMatch(/<script|style=/);
    for (const name of Object.keys(resellerApiContracts)) expect(page.body).toContain(`id="${name}"`);
  });
});
