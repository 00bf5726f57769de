import { contracts, message, pathOf, resellerApiContracts, ZApiKey, ZApiKeyCreated, type TApiKeyScope } from '@kavel/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/connect.ts';
import { customers, resellerApiKeys } from '../src/db/schema/index.ts';
import { createDatabaseCounters, createRedisCounters } from '../src/ports/counters/index.ts';
import type { CounterPort } from '../src/ports/counters/counter-port.ts';
import type { Services } from '../src/services.ts';
import { customerIdOf, databaseKinds, loginAs, openTestRedis, testRedisUrl, useTestShop, type DatabaseKind, type TestClient, type TestRedis } from './support/index.ts';

const RESELLER = 'reseller@demo.kavel.nl';
/** A demo customer made a reseller here, to show that one reseller's calls leave another's alone. */
const OTHER_RESELLER = 'klant@demo.kavel.nl';
const MAX_KEYS = 3;
const PER_KEY = 4;
const PER_RESELLER = 6;
/** The site-wide limit per client address, far above the API's own limits. */
const SITE_WIDE = 40;
const limits = { resellerApiMaxKeys: MAX_KEYS, resellerApiPerMinute: PER_KEY, resellerApiPerResellerPerMinute: PER_RESELLER, rateLimitPerMinute: SITE_WIDE };
const READ: TApiKeyScope[] = ['domains:read'];

const createKey = (client: TestClient, name: string) => client.post(contracts.createApiKey.path, { name, scopes: READ });

async function activeKeys(db: Database, email: string): Promise<number> {
  const customerId = await customerIdOf(db, email);
  return (await db.select().from(resellerApiKeys).where(and(eq(resellerApiKeys.customerId, customerId), isNull(resellerApiKeys.revokedAt)))).length;
}

/** `<status> <X-RateLimit-Limit>/<X-RateLimit-Remaining>`, after checking that X-RateLimit-Reset is within the minute's window. */
function figuresOf(response: LightMyRequestResponse): string {
  const reset = Number(response.headers['x-ratelimit-reset']);
  expect(reset, response.body).toBeGreaterThan(0);
  expect(reset).toBeLessThanOrEqual(60);
  return `${response.statusCode} ${String(response.headers['x-ratelimit-limit'])}/${String(response.headers['x-ratelimit-remaining'])}`;
}

async function revokeAll(client: TestClient): Promise<void> {
  const keys = ((await client.get(contracts.apiKeys.path)).json() as unknown[]).map((key) => ZApiKey.parse(key));
  for (const key of keys.filter((key) => !key.revokedAt)) expect((await client.delete(pathOf(contracts.revokeApiKey, { id: key.id }))).statusCode).toBe(200);
}

describe.each(databaseKinds)('the maximum of API keys per reseller on $name', (kind) => {
  let app: FastifyInstance;
  let services: Services;
  useTestShop(kind, (shop) => ({ app, services } = shop), { demoAccounts: true, app: { config: limits } });

  let reseller: TestClient;
  beforeAll(async () => {
    reseller = await loginAs(app, RESELLER);
  });

  it('refuses a key past the maximum of active keys with a 409 and its message, changing nothing; a revoked key makes room', async () => {
    await revokeAll(reseller);
    for (let i = 1; i <= MAX_KEYS; i++) expect((await createKey(reseller, `sleutel ${i}`)).statusCode).toBe(201);
    const rowsBefore = await services.db.select().from(resellerApiKeys);

    const refused = await createKey(reseller, 'een te veel');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: message('nl', 'apiKeyLimit', { max: MAX_KEYS }) });
    expect(refused.json<{ message: string }>().message).toContain(String(MAX_KEYS));
    expect(await services.db.select().from(resellerApiKeys)).toEqual(rowsBefore);

    await reseller.get('/bestelprocedure?lang=en');
    expect((await createKey(reseller, 'too many')).json()).toMatchObject({ message: message('en', 'apiKeyLimit', { max: MAX_KEYS }) });

    const [first] = ((await reseller.get(contracts.apiKeys.path)).json() as unknown[]).map((key) => ZApiKey.parse(key)).filter((key) => !key.revokedAt);
    expect((await reseller.delete(pathOf(contracts.revokeApiKey, { id: first!.id }))).statusCode).toBe(200);
    expect((await createKey(reseller, 'in de plaats')).statusCode).toBe(201);
    expect(await activeKeys(services.db, RESELLER)).toBe(MAX_KEYS);
  });

  it('lets no more than the maximum through when keys are created at the same time', async () => {
    await revokeAll(reseller);
    const answers = await Promise.all(Array.from({ length: 3 * MAX_KEYS }, (_, i) => createKey(reseller, `tegelijk ${i}`)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(MAX_KEYS).fill(201), ...Array<number>(2 * MAX_KEYS).fill(409)]);
    expect(await activeKeys(services.db, RESELLER)).toBe(MAX_KEYS);
  });
});

/**
 * The per-reseller rate limit over the counter stores the shop runs with: memory (one process on
 * the embedded database), the database's shared counters on both databases, and Redis.
 */
function describeResellerRateLimit(name: string, kind: DatabaseKind, counters?: (db: Database) => CounterPort) {
  describe(`the reseller API's rate limit per reseller, ${name}`, () => {
    let app: FastifyInstance;
    let services: Services;
    useTestShop(kind, (shop) => ({ app, services } = shop), { demoAccounts: true, app: { config: limits, ...(counters ? { counters } : {}) } });

    // From an address of their own: the logins and key creations do not count for the site-wide limit here.
    const call = (key: string, remoteAddress = '192.0.2.50') =>
      app.inject({ method: 'GET', url: resellerApiContracts.resellerDomains.path, headers: { authorization: `Bearer ${key}` }, remoteAddress });
    const newKey = async (client: TestClient, name: string) => {
      const created = await createKey(client, name);
      expect(created.statusCode, created.body).toBe(201);
      return ZApiKeyCreated.parse(created.json()).secret;
    };

    it("refuses a reseller's calls past its allowance whichever key makes them (429 with Retry-After), other resellers unaffected", async () => {
      const reseller = await loginAs(app, RESELLER);
      await services.db.update(customers).set({ isReseller: true }).where(eq(customers.email, OTHER_RESELLER));
      const other = await loginAs(app, OTHER_RESELLER);
      const [first, second, third, othersKey] = [await newKey(reseller, 'een'), await newKey(reseller, 'twee'), await newKey(reseller, 'drie'), await newKey(other, 'ander')];

      /** Each answer's status with the figures of its X-RateLimit-* headers. */
      const answers = async (key: string, calls: number) => {
        const seen: string[] = [];
        for (let i = 0; i < calls; i++) seen.push(figuresOf(await call(key)));
        return seen;
      };
      // The key's own limit still holds (its figures are the ones sent while it is the tighter),
      // and a call it refuses does not count for the reseller.
      expect(await answers(first, PER_KEY)).toEqual([`200 ${PER_KEY}/3`, `200 ${PER_KEY}/2`, `200 ${PER_KEY}/1`, `200 ${PER_KEY}/0`]);
      const keyRefused = await call(first);
      expect(figuresOf(keyRefused)).toBe(`429 ${PER_KEY}/0`);
      // Another key of the same reseller has what is left of the reseller's allowance, no more:
      // then the reseller's limit binds, and its figures are sent.
      expect(await answers(second, PER_RESELLER - PER_KEY)).toEqual([`200 ${PER_RESELLER}/1`, `200 ${PER_RESELLER}/0`]);
      for (const key of [second, third]) {
        const refused = await call(key);
        expect(figuresOf(refused)).toBe(`429 ${PER_RESELLER}/0`);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(refused.json()).toEqual(keyRefused.json());
      }
      expect(figuresOf(await call(othersKey))).toBe(`200 ${PER_KEY}/3`);
    });

    it('sends the figures of the site-wide limit when that one is the tighter for the calling address', async () => {
      // The other reseller: its allowance is far from used up.
      await services.db.update(customers).set({ isReseller: true }).where(eq(customers.email, OTHER_RESELLER));
      const reseller = await loginAs(app, OTHER_RESELLER);
      await revokeAll(reseller);
      const key = await newKey(reseller, 'vanaf een druk adres');
      const busy = '192.0.2.51';
      for (let i = 0; i < SITE_WIDE - 2; i++) await app.inject({ method: 'GET', url: '/api/reseller/v1/openapi.json', remoteAddress: busy });
      expect(figuresOf(await call(key, busy))).toBe(`200 ${SITE_WIDE}/1`);
      expect(figuresOf(await call(key, busy))).toBe(`200 ${SITE_WIDE}/0`);
      const refused = await call(key, busy);
      expect(figuresOf(refused)).toBe(`429 ${SITE_WIDE}/0`);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
}

describeResellerRateLimit('counters in memory', databaseKinds[0]!);
for (const kind of databaseKinds) describeResellerRateLimit(`database counters on ${kind.name}`, kind, (db) => createDatabaseCounters(db));

// Runs whenever Redis answers (or REDIS_URL_TEST names one, which must then answer).
describe.runIf(testRedisUrl !== null)('with Redis', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await openTestRedis(testRedisUrl!);
  });
  afterAll(async () => redis.close());
  describeResellerRateLimit('counters on Redis', databaseKinds[0]!, () => createRedisCounters(redis.client, redis.keyPrefix));
});
