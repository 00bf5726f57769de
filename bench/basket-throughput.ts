/**
 * API throughput: a bare Fastify route against `GET /api/bestelprocedure/getBasket` of the real
 * app with a basket of three domains, in one run, measured with autocannon.
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import autocannon from 'autocannon';
import fastify from 'fastify';
import { buildTestApp, databaseKinds, type DatabaseKind } from '@kavel/server/testing';
import type { DatabaseHandle } from '../packages/server/src/db/connect.ts';
import { createPostgresCacheEvents } from '../packages/server/src/ports/cache-events/index.ts';
import extensionCatalogue from '../packages/server/src/features/catalogue/data/extensions.json' with { type: 'json' };
import { listenOnLoopback, ms, round, table, type BenchmarkOutcome } from './support.ts';

const CONNECTIONS = 50;
const WARMUP_SECONDS = 2;
const MEASURE_SECONDS = 8;
/** autocannon runs in one worker thread, so the server keeps the main thread (2 cores). */
const LOAD_WORKERS = 1;
const BASKET_DOMAINS = extensionCatalogue.slice(0, 3);

export interface ThroughputFigures {
  target: string;
  requestsPerSecond: number;
  p50LatencyMs: number;
  p99LatencyMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface BasketSummary {
  connections: number;
  measureSeconds: number;
  bare: ThroughputFigures;
  /** The real app's `/health` (no session, no rate limit, no database): the framework's share. */
  health: ThroughputFigures;
  basket: Array<ThroughputFigures & { database: DatabaseKind['name']; ratioToBare: number }>;
}

/** Warms up, then measures `url` with the given request headers. */
async function measure(target: string, url: string, headers: Record<string, string> = {}): Promise<ThroughputFigures> {
  const options = { url, headers, connections: CONNECTIONS, workers: LOAD_WORKERS, timeout: 10 };
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const result = await autocannon({ ...options, duration: MEASURE_SECONDS });
  return {
    target,
    requestsPerSecond: round(result.requests.average, 0),
    p50LatencyMs: result.latency.p50,
    p99LatencyMs: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

async function measureBareRoute(): Promise<ThroughputFigures> {
  const app = fastify();
  app.get('/bare', async () => ({ ok: true }));
  try {
    const baseUrl = await listenOnLoopback(app);
    return await measure('bare Fastify route', `${baseUrl}/bare`);
  } finally {
    await app.close();
  }
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

async function measureApp(kind: DatabaseKind): Promise<{ health: ThroughputFigures; basket: ThroughputFigures }> {
  const database = await kind.open();
  // The cache events production picks: LISTEN/NOTIFY on a server, in-process on PGlite.
  const events = database.jobStore.kind === 'pool' ? createPostgresCacheEvents(database.jobStore.connectionString) : null;
  await events?.ready;
  const app = await buildTestApp(database, { config: { rateLimitPerMinute: 10_000_000 }, ...(events ? { cacheEvents: events } : {}) });
  try {
    const baseUrl = await listenOnLoopback(app);
    const health = await measure('app /health (no session, no DB)', `${baseUrl}/health`);
    const cookie = await sessionWithBasket(baseUrl);
    const basket = await measure(`getBasket (${kind.name})`, `${baseUrl}/api/bestelprocedure/getBasket`, { cookie });
    return { health, basket };
  } finally {
    await app.close();
    await events?.close();
    tolerateTerminationOnClose(database);
    await database.close();
  }
}

export async function runBasketThroughputBenchmark(): Promise<BenchmarkOutcome<BasketSummary>> {
  const bare = await measureBareRoute();
  const basket: BasketSummary['basket'] = [];
  let health: ThroughputFigures | undefined;
  for (const kind of databaseKinds) {
    const figures = await measureApp(kind);
    health ??= figures.health;
    basket.push({ ...figures.basket, database: kind.name, ratioToBare: round(figures.basket.requestsPerSecond / bare.requestsPerSecond, 4) });
  }
  if (!health) throw new Error('no database kind to measure');
  const all = [bare, health, ...basket];
  const failures = all.flatMap((f) => [
    ...(f.non2xx > 0 ? [`${f.target}: ${f.non2xx} non-2xx responses`] : []),
    ...(f.errors > 0 ? [`${f.target}: ${f.errors} connection errors (${f.timeouts} timeouts)`] : []),
    ...(f.requests === 0 ? [`${f.target}: no requests completed`] : []),
  ]);
  const summary: BasketSummary = { connections: CONNECTIONS, measureSeconds: MEASURE_SECONDS, bare, health, basket };
  const lines = [
    `autocannon: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${MEASURE_SECONDS} s measured, load in ${LOAD_WORKERS} worker thread`,
    `getBasket with a session cookie whose basket holds ${BASKET_DOMAINS.length} domains`,
    '',
    ...table(
      ['target', 'req/s', 'ratio', 'p50', 'p99', 'requests', 'non-2xx', 'errors'],
      all.map((f) => [
        f.target,
        f.requestsPerSecond,
        `${((f.requestsPerSecond / bare.requestsPerSecond) * 100).toFixed(2)} %`,
        ms(f.p50LatencyMs),
        ms(f.p99LatencyMs),
        f.requests,
        f.non2xx,
        f.errors,
      ]),
    ),
    '',
    ...basket.map((b) => `Ratio getBasket/bare on ${b.database}: ${b.ratioToBare.toFixed(4)} (bare route ${round(bare.requestsPerSecond / b.requestsPerSecond, 0)}x faster)`),
    ...(databaseKinds.length === 1 ? ['PostgreSQL skipped: TEST_DATABASE_URL is not set'] : []),
  ];
  return { lines, summary, failures };
}
