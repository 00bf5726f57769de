import { ZAuthState, ZBasket, type TBasket } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import extensions from '../src/features/catalogue/data/extensions.json' with { type: 'json' };
import { WRITTEN_COOKIE } from '../src/http/session-cookies.ts';
import { createPostgresCacheEvents, createRedisCacheEvents, type CacheEventsPort } from '../src/ports/cache-events/index.ts';
import { createDatabaseCounters } from '../src/ports/counters/index.ts';
import {
  buildTestApp,
  createActiveAccount,
  createRecordingMailer,
  databaseKinds,
  queryCounter,
  TEST_PASSWORD,
  openTestRedis,
  TestClient,
  testDatabaseUrl,
  testRedisUrl,
  type TestRedis,
} from './support/index.ts';

const nl = extensions.find((e) => e.extension === 'nl')!;
const addDomain = async (client: TestClient, title: string) => {
  const response = await client.post('/api/bestelprocedure/addItem', { productId: nl.productId, productCode: nl.productCode, title });
  expect(response.statusCode).toBe(200);
};
const basketOf = async (client: TestClient): Promise<TBasket> => ZBasket.parse((await client.get('/api/bestelprocedure/getBasket')).json());
const titles = (basket: TBasket) => basket.items.map((item) => item.title);
/** The same browser, its next request landing on `app` (another process behind the load balancer). */
const sameBrowserOn = (app: FastifyInstance, client: TestClient) => {
  const other = new TestClient(app, { remoteAddress: '10.9.0.1' });
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
};
/**
 * As the browser's mark of its last change (a cookie of a few seconds) has expired: the reads
 * that follow may come from a cache, and only the invalidation messages keep them right.
 */
const forgetWriteMark = (...clients: TestClient[]) => clients.forEach((client) => client.cookies.delete(WRITTEN_COOKIE));
/** Resolves when `port` delivers a message naming a key that starts with `prefix`. */
const heard = (port: CacheEventsPort, prefix: string) =>
  new Promise<void>((resolve) => port.subscribe((keys) => (keys === null || keys.some((key) => key.startsWith(prefix))) && resolve()));

describe.each(databaseKinds)('the basket read on $name', (kind) => {
  const counter = queryCounter();
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let events: CacheEventsPort | undefined;

  beforeAll(async () => {
    database = await kind.open({ onQuery: counter.onQuery });
    // The adapter production picks for this database: in-process on PGlite, LISTEN/NOTIFY on a server.
    if (database.jobStore.kind === 'pool') {
      const postgres = createPostgresCacheEvents(database.jobStore.connectionString);
      await postgres.ready;
      events = postgres;
    }
    // On a server the request rate limit counts in the database too, as production counts it without Redis.
    app = await buildTestApp(database, { worker: false, ...(events ? { cacheEvents: events, counters: (db) => createDatabaseCounters(db) } : {}) });
  });
  afterAll(async () => {
    await app?.close();
    await events?.close();
    await database?.close();
  });

  it('answers a repeated getBasket of an unchanged basket without a database query', async () => {
    const client = new TestClient(app);
    await addDomain(client, 'herhaald-lezen.nl');
    forgetWriteMark(client);
    expect(titles(await basketOf(client))).toEqual(['herhaald-lezen.nl']);
    const statements = await counter.during(async () => {
      for (let n = 0; n < 3; n++) expect(titles(await basketOf(client))).toEqual(['herhaald-lezen.nl']);
    });
    expect(statements).toEqual([]);
  });

  it('reads the database again after a change of the basket', async () => {
    const client = new TestClient(app);
    await addDomain(client, 'eerst.nl');
    forgetWriteMark(client);
    await basketOf(client);
    await addDomain(client, 'daarna.nl');
    expect(titles(await basketOf(client))).toEqual(['eerst.nl', 'daarna.nl']);
  });

  it('answers an unchanged basket with the same body, and a changed one with the change, mark or no mark', async () => {
    const client = new TestClient(app);
    await addDomain(client, 'zelfde-antwoord.nl');
    forgetWriteMark(client);
    const first = await client.get('/api/bestelprocedure/getBasket');
    const again = await client.get('/api/bestelprocedure/getBasket');
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(ZBasket.parse(again.json()).period).toBe('YEARLY');

    expect((await client.post('/api/bestelprocedure/setPeriod', { period: 'FIVE_YEARLY' })).statusCode).toBe(200);
    forgetWriteMark(client);
    const changed = ZBasket.parse((await client.get('/api/bestelprocedure/getBasket')).json());
    expect(changed.period).toBe('FIVE_YEARLY');
    expect(titles(changed)).toEqual(['zelfde-antwoord.nl']);
  });

  it('answers a visitor without a stored session the empty basket without a query', async () => {
    const statements = await counter.during(async () => expect((await basketOf(new TestClient(app))).empty).toBe(true));
    expect(statements).toEqual([]);
  });
});

/** How each instance hears of the other's changes, as each process would (its own connection). */
type EventsFactory = (database: DatabaseHandle) => Promise<CacheEventsPort>;

/** Two instances on one PostgreSQL database (two processes, as far as the shop can tell). */
function describeTwoInstances(title: string, eventsFor: EventsFactory, close: () => Promise<void> = async () => {}) {
  describe(title, () => {
    const counter = queryCounter();
    const mailer = createRecordingMailer();
    let database: DatabaseHandle;
    let first: FastifyInstance;
    let second: FastifyInstance;
    const ports: CacheEventsPort[] = [];

    beforeAll(async () => {
      database = await databaseKinds.find((kind) => kind.name === 'postgres')!.open({ onQuery: counter.onQuery });
      const build = async (worker: boolean) => {
        const events = await eventsFor(database);
        ports.push(events);
        return buildTestApp(database, { cacheEvents: events, mailer, worker });
      };
      // The first one also sends the mails (the activation links).
      first = await build(true);
      second = await build(false);
    });
    /**
     * Until the second instance heard every message the first sent so far (one connection's
     * notifications arrive in order): a load that such a message overtakes is not cached.
     */
    let markers = 0;
    const settled = async () => {
      const marker = `marker:${++markers}`;
      const arrived = heard(ports[1]!, marker);
      await ports[0]!.publish([marker]);
      await arrived;
    };
    afterAll(async () => {
      await first?.close();
      await second?.close();
      for (const port of ports) await port.close();
      await close();
      await database?.close();
    });

    it('shows a change made on one instance in the next read on the other', async () => {
      const onFirst = new TestClient(first, { remoteAddress: '10.9.0.1' });
      await addDomain(onFirst, 'twee-processen.nl');
      forgetWriteMark(onFirst);
      await settled();
      // The other instance has the basket cached, and serves it from there.
      const onSecond = sameBrowserOn(second, onFirst);
      expect(titles(await basketOf(onSecond))).toEqual(['twee-processen.nl']);
      expect(await counter.during(() => basketOf(onSecond))).toEqual([]);

      await addDomain(onFirst, 'tweede-domein.nl');
      expect(titles(await basketOf(sameBrowserOn(second, onFirst)))).toEqual(['twee-processen.nl', 'tweede-domein.nl']);
    });

    it("shows a customer's change on one device to the other device on the other instance once the message arrived", async () => {
      const email = 'twee-apparaten@example.nl';
      const laptop = await createActiveAccount(first, mailer, email);
      const phone = new TestClient(second, { remoteAddress: '10.9.0.2' });
      expect((await phone.post('/api/login', { username: email, password: TEST_PASSWORD })).statusCode).toBe(200);
      forgetWriteMark(phone);
      await settled();
      expect(titles(await basketOf(phone))).toEqual([]);
      expect(await counter.during(() => basketOf(phone))).toEqual([]);

      const message = heard(ports[1]!, 'basket:c:');
      await addDomain(laptop, 'van-de-laptop.nl');
      await message;
      expect(titles(await basketOf(phone))).toEqual(['van-de-laptop.nl']);
    });

    it('no longer serves a session on the other instance after logout on one', async () => {
      const email = 'uitloggen-elders@example.nl';
      const onFirst = await createActiveAccount(first, mailer, email);
      forgetWriteMark(onFirst);
      await settled();
      const before = sameBrowserOn(second, onFirst);
      expect(ZAuthState.parse((await before.get('/api/account/me')).json())).toMatchObject({ loggedIn: true });
      // The session is cached on the second instance now.
      const sessionReads = (statements: string[]) => statements.filter((statement) => statement.includes('"sessions"'));
      expect(sessionReads(await counter.during(() => before.get('/api/account/me')))).toEqual([]);

      const message = heard(ports[1]!, 'session:');
      expect((await onFirst.post('/api/logout', {})).statusCode).toBe(200);
      await message;
      // The old session cookie, replayed on the second instance, no longer logs anyone in.
      const replayed = new TestClient(second, { remoteAddress: '10.9.0.3' });
      for (const [name, value] of before.cookies) if (name !== WRITTEN_COOKIE) replayed.cookies.set(name, value);
      expect(ZAuthState.parse((await replayed.get('/api/account/me')).json())).toMatchObject({ loggedIn: false });
    });
  });
}

const postgresEvents: EventsFactory = async (database) => {
  if (database.jobStore.kind !== 'pool') throw new Error('expected a PostgreSQL server');
  const events = createPostgresCacheEvents(database.jobStore.connectionString);
  await events.ready;
  return events;
};

describe.runIf(testDatabaseUrl !== null)('on PostgreSQL', () => {
  describeTwoInstances('basket and session caches across two instances, told through LISTEN/NOTIFY', postgresEvents);
});

// Redis whenever it answers (or REDIS_URL_TEST names one), still on one PostgreSQL database.
describe.runIf(testDatabaseUrl !== null && testRedisUrl !== null)('on PostgreSQL with Redis', () => {
  const connections: TestRedis[] = [];
  describeTwoInstances(
    'basket and session caches across two instances, told through Redis pub/sub',
    async () => {
      // Each instance its own connection; one channel (the key prefix) for both.
      const redis = await openTestRedis(testRedisUrl!);
      connections.push(redis);
      const events = createRedisCacheEvents(redis.client, connections[0]!.keyPrefix);
      await events.ready;
      return events;
    },
    async () => {
      for (const redis of connections) await redis.close();
    },
  );
});
