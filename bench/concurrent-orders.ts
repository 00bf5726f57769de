/**
 * Concurrent orders: 50 customers, each with a domain and a hosting package in the basket, press
 * Pay at the same moment (and half of them press it twice). Measured on the embedded database and,
 * when `TEST_DATABASE_URL` is set, on PostgreSQL: orders per second, and proof from the database
 * that no order is lost or doubled and that invoice numbers run without gaps. Then one more order
 * alone, counting the statements the shop sends to the database for it (its round trips): the
 * purchase request, and the fulfilment job after it.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import { shopDomainsAmong } from '../packages/server/src/features/domains/domain-service.ts';
import { createSimulatedRegistry } from '../packages/server/src/ports/registry/index.ts';
import wellKnown from '../packages/server/src/features/catalogue/data/well-known-names.json' with { type: 'json' };
import { approveOnAccount, buildTestApp, createActiveAccount, createRecordingMailer, databaseKinds, products, queryCounter, waitForJobs, type DatabaseKind, type TestClient } from '@kavel/server/testing';
import type { DatabaseHandle } from '../packages/server/src/db/connect.ts';
import { ms, percentile, round, table, type BenchmarkOutcome } from './support.ts';

const CUSTOMERS = 50;
/** The product's default simulated registry latency (`REGISTRY_SIMULATED_LATENCY_MS`), and the baseline without it. */
const LATENCIES = [
  { label: 'none (baseline)', min: 0, max: 0 },
  { label: 'default 150-900 ms', min: 150, max: 900 },
] as const;

export interface OrdersFigures {
  database: DatabaseKind['name'];
  /** The simulated registry's latency per lookup during the purchases. */
  registryLatency: string;
  customers: number;
  /** Purchase requests sent (the double-clickers send two with the same request id). */
  requests: number;
  /** From the first request until the last answer: the purchases, without their fulfilment. */
  wallMs: number;
  ordersPerSecond: number;
  /** From the first request until the worker has fulfilled every order (in the background). */
  fulfilledWallMs: number;
  p50Ms: number;
  p95Ms: number;
  ordersInDatabase: number;
  customersWithOneOrder: number;
  invoiceNumbersGapless: boolean;
  fulfilled: number;
  failedRequests: number;
  /** Database round trips of one order: its purchase request, its fulfilment, and both. */
  roundTrips: { purchase: number; fulfilment: number; perOrder: number };
}

/**
 * The job queue's own polling. On PGlite it shares the one connection and would be counted; on a
 * server it has a pool of its own (not counted). The job the purchase writes, in its transaction,
 * counts on both.
 */
const isQueuePolling = (statement: string) => /pgboss\./i.test(statement) && !/^\s*insert into pgboss\.job\b/i.test(statement);

/** The round trips of one more order, purchased and fulfilled alone. */
async function roundTripsOfOneOrder(app: Parameters<typeof waitForJobs>[0], client: TestClient, counter: ReturnType<typeof queryCounter>): Promise<OrdersFigures['roundTrips']> {
  await waitForJobs(app);
  const count = (statements: string[]) => statements.filter((statement) => !isQueuePolling(statement)).length;
  const purchase = count(
    await counter.during(async () => {
      const response = await client.post('/bestelprocedure/purchase', { paymentMethod: 'MANUAL_PAYMENT', requestId: randomUUID(), termsAccepted: true, customWhois: '[]' });
      if (response.statusCode !== 200) throw new Error(`purchase: ${response.statusCode} ${response.body}`);
    }),
  );
  const fulfilment = count(await counter.during(() => waitForJobs(app)));
  return { purchase, fulfilment, perOrder: purchase + fulfilment };
}

async function customerWithBasket(app: Parameters<typeof createActiveAccount>[0], mailer: Parameters<typeof createActiveAccount>[1], database: DatabaseHandle, n: number): Promise<TestClient> {
  const client = await createActiveAccount(app, mailer, `bench${n}@example.nl`);
  // Paying on account is for customers the shop knows: these are approved by staff, as a regular's account is.
  await approveOnAccount(database.db, `bench${n}@example.nl`);
  const api = '/api/bestelprocedure';
  const added = await client.post(`${api}/addItem`, { productId: products.nl.productId, productCode: products.nl.productCode, title: `kavelbestelling${n}-${randomUUID().slice(0, 8)}.nl` });
  if (added.statusCode !== 200) throw new Error(`addItem: ${added.statusCode} ${added.body}`);
  const domain = (added.json() as { items: Array<{ unique: string }> }).items[0]!;
  const hosting = await client.post(`${api}/addItem`, { productId: products.basic.productId, productCode: products.basic.productCode, parentId: domain.unique });
  if (hosting.statusCode !== 200) throw new Error(`add hosting: ${hosting.statusCode} ${hosting.body}`);
  return client;
}

function tolerateTerminationOnClose(database: DatabaseHandle): void {
  const pool = (database.db as unknown as { $client?: unknown }).$client;
  if (database.kind === 'postgres' && pool instanceof EventEmitter) pool.on('error', () => {});
}

async function measure(kind: DatabaseKind, latency: (typeof LATENCIES)[number]): Promise<OrdersFigures> {
  const counter = queryCounter();
  const database = await kind.open({ onQuery: counter.onQuery });
  const mailer = createRecordingMailer();
  const registry = createSimulatedRegistry({ latencyMs: { min: latency.min, max: latency.max }, failureRate: 0, wellKnown, registeredInShop: shopDomainsAmong(database.db) });
  const app = await buildTestApp(database, { mailer, registry, config: { rateLimitPerMinute: 10_000_000 } });
  try {
    const clients: TestClient[] = [];
    for (let n = 0; n < CUSTOMERS; n++) clients.push(await customerWithBasket(app, mailer, database, n));
    const alone = await customerWithBasket(app, mailer, database, CUSTOMERS);

    const latencies: number[] = [];
    let failedRequests = 0;
    const purchase = async (client: TestClient, requestId: string) => {
      const started = performance.now();
      const response = await client.post('/bestelprocedure/purchase', { paymentMethod: 'MANUAL_PAYMENT', requestId, termsAccepted: true, customWhois: '[]' });
      latencies.push(performance.now() - started);
      if (response.statusCode !== 200) failedRequests++;
    };
    const started = performance.now();
    await Promise.all(
      clients.flatMap((client, n) => {
        const requestId = randomUUID();
        // Every second customer double-clicks: the same request twice at once.
        return n % 2 === 0 ? [purchase(client, requestId), purchase(client, requestId)] : [purchase(client, requestId)];
      }),
    );
    const wallMs = performance.now() - started;
    // The answers do not wait for fulfilment: the worker in this process does it from the queue.
    await waitForJobs(app, 120_000);
    const fulfilledWallMs = performance.now() - started;

    const orderRows = await database.db.execute<{ customer_id: number; n: number }>(sql`select customer_id, count(*)::int as n from orders group by customer_id`);
    const perCustomer = (orderRows as unknown as { rows?: Array<{ n: number }> }).rows ?? (orderRows as unknown as Array<{ n: number }>);
    const invoiceRows = await database.db.execute<{ sequence: number }>(sql`select sequence from invoices order by sequence`);
    const sequences = ((invoiceRows as unknown as { rows?: Array<{ sequence: number }> }).rows ?? (invoiceRows as unknown as Array<{ sequence: number }>)).map((r) => Number(r.sequence));
    const fulfilledRows = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from orders where status = 'FULFILLED'`);
    const fulfilled = Number(((fulfilledRows as unknown as { rows?: Array<{ n: number }> }).rows ?? (fulfilledRows as unknown as Array<{ n: number }>))[0]?.n ?? 0);
    const ordersInDatabase = perCustomer.reduce((sum, row) => sum + Number(row.n), 0);
    const roundTrips = await roundTripsOfOneOrder(app, alone, counter);
    return {
      database: kind.name,
      registryLatency: latency.label,
      customers: CUSTOMERS,
      requests: latencies.length,
      wallMs: round(wallMs, 0),
      ordersPerSecond: round((ordersInDatabase / wallMs) * 1000, 1),
      fulfilledWallMs: round(fulfilledWallMs, 0),
      p50Ms: round(percentile(latencies, 50), 0),
      p95Ms: round(percentile(latencies, 95), 0),
      ordersInDatabase,
      customersWithOneOrder: perCustomer.filter((row) => Number(row.n) === 1).length,
      invoiceNumbersGapless: sequences.every((value, index) => value === index + 1),
      fulfilled,
      failedRequests,
      roundTrips,
    };
  } finally {
    await app.close();
    tolerateTerminationOnClose(database);
    await database.close();
  }
}

export async function runConcurrentOrdersBenchmark(): Promise<BenchmarkOutcome<OrdersFigures[]>> {
  const figures: OrdersFigures[] = [];
  for (const kind of databaseKinds) for (const latency of LATENCIES) figures.push(await measure(kind, latency));
  const failures = figures.flatMap((f) => [
    ...(f.ordersInDatabase !== f.customers ? [`${f.database}, registry ${f.registryLatency}: ${f.ordersInDatabase} orders for ${f.customers} customers`] : []),
    ...(f.customersWithOneOrder !== f.customers ? [`${f.database}, registry ${f.registryLatency}: only ${f.customersWithOneOrder} customers have exactly one order`] : []),
    ...(!f.invoiceNumbersGapless ? [`${f.database}, registry ${f.registryLatency}: invoice numbers have gaps or doubles`] : []),
    ...(f.failedRequests > 0 ? [`${f.database}, registry ${f.registryLatency}: ${f.failedRequests} purchase requests failed`] : []),
    ...(f.fulfilled !== f.customers ? [`${f.database}, registry ${f.registryLatency}: ${f.fulfilled} of ${f.customers} orders fulfilled`] : []),
  ]);
  const lines = [
    `${CUSTOMERS} logged-in customers, each with a .nl domain and Basic hosting, pay on account at the same moment;`,
    'every second customer sends the same purchase twice at once (a double click). Requests go through app.inject.',
    "'wall' and p50/p95 are the purchase answers, which no longer include fulfilment; 'all fulfilled' is until the",
    "process's worker has fulfilled every order from the job queue. Each database runs once with the product's default",
    'simulated registry latency and once without (the baseline), in the same run.',
    '',
    ...table(
      ['database', 'registry', 'requests', 'wall', 'orders/s', 'p50', 'p95', 'all fulfilled', 'orders', 'one each', 'gapless', 'fulfilled', 'round trips/order'],
      figures.map((f) => [
        f.database,
        f.registryLatency,
        f.requests,
        ms(f.wallMs),
        f.ordersPerSecond,
        ms(f.p50Ms),
        ms(f.p95Ms),
        ms(f.fulfilledWallMs),
        f.ordersInDatabase,
        f.customersWithOneOrder,
        f.invoiceNumbersGapless ? 'yes' : 'NO',
        f.fulfilled,
        `${f.roundTrips.perOrder} (${f.roundTrips.purchase} purchase + ${f.roundTrips.fulfilment} fulfilment)`,
      ]),
    ),
    'Round trips: the statements the shop sends for one more order placed alone (BEGIN and COMMIT included;',
    "the job queue's polling left out), counted by wrapping the database driver's query function.",
    ...(databaseKinds.length === 1 ? ['PostgreSQL skipped: TEST_DATABASE_URL is not set'] : []),
  ];
  return { lines, summary: figures, failures };
}
