import { CAPTCHA_REQUIRED_EVENT } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { createDatabaseAvailabilityCache, createRedisAvailabilityCache } from '../src/ports/availability-cache/index.ts';
import type { AvailabilityCachePort } from '../src/ports/availability-cache/availability-cache-port.ts';
import { createDatabaseCounters, createRedisCounters } from '../src/ports/counters/index.ts';
import type { CounterPort } from '../src/ports/counters/counter-port.ts';
import { lookupOnlyRegistrar } from '../src/ports/registry/lookup-only-registrar.ts';
import type { RegistryPort } from '../src/ports/registry/registry-port.ts';
import { eq } from 'drizzle-orm';
import { sharedCounters } from '../src/db/schema/index.ts';
import { buildTestApp, databaseKinds, openTestRedis, TestClient, testRedisUrl, useCountedDatabase, validRegistration, type TestRedis } from './support/index.ts';

const FREE_SEARCHES = 3;
const RATE_LIMIT = 6;

/** A registry that answers every name free at once and counts the questions. */
function countingRegistry(): RegistryPort & { calls: string[] } {
  const calls: string[] = [];
  return {
    ...lookupOnlyRegistrar,
    name: 'counting',
    calls,
    async lookup(domain) {
      calls.push(domain);
      return { ok: true, status: 'free' };
    },
  };
}

/** The counts at or below `limit` of ten hits past it, the instances taking turns: the hits let through. */
async function admittedBy(limit: number, instances: CounterPort[], key: string): Promise<number[]> {
  const counts: number[] = [];
  for (let n = 0; n < limit + 10; n++) counts.push((await instances[n % instances.length]!.hit(key, 60_000, limit)).count);
  return counts.filter((count) => count <= limit);
}

interface Stores {
  counters: CounterPort;
  cache: AvailabilityCachePort;
}

/**
 * Two instances of the shop on one database (two processes behind a load balancer, as far as the
 * shop can tell): whatever must hold across requests holds across the instances.
 */
function describeTwoInstances(title: string, storesFor: (database: DatabaseHandle, redis: TestRedis | null) => Stores, withRedis: boolean) {
  describe.each(databaseKinds)(`${title} on $name`, (kind) => {
    let database: DatabaseHandle;
    let redis: TestRedis | null = null;
    let first: FastifyInstance;
    let second: FastifyInstance;
    const registry = countingRegistry();

    beforeAll(async () => {
      database = await kind.open();
      if (withRedis) redis = await openTestRedis(testRedisUrl!);
      const build = () => {
        // Each instance has its own adapters, as each process would.
        const stores = storesFor(database, redis);
        return buildTestApp(database, {
          registry,
          counters: stores.counters,
          availabilityCache: stores.cache,
          config: { availability: { cacheSeconds: 60, freeSearches: FREE_SEARCHES, windowSeconds: 600 }, rateLimitPerMinute: RATE_LIMIT },
        });
      };
      [first, second] = await Promise.all([build(), build()]);
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
      await redis?.close();
      await database?.close();
    });

    const search = async (app: FastifyInstance, ip: string, label: string) => {
      const response = await app.inject({ method: 'GET', url: `/api/check-domain-extensions?domain=${label}&extensions[]=nl`, remoteAddress: ip });
      expect(response.statusCode).toBe(200);
      return response.body.includes(`event: ${CAPTCHA_REQUIRED_EVENT}`);
    };

    /** The number of the first search that is answered with the captcha demand. */
    const searchesUntilCaptcha = async (apps: FastifyInstance[], ip: string) => {
      for (let n = 1; n <= FREE_SEARCHES + 3; n++) {
        if (await search(apps[n % apps.length]!, ip, `zoeker${n}`)) return n;
      }
      return null;
    };

    it('demands the captcha after as many searches alternating between the instances as against one', async () => {
      const againstOne = await searchesUntilCaptcha([first], '10.1.0.1');
      const alternating = await searchesUntilCaptcha([first, second], '10.1.0.2');
      expect(againstOne).toBe(FREE_SEARCHES + 1);
      expect(alternating).toBe(againstOne);
    });

    it('refuses the request past the rate limit alternating between the instances as against one', async () => {
      const statuses = async (apps: FastifyInstance[], ip: string) => {
        const answers: number[] = [];
        for (let n = 0; n < RATE_LIMIT + 2; n++) {
          answers.push((await apps[n % apps.length]!.inject({ method: 'GET', url: '/api/catalogue', remoteAddress: ip })).statusCode);
        }
        return answers;
      };
      const againstOne = await statuses([first], '10.2.0.1');
      const alternating = await statuses([first, second], '10.2.0.2');
      expect(againstOne).toEqual([...Array<number>(RATE_LIMIT).fill(200), 429, 429]);
      expect(alternating).toEqual(againstOne);
    });

    it('keeps the activation-resend limit when the resend reaches the other instance', async () => {
      const email = `nogmaals-${withRedis ? 'redis' : 'db'}@example.nl`;
      const visitor = new TestClient(first, { remoteAddress: '10.4.0.1' });
      expect((await visitor.post('/api/register-account', { registrationDto: validRegistration({ email }) })).statusCode).toBe(200);
      // The same visitor's next request lands on the other instance, within the cooldown.
      const elsewhere = new TestClient(second, { remoteAddress: '10.4.0.1' });
      expect((await elsewhere.post('/api/register-account/send-activation-link', { email })).statusCode).toBe(429);
    });

    it('answers a search on one instance from the lookup the other one made', async () => {
      const before = registry.calls.length;
      await search(first, '10.3.0.1', 'gedeeld');
      // The answer is reported at once and remembered meanwhile: the other instance shares it once
      // the shared store has it (a store of its own, as a third process would see it).
      const shared = storesFor(database, redis).cache;
      for (let waited = 0; (await shared.get('gedeeld.nl')) === null && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      await search(second, '10.3.0.2', 'gedeeld');
      expect(registry.calls.slice(before)).toEqual(['gedeeld.nl']);
    });
  });
}

describeTwoInstances('shared counters in the database', (database) => ({
  counters: createDatabaseCounters(database.db),
  cache: createDatabaseAvailabilityCache(database.db),
}), false);

// Runs whenever Redis answers (or REDIS_URL_TEST names one, which must then answer).
describe.runIf(testRedisUrl !== null)('with Redis', () => {
  describeTwoInstances('shared counters on Redis', (_database, redis) => ({
    counters: createRedisCounters(redis!.client, redis!.keyPrefix),
    cache: createRedisAvailabilityCache(redis!.client, redis!.keyPrefix),
  }), true);
});

describe.each(databaseKinds)('the shared counters table on $name', (kind) => {
  const { database: opened, statementsOn } = useCountedDatabase(kind);

  it('counts the hits of one turn with one statement, each caller its own count in the order asked', async () => {
    const counters = createDatabaseCounters(opened().db);
    let counts: number[] = [];
    const statements = await statementsOn('shared_counters', async () => {
      const hits = await Promise.all([
        ...Array.from({ length: 30 }, () => counters.hit('search:10.9.0.1', 600_000)),
        ...Array.from({ length: 10 }, (_, index) => counters.hit(`search:10.9.1.${index}`, 600_000)),
      ]);
      counts = hits.map((hit) => hit.count);
      for (const hit of hits) expect(hit.resetInMs).toBeGreaterThan(590_000);
    });
    expect(statements).toHaveLength(1);
    expect(counts).toEqual([...Array.from({ length: 30 }, (_, index) => index + 1), ...Array<number>(10).fill(1)]);
    expect((await counters.hit('search:10.9.0.1', 600_000)).count).toBe(31);
  });

  it('counts exactly when two instances hit the same keys at once', async () => {
    const [first, second] = [createDatabaseCounters(opened().db), createDatabaseCounters(opened().db)];
    const keys = ['gedeeld:a', 'gedeeld:b', 'gedeeld:c'];
    const hits = await Promise.all(
      Array.from({ length: 60 }, (_, index) => (index % 2 === 0 ? first : second).hit(keys[index % 3]!, 60_000).then((hit) => ({ key: keys[index % 3]!, count: hit.count }))),
    );
    for (const key of keys) {
      expect(hits.filter((hit) => hit.key === key).map((hit) => hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    }
  });

  it('with a limit, counts hits ahead far below it: forty hits in order cost a statement or two', async () => {
    const counters = createDatabaseCounters(opened().db);
    const counts: number[] = [];
    const statements = await statementsOn('shared_counters', async () => {
      for (let n = 0; n < 40; n++) counts.push((await counters.hit('vooruit:10.9.2.1', 60_000, 600)).count);
    });
    expect(counts).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.length).toBeLessThanOrEqual(2);
    // Counted ahead is counted: another process goes on after them.
    expect((await createDatabaseCounters(opened().db).hit('vooruit:10.9.2.1', 60_000)).count).toBeGreaterThan(40);
  });

  it('with a limit, lets no more than the limit through across two instances, and as many as one alone', async () => {
    const limit = 30;
    const alone = await admittedBy(limit, [createDatabaseCounters(opened().db)], 'grens:alleen');
    const alternating = await admittedBy(limit, [createDatabaseCounters(opened().db), createDatabaseCounters(opened().db)], 'grens:afwisselend');
    expect(alone).toEqual(Array.from({ length: limit }, (_, index) => index + 1));
    expect(alternating.sort((a, b) => a - b)).toEqual(alone);
  });

  it('with a limit, gives hits that come together each a count of its own, with a statement per many', async () => {
    const counters = createDatabaseCounters(opened().db);
    const counts: number[] = [];
    const statements = await statementsOn('shared_counters', async () => {
      for (let wave = 0; wave < 4; wave++) {
        counts.push(...(await Promise.all(Array.from({ length: 50 }, () => counters.hit('tegelijk', 60_000, 100_000)))).map((hit) => hit.count));
      }
    });
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, index) => index + 1));
    expect(statements.length).toBeLessThanOrEqual(8);
  });

  it('answers hits past the limit without a statement until the window ends', async () => {
    const counters = createDatabaseCounters(opened().db);
    for (let n = 0; n < 3; n++) await counters.hit('overschreden', 60_000, 2);
    const counts: number[] = [];
    const statements = await statementsOn('shared_counters', async () => {
      for (let n = 0; n < 20; n++) counts.push((await counters.hit('overschreden', 60_000, 2)).count);
    });
    expect(statements).toEqual([]);
    expect(counts.every((count) => count > 2)).toBe(true);
  });

  it('with a limit, starts a new window once the last one has ended', async () => {
    const counters = createDatabaseCounters(opened().db);
    const first = await counters.hit('kort-venster', 1000, 600);
    expect((await counters.hit('kort-venster', 1000, 600)).count).toBe(first.count + 1);
    await new Promise((resolve) => setTimeout(resolve, first.resetInMs + 50));
    const next = await counters.hit('kort-venster', 1000, 600);
    expect(next.count).toBe(1);
    expect(next.resetInMs).toBeGreaterThan(900);
  });

  it("counts a new visitor's search against the rate limit and the free searches in one statement, and refuses it past the limit as any request", async () => {
    const app = await buildTestApp(opened(), {
      registry: countingRegistry(),
      counters: createDatabaseCounters(opened().db),
      availabilityCache: createDatabaseAvailabilityCache(opened().db),
      config: { availability: { cacheSeconds: 60, freeSearches: FREE_SEARCHES, windowSeconds: 600 }, rateLimitPerMinute: RATE_LIMIT },
    });
    try {
      const visitor = '10.9.3.1';
      const search = () => app.inject({ method: 'GET', url: '/api/check-domain-extensions?domain=eenmaal&extensions[]=nl', remoteAddress: visitor });
      let answer: Awaited<ReturnType<typeof search>> | undefined;
      const statements = await statementsOn('shared_counters', async () => {
        answer = await search();
      });
      expect(answer?.statusCode).toBe(200);
      expect(answer?.body).toContain('"domain":"eenmaal.nl"');
      expect(statements).toHaveLength(1);
      expect(answer?.headers['x-ratelimit-limit']).toBe(String(RATE_LIMIT));
      expect(answer?.headers['x-ratelimit-remaining']).toBe(String(RATE_LIMIT - 1));
      // One count with the other requests: the rest of the minute's requests, then the search is refused.
      for (let n = 1; n < RATE_LIMIT; n++) expect((await app.inject({ method: 'GET', url: '/api/catalogue', remoteAddress: visitor })).statusCode).toBe(200);
      const refused = await search();
      const other = await app.inject({ method: 'GET', url: '/api/catalogue', remoteAddress: visitor });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.headers['content-type']).toBe(other.headers['content-type']);
      expect(Object.keys(refused.json() as object)).toEqual(Object.keys(other.json() as object));
      expect(other.statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('starts a new window once the last one has ended', async () => {
    const counters = createDatabaseCounters(opened().db);
    await counters.hit('venster', 1000);
    expect((await counters.hit('venster', 1000)).count).toBe(2);
    await opened().db.update(sharedCounters).set({ expire: new Date(Date.now() - 1) }).where(eq(sharedCounters.key, 'kavel:venster'));
    const next = await counters.hit('venster', 1000);
    expect(next.count).toBe(1);
    expect(next.resetInMs).toBeGreaterThan(900);
  });
});

describe.runIf(testRedisUrl !== null)('the shared counters on Redis, with a limit', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await openTestRedis(testRedisUrl!);
  });
  afterAll(async () => {
    await redis?.close();
  });
  const instance = () => createRedisCounters(redis.client, redis.keyPrefix);

  it('counts hits ahead: forty hits in order, and another instance counts after what was counted ahead', async () => {
    const counters = instance();
    const counts: number[] = [];
    for (let n = 0; n < 40; n++) counts.push((await counters.hit('vooruit', 60_000, 600)).count);
    expect(counts).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    expect((await instance().hit('vooruit', 60_000)).count).toBeGreaterThan(41);
  });

  it('lets no more than the limit through across two instances, and as many as one alone', async () => {
    const limit = 30;
    const alone = await admittedBy(limit, [instance()], 'grens:alleen');
    const alternating = await admittedBy(limit, [instance(), instance()], 'grens:afwisselend');
    expect(alone).toEqual(Array.from({ length: limit }, (_, index) => index + 1));
    expect(alternating.sort((a, b) => a - b)).toEqual(alone);
  });
});
