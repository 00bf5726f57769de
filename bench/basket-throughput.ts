/**
 * API throughput: `GET /api/bestelprocedure/getBasket` of the real app (a basket of three domains)
 * against a bare Fastify route in the same process, measured A/B alternating over several rounds
 * in one run, with autocannon as the load generator in its own process. The ratio of each round
 * is basket/bare; the report gives the median and the range.
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fastify from 'fastify';
import { buildTestApp } from '@kavel/server/testing';
import { DEFAULT_POLLING_SECONDS } from '../packages/server/src/jobs/pg-boss-jobs.ts';
import type { DatabaseHandle } from '../packages/server/src/db/connect.ts';
import { createPostgresCacheEvents, createRedisCacheEvents } from '../packages/server/src/ports/cache-events/index.ts';
import extensionCatalogue from '../packages/server/src/features/catalogue/data/extensions.json' with { type: 'json' };
import { loadFromOtherProcess, type LoadFigures } from './load/autocannon-process.ts';
import { inEverySetup, productCounters, type Setup } from './setups.ts';
import { listenOnLoopback, median, ms, round, showSpread, spread, table, verdict, type BenchmarkOutcome, type Spread } from './support.ts';

const CONNECTIONS = 50;
const WARMUP_SECONDS = 2;
const ROUND_SECONDS = 3;
const ROUNDS = 5;
const RATIO_GOAL = 0.3;
const BASKET_DOMAINS = extensionCatalogue.slice(0, 3);

export interface ThroughputFigures extends LoadFigures {
  target: string;
}

export interface BasketFigures {
  /** The database, and `+ redis` when the shop runs with `REDIS_URL`. */
  database: string;
  /** Median over the rounds of each target; the ratios are per round. */
  bare: ThroughputFigures;
  health: ThroughputFigures;
  basket: ThroughputFigures;
  ratioToBare: Spread;
  healthRatioToBare: Spread;
}

export interface BasketSummary {
  connections: number;
  rounds: number;
  roundSeconds: number;
  databases: BasketFigures[];
}

/** The per-target figures of several rounds folded into one: medians, and every failure summed. */
function medianFigures(target: string, rounds: LoadFigures[]): ThroughputFigures {
  const of = (pick: (f: LoadFigures) => number) => median(rounds.map(pick));
  const sum = (pick: (f: LoadFigures) => number) => rounds.reduce((total, f) => total + pick(f), 0);
  return {
    target,
    requestsPerSecond: round(of((f) => f.requestsPerSecond), 0),
    p50LatencyMs: of((f) => f.p50LatencyMs),
    p99LatencyMs: of((f) => f.p99LatencyMs),
    requests: sum((f) => f.requests),
    non2xx: sum((f) => f.non2xx),
    redirects: sum((f) => f.redirects),
    errors: sum((f) => f.errors),
    timeouts: sum((f) => f.timeouts),
  };
}

/** `name=value` pairs of every Set-Cookie of `response`. */
const cookiesOf = (response: Response) => new Map(response.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]));

/**
 * Creates a session over HTTP, as the browser does (a read hands out the CSRF token, the first
 * change stores the session), and fills its basket with three domains.
 */
async function sessionWithBasket(baseUrl: string): Promise<string> {
  const api = `${baseUrl}/api/bestelprocedure`;
  const xsrf = cookiesOf(await fetch(`${api}/getBasket`)).get('XSRF-TOKEN');
  if (!xsrf) throw new Error('getBasket set no XSRF-TOKEN cookie');
  let cookie = `XSRF-TOKEN=${xsrf}`;
  const label = `kavelbench${randomBytes(4).toString('hex')}`;
  for (const product of BASKET_DOMAINS) {
    const response = await fetch(`${api}/addItem`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf) },
      body: JSON.stringify({ productId: product.productId, productCode: product.productCode, title: `${label}.${product.extension}` }),
    });
    if (response.status !== 200) throw new Error(`addItem ${label}.${product.extension}: ${response.status} ${await response.text()}`);
    const session = cookiesOf(response).get('kavel_session');
    if (session) cookie = `kavel_session=${session}; XSRF-TOKEN=${xsrf}`;
  }
  if (!cookie.startsWith('kavel_session=')) throw new Error('the first addItem set no kavel_session cookie');
  const basket = (await (await fetch(`${api}/getBasket`, { headers: { cookie } })).json()) as { items: unknown[] };
  if (basket.items.length !== BASKET_DOMAINS.length) throw new Error(`basket holds ${basket.items.length} items, expected ${BASKET_DOMAINS.length}`);
  return cookie;
}

/**
 * The PostgreSQL test database is dropped `with (force)` right after `pool.end()` resolves, which
 * can happen before the pool's sockets are closed: the server's termination notice then arrives as
 * an 'error' event on the pool with no listener, and crashes the process. Listen for it here.
 */
function tolerateTerminationOnClose(database: DatabaseHandle): void {
  const pool = (database.db as unknown as { $client?: unknown }).$client;
  if (database.kind === 'postgres' && pool instanceof EventEmitter) pool.on('error', () => {});
}

/**
 * One setup as the product composes it: on PGlite the counters and the cache events in the
 * process; on a PostgreSQL server without Redis the shared_counters table and LISTEN/NOTIFY; with
 * `REDIS_URL` (`redis` given) Redis for both, as a shop of several processes is advised to run.
 */
async function measureSetup(setup: Setup): Promise<BasketFigures> {
  const { kind, redis } = setup;
  const bareApp = fastify();
  bareApp.get('/bare', async () => ({ ok: true }));
  const database = await kind.open();
  const events = redis
    ? createRedisCacheEvents(redis.client, redis.keyPrefix)
    : database.jobStore.kind === 'pool'
      ? createPostgresCacheEvents(database.jobStore.connectionString)
      : null;
  await events?.ready;
  const app = await buildTestApp(database, {
    // One client sends all the load here, so the rate limit itself is raised; it still counts
    // every request in the store the product picks for this setup.
    counters: productCounters(setup),
    jobPollingSeconds: DEFAULT_POLLING_SECONDS,
    config: { rateLimitPerMinute: 10_000_000 },
    ...(events ? { cacheEvents: events } : {}),
  });
  try {
    const bareUrl = `${await listenOnLoopback(bareApp)}/bare`;
    const baseUrl = await listenOnLoopback(app);
    const cookie = await sessionWithBasket(baseUrl);
    const targets = [
      { key: 'bare', url: bareUrl, headers: {} },
      { key: 'health', url: `${baseUrl}/health`, headers: {} },
      { key: 'basket', url: `${baseUrl}/api/bestelprocedure/getBasket`, headers: { cookie } },
    ] as const;
    for (const target of targets) await loadFromOtherProcess({ url: target.url, headers: target.headers, connections: CONNECTIONS, seconds: WARMUP_SECONDS });
    const rounds: Array<Record<(typeof targets)[number]['key'], LoadFigures>> = [];
    for (let n = 0; n < ROUNDS; n++) {
      // Alternate the order, so that neither side always runs on a warmer (or more tired) machine.
      const order = n % 2 === 0 ? targets : [...targets].reverse();
      const figures = {} as Record<(typeof targets)[number]['key'], LoadFigures>;
      for (const target of order) figures[target.key] = await loadFromOtherProcess({ url: target.url, headers: target.headers, connections: CONNECTIONS, seconds: ROUND_SECONDS });
      rounds.push(figures);
    }
    return {
      database: setup.name,
      bare: medianFigures('bare Fastify route', rounds.map((r) => r.bare)),
      health: medianFigures('app /health (no session, no DB)', rounds.map((r) => r.health)),
      basket: medianFigures(`getBasket (${setup.name})`, rounds.map((r) => r.basket)),
      ratioToBare: spread(rounds.map((r) => r.basket.requestsPerSecond / r.bare.requestsPerSecond)),
      healthRatioToBare: spread(rounds.map((r) => r.health.requestsPerSecond / r.bare.requestsPerSecond)),
    };
  } finally {
    await app.close();
    await bareApp.close();
    await events?.close();
    tolerateTerminationOnClose(database);
    await database.close();
  }
}

export async function runBasketThroughputBenchmark(): Promise<BenchmarkOutcome<BasketSummary>> {
  const databases: BasketFigures[] = [];
  const skipped = await inEverySetup(async (setup) => {
    databases.push(await measureSetup(setup));
  });
  const all = databases.flatMap((d) => [d.bare, d.health, d.basket]);
  const failures = all.flatMap((f) => [
    ...(f.non2xx > 0 ? [`${f.target}: ${f.non2xx} non-2xx responses`] : []),
    ...(f.errors > 0 ? [`${f.target}: ${f.errors} connection errors (${f.timeouts} timeouts)`] : []),
    ...(f.requests === 0 ? [`${f.target}: no requests completed`] : []),
  ]);
  const lines = [
    `autocannon in its own process: ${CONNECTIONS} connections; per database a ${WARMUP_SECONDS} s warm-up of each target, then ${ROUNDS} rounds`,
    `of ${ROUND_SECONDS} s per target, the order alternating; req/s and latencies are medians over the rounds, ratios per round.`,
    `getBasket with a session cookie whose basket holds ${BASKET_DOMAINS.length} domains; the bare route listens in the same process.`,
    'The HTTP rate limit counts every request where the product counts it: in memory on PGlite, in the shared_counters table on PostgreSQL',
    '(no REDIS_URL), and in Redis on "postgres + redis" (REDIS_URL, when a Redis answers on 127.0.0.1:6379 or REDIS_URL_TEST).',
    '',
    ...table(
      ['database', 'target', 'req/s', 'p50', 'p99', 'requests', 'non-2xx', 'errors'],
      databases.flatMap((d) =>
        [d.bare, d.health, d.basket].map((f) => [d.database, f.target, f.requestsPerSecond, ms(f.p50LatencyMs), ms(f.p99LatencyMs), f.requests, f.non2xx, f.errors]),
      ),
    ),
    '',
    ...databases.map(
      (d) => `Ratio getBasket/bare on ${d.database}: median ${showSpread(d.ratioToBare)}: ${verdict(d.ratioToBare.median, RATIO_GOAL, 'at least')}; /health/bare ${showSpread(d.healthRatioToBare)}`,
    ),
    ...skipped,
  ];
  return { lines, summary: { connections: CONNECTIONS, rounds: ROUNDS, roundSeconds: ROUND_SECONDS, databases }, failures };
}
