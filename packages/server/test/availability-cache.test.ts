import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseAvailabilityCache, createMemoryAvailabilityCache, createRedisAvailabilityCache } from '../src/ports/availability-cache/index.ts';
import type { AvailabilityCachePort } from '../src/ports/availability-cache/availability-cache-port.ts';
import { lookupOnlyRegistrar } from '../src/ports/registry/lookup-only-registrar.ts';
import type { RegistryAnswer } from '../src/ports/registry/registry-port.ts';
import { fillBasket, purchase, purchaseBody, purchased } from './orders-helpers.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/connect.ts';
import { seedCatalogue } from '../src/features/catalogue/catalogue-seed.ts';
import { shopDomainsAmong } from '../src/features/domains/domain-service.ts';
import { approveOnAccount, buildTestApp, createActiveAccount, createServerDatabase, databaseKinds, openTestRedis, servicesOf, testRedisUrl, testDatabaseUrl, useCountedDatabase, useTestShop, type TestShop } from './support/index.ts';

/**
 * The availability cache is shared by the processes of a shop, and a domain the shop registers
 * is dropped from it at once: no process reports it free for the rest of the cache time.
 */
describe.each(databaseKinds)('shared availability cache on $name', (kind) => {
  let shop: TestShop;
  let other: FastifyInstance;
  useTestShop(kind, (ready) => (shop = ready), {
    app: { availabilityCache: (db) => createDatabaseAvailabilityCache(db), config: { availability: { cacheSeconds: 600, freeSearches: 1000, windowSeconds: 600 } } },
  });
  beforeAll(async () => {
    // The instance the visitor searches on; the order is placed and fulfilled on the first one.
    other = await buildTestApp(shop.database, {
      availabilityCache: createDatabaseAvailabilityCache(shop.database.db),
      config: { availability: { cacheSeconds: 600, freeSearches: 1000, windowSeconds: 600 } },
    });
  });
  afterAll(async () => {
    await other?.close();
  });

  const statusOn = async (app: FastifyInstance, domain: string) => {
    const [label, extension] = domain.split('.');
    const response = await app.inject({ method: 'GET', url: `/api/check-domain-extensions?domain=${label}&extensions[]=${extension}` });
    return /"status":"(\w+)"/.exec(response.body)?.[1];
  };

  it('reports a domain taken on every instance once the shop registered it, within the cache time', async () => {
    const customer = await createActiveAccount(shop.app, shop.mailer, 'cache-koper@example.nl');
    await approveOnAccount(shop.database.db, 'cache-koper@example.nl');
    const domain = await fillBasket(customer, { hosting: null });
    expect(await statusOn(other, domain)).toBe('free');
    purchased(await purchase(customer, purchaseBody('MANUAL_PAYMENT')));
    // Fulfilment may run after the answer: wait for it, within a bound.
    let status = await statusOn(other, domain);
    for (let waited = 0; status === 'free' && waited < 5000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await statusOn(other, domain);
    }
    expect(status).toBe('active');
  });
});

describe.each(databaseKinds)('the availability cache table on $name', (kind) => {
  const { database: opened, statementsOn } = useCountedDatabase(kind);

  it("reads and writes a whole search's forty domains with one statement each", async () => {
    const cache = createDatabaseAvailabilityCache(opened().db);
    const domains = Array.from({ length: 40 }, (_, index) => `zoektocht${index}.nl`);
    const writes = await statementsOn('availability_cache', () => Promise.all(domains.map((domain, index) => cache.set(domain, index % 2 === 0 ? 'free' : 'active', 60))));
    expect(writes).toHaveLength(1);
    let answers: Array<string | null> = [];
    const reads = await statementsOn('availability_cache', async () => {
      answers = await Promise.all([...domains, 'nooitgezocht.nl'].map((domain) => cache.get(domain)));
    });
    expect(reads).toHaveLength(1);
    expect(answers).toEqual([...domains.map((_, index) => (index % 2 === 0 ? 'free' : 'active')), null]);
    // The same asked at once, as a search asks: the answers known, with one statement.
    let known = new Map<string, string>();
    const together = await statementsOn('availability_cache', async () => {
      known = await cache.getMany([...domains, 'nooitgezocht.nl']);
    });
    expect(together).toHaveLength(1);
    expect(known).toEqual(new Map(domains.map((domain, index) => [domain, index % 2 === 0 ? 'free' : 'active'])));
  });

  it("writes a burst's thousands of answers as one statement of the same text as a search's forty", async () => {
    const cache = createDatabaseAvailabilityCache(opened().db);
    const write = (domains: string[]) => statementsOn('availability_cache', () => Promise.all(domains.map((domain) => cache.set(domain, 'free', 60))));
    const search = await write(Array.from({ length: 40 }, (_, index) => `eenzoektocht${index}.nl`));
    const burst = Array.from({ length: 4000 }, (_, index) => `drukte${index % 100}.ext${index}`);
    const burstWrites = await write(burst);
    // A column is one array: the statement does not grow with its rows (no parameter per value).
    expect(burstWrites).toEqual(search);
    const known = await cache.getMany(burst);
    expect(known.size).toBe(4000);
    expect(new Set(known.values())).toEqual(new Set(['free']));
    // Forgets go the same way, and an answer asked before them is not written over them.
    const forgets = await statementsOn('availability_cache', () => Promise.all(burst.slice(0, 2000).map((domain) => cache.forget(domain))));
    expect(forgets).toHaveLength(1);
    await Promise.all(burst.slice(0, 2000).map((domain) => cache.set(domain, 'active', 60, Date.now() - 60_000)));
    expect((await cache.getMany(burst)).size).toBe(2000);
  });

  it('keeps a forget made after a set in the same turn, and forgets across turns', async () => {
    const cache = createDatabaseAvailabilityCache(opened().db);
    await Promise.all([cache.set('eerstgezet.nl', 'free', 60), cache.forget('eerstgezet.nl')]);
    expect(await cache.get('eerstgezet.nl')).toBeNull();
    await cache.set('laterweg.nl', 'free', 60);
    expect(await cache.get('laterweg.nl')).toBe('free');
    await cache.forget('laterweg.nl');
    expect(await cache.get('laterweg.nl')).toBeNull();
  });

  it('does not answer an expired entry', async () => {
    let clock = Date.now();
    const cache = createDatabaseAvailabilityCache(opened().db, { now: () => clock });
    await cache.set('verlopen.nl', 'active', 60);
    expect(await cache.get('verlopen.nl')).toBe('active');
    clock += 61_000;
    expect(await cache.get('verlopen.nl')).toBeNull();
  });
});

/**
 * A search's two reads (the remembered answers, the names the shop holds) are planned for the
 * names they ask about. As named prepared statements, PostgreSQL kept a generic plan after five
 * calls; one made while the tables were small scanned them whole and compared every row with every
 * name asked, which grew with the tables (seconds per burst of searches, docs/benchmarks.md).
 */
describe.runIf(testDatabaseUrl !== null)('the reads every search makes on PostgreSQL', () => {
  let server: Awaited<ReturnType<typeof createServerDatabase>>;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    server = await createServerDatabase(testDatabaseUrl!);
    // One connection, so the statements it keeps are the ones this test can see.
    handle = await openDatabase({ kind: 'postgres', url: server.url, poolSize: 1 }, { seed: seedCatalogue });
  });
  afterAll(async () => {
    await handle?.close();
    await server?.drop();
  });

  it('never keeps a plan made for other names or a smaller table', async () => {
    const cache = createDatabaseAvailabilityCache(handle.db);
    const ownedAmong = shopDomainsAmong(handle.db);
    for (let search = 0; search < 8; search++) {
      const names = Array.from({ length: 40 }, (_, index) => `plan${search}x${index}.nl`);
      await cache.set(names[0]!, 'free', 60);
      expect((await cache.getMany(names)).get(names[0]!)).toBe('free');
      expect(await ownedAmong(names)).toEqual(new Set());
    }
    const kept = (await handle.db.execute(
      sql`select statement, generic_plans from pg_prepared_statements where statement ilike '%availability_cache%' or statement ilike '%from "domains"%'`,
    )) as unknown as { rows: Array<{ statement: string; generic_plans: number }> };
    expect(kept.rows.filter((row) => Number(row.generic_plans) > 0)).toEqual([]);
  });
});

describe.runIf(testRedisUrl !== null)('the availability cache on Redis', () => {
  it("reads and writes a whole search's forty domains with one write to Redis each", async () => {
    const redis = await openTestRedis(testRedisUrl!);
    try {
      const cache = createRedisAvailabilityCache(redis.client, redis.keyPrefix);
      expect(await cache.get('opwarmen.nl')).toBeNull();
      // What the client writes to its connection: a turn's commands go as one write (one round trip).
      const stream = (redis.client as unknown as { stream: { write: (...chunks: unknown[]) => boolean } }).stream;
      const write = stream.write.bind(stream);
      let writes = 0;
      stream.write = (...chunks) => {
        writes++;
        return write(...chunks);
      };
      const domains = Array.from({ length: 40 }, (_, index) => `zoektocht${index}.nl`);
      await Promise.all(domains.map((domain, index) => cache.set(domain, index % 2 === 0 ? 'free' : 'active', 60)));
      expect(writes).toBe(1);
      writes = 0;
      const answers = await Promise.all([...domains, 'nooitgezocht.nl'].map((domain) => cache.get(domain)));
      expect(writes).toBe(1);
      expect(answers).toEqual([...domains.map((_, index) => (index % 2 === 0 ? 'free' : 'active')), null]);
      writes = 0;
      const known = await cache.getMany([...domains, 'nooitgezocht.nl']);
      expect(writes).toBe(1);
      expect(known).toEqual(new Map(domains.map((domain, index) => [domain, index % 2 === 0 ? 'free' : 'active'])));
      stream.write = write;
    } finally {
      await redis.close();
    }
  });
});

/**
 * A lookup that was under way when the shop registered the domain answers 'free' after the
 * forget: that answer must not be kept, in any adapter, or every process would report the
 * domain free for the rest of the cache time.
 */
describe('an answer asked before a forget', () => {
  const adapters: Array<{ name: string; open: () => Promise<{ cache: AvailabilityCachePort; close: () => Promise<void> }> }> = [
    { name: 'memory', open: async () => ({ cache: createMemoryAvailabilityCache(), close: async () => {} }) },
    ...databaseKinds.map((kind) => ({
      name: `the ${kind.name} table`,
      open: async () => {
        const database = await kind.open();
        return { cache: createDatabaseAvailabilityCache(database.db), close: () => database.close() };
      },
    })),
    ...(testRedisUrl !== null
      ? [
          {
            name: 'Redis',
            open: async () => {
              const redis = await openTestRedis(testRedisUrl!);
              return { cache: createRedisAvailabilityCache(redis.client, redis.keyPrefix), close: () => redis.close() };
            },
          },
        ]
      : []),
  ];

  it.each(adapters)('is not kept by $name, and one asked after it is', async ({ open }) => {
    const { cache, close } = await open();
    try {
      await cache.set('geregistreerd.nl', 'free', 60);
      await cache.set('later.nl', 'free', 60);
      const askedBefore = Date.now() - 5_000;
      await Promise.all([cache.forget('geregistreerd.nl'), cache.forget('later.nl')]);
      expect(await cache.get('geregistreerd.nl')).toBeNull();
      await cache.set('geregistreerd.nl', 'free', 60, askedBefore);
      expect(await cache.get('geregistreerd.nl')).toBeNull();
      // The same turn as the forget: still refused.
      await Promise.all([cache.forget('samen.nl'), cache.set('samen.nl', 'free', 60, askedBefore)]);
      expect(await cache.get('samen.nl')).toBeNull();
      // Asked after the forget (past the allowance for clocks that differ): kept.
      await cache.set('later.nl', 'active', 60, Date.now() + 5_000);
      expect(await cache.get('later.nl')).toBe('active');
    } finally {
      await close();
    }
  });
});

describe.each(databaseKinds)('a registration during a search on $name', (kind) => {
  let database: DatabaseHandle;
  let first: FastifyInstance;
  let second: FastifyInstance;
  /** Lookups of `traag.nl` wait until released; each answers what it was told when it was asked. */
  const registry = {
    ...lookupOnlyRegistrar,
    name: 'held',
    calls: 0,
    waiting: [] as Array<() => void>,
    async lookup(domain: string): Promise<RegistryAnswer> {
      this.calls += 1;
      const answer: RegistryAnswer = { ok: true, status: this.registered ? 'taken' : 'free' };
      if (domain === 'traag.nl') await new Promise<void>((resolve) => this.waiting.push(resolve));
      return answer;
    },
    registered: false,
  };
  beforeAll(async () => {
    database = await kind.open();
    const build = () =>
      buildTestApp(database, { registry, availabilityCache: createDatabaseAvailabilityCache(database.db), config: { availability: { cacheSeconds: 600, freeSearches: 1000, windowSeconds: 600 } } });
    [first, second] = await Promise.all([build(), build()]);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
  });

  const search = async (app: FastifyInstance) => {
    const response = await app.inject({ method: 'GET', url: '/api/check-domain-extensions?domain=traag&extensions[]=nl' });
    return /"status":"(\w+)"/.exec(response.body)?.[1];
  };

  it("does not let the search's late 'free' answer the next searches on either instance", async () => {
    const searching = search(first);
    while (registry.waiting.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    // The shop registers the domain meanwhile (on the other instance) and forgets the old answer.
    registry.registered = true;
    await servicesOf(second).availability.forget('traag.nl');
    registry.waiting.shift()!();
    // The search under way reports what the registry said when asked.
    expect(await searching).toBe('free');
    const calls = registry.calls;
    const next = search(second);
    while (registry.waiting.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    registry.waiting.shift()!();
    expect(await next).toBe('active');
    expect(registry.calls).toBe(calls + 1);
  });
});
