import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { SERVER_ROOT } from '../paths.ts';
import { tierUpWasmLater } from '../start/v8-flags.ts';
import { loadPg } from './pg-driver.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A query runner: the database itself or an open transaction. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Where the job queue keeps its tables: its own pool on the server, or the embedded database itself. */
  jobStore: JobStore;
  close(): Promise<void>;
}

/** Raw SQL as pg-boss speaks it: numbered parameters, several statements when there are none. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export type JobStore = { kind: 'pool'; connectionString: string } | { kind: 'embedded'; sql: SqlExecutor };

/** PGlite takes several statements only without parameters (`exec`); pg-boss's schema scripts are such. */
export function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      try {
        const results = await client.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      } catch (error) {
        // A script that failed after its own BEGIN would leave the one connection in an aborted
        // transaction (PostgreSQL ends it for a simple query; PGlite's exec does not).
        if (/^\s*BEGIN\b/i.test(text)) await client.exec('ROLLBACK').catch(() => {});
        throw error;
      }
    },
  };
}

const migrationsFolder = join(SERVER_ROOT, 'drizzle');

/**
 * PGlite starts PostgreSQL with 128 MB of shared buffers, and PostgreSQL clears all of them when it
 * starts: a tenth of a second of the start, and 128 MB of memory the process holds from then on.
 * The embedded database serves one shop on one machine; its pages are also in the operating
 * system's file cache. With 32 MB a shop at rest holds about 100 MB less, and starts sooner
 * (docs/benchmarks.md, "Server start").
 */
export const EMBEDDED_SHARED_BUFFERS = '32MB';

export type DatabaseTarget = { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string; poolSize?: number };

export interface OpenOptions {
  /** Fills reference data (the catalogue) right after the migrations, under the same lock. */
  seed?: (db: Database) => Promise<void>;
  /**
   * Told of every statement sent to the database after start-up, `BEGIN` and `COMMIT` included:
   * benchmarks and tests count round trips with it.
   */
  onQuery?: (text: string) => void;
  /** Told what start-up did that an operator should know of (an embedded folder moved to a newer PostgreSQL). */
  report?: (line: string) => void;
}

type QueryFunction = (...args: never[]) => unknown;

/** `target.query` that tells `onQuery` first (the statement is the first argument, text or config). */
function observe<T extends object>(target: T, method: keyof T & string, onQuery: (text: string) => void): void {
  const original = (target[method] as QueryFunction).bind(target);
  (target as Record<string, unknown>)[method] = (...args: never[]) => {
    const first = args[0] as unknown;
    onQuery(typeof first === 'string' ? first : String((first as { text?: string } | undefined)?.text ?? ''));
    return original(...args);
  };
}

/** PGlite: its queries, and the statements of its transactions (with their own BEGIN and COMMIT). */
function observePglite(client: PGlite, onQuery: (text: string) => void): void {
  observe(client, 'query', onQuery);
  observe(client, 'exec', onQuery);
  const transaction = client.transaction.bind(client);
  client.transaction = ((work: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<unknown>) =>
    transaction(async (tx) => {
      onQuery('BEGIN');
      observe(tx, 'query', onQuery);
      observe(tx, 'exec', onQuery);
      try {
        return await work(tx);
      } finally {
        onQuery('COMMIT');
      }
    })) as PGlite['transaction'];
}

/**
 * The advisory lock that start-up work holds on a PostgreSQL server: one fixed key for every
 * process of every version, so only one process migrates and seeds at a time.
 */
export const STARTUP_LOCK_KEY = 7_361_542_019;

/**
 * Opens the embedded or the server database and brings its schema (and seed data) up to date.
 * Only the chosen database's driver is loaded.
 */
export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    // pg first: drizzle's driver loads it too, and would load it without `loadPg`'s care.
    const pg = await loadPg();
    const { drizzle: drizzlePg } = await import('drizzle-orm/node-postgres');
    // Connections stay open once made (pg closes one idle for 10 s by default): a burst of visitors
    // after a quiet moment otherwise waits for new ones, each a process the database server starts
    // while the machine is busiest; 100 searches at once on PostgreSQL waited 300 to 800 ms for
    // them. At most `poolSize` per process, as before.
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10, idleTimeoutMillis: 0 });
    // An idle connection that the server ends (restart, failover, a dropped test database) would
    // otherwise be an unhandled 'error' event that stops the process; the pool has already
    // dropped it and opens a new one when needed.
    pool.on('error', () => {});
    // Observed from the first client on (the pool reuses them), told only after start-up.
    let started = false;
    const onQuery = options.onQuery;
    if (onQuery) pool.on('connect', (client) => observe(client, 'query', (text) => started && onQuery(text)));
    try {
      await migrateUnderLock(pool, options);
    } catch (error) {
      await pool.end();
      throw error;
    }
    started = true;
    const db = drizzlePg(pool, { schema });
    return { db: db as unknown as Database, kind: 'postgres', jobStore: { kind: 'pool', connectionString: target.url }, close: () => pool.end() };
  }
  // The embedded database belongs to this process alone: nobody to wait for.
  tierUpWasmLater();
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const pgliteOptions = { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`] };
  if (target.dataDir) {
    const { upgradeEmbeddedFolder } = await import('./embedded-upgrade.ts');
    const lines = await upgradeEmbeddedFolder(target.dataDir, (dataDir) => new PGlite(dataDir, pgliteOptions));
    for (const line of lines) options.report?.(line);
  }
  const client = target.dataDir ? new PGlite(target.dataDir, pgliteOptions) : new PGlite(pgliteOptions);
  const db = drizzlePglite(client, { schema });
  try {
    await migratePglite(db, { migrationsFolder });
    await options.seed?.(db as unknown as Database);
  } catch (error) {
    await client.close();
    throw error;
  }
  if (options.onQuery) observePglite(client, options.onQuery);
  takeTurnsWithTheEventLoop(client);
  return { db: db as unknown as Database, kind: 'pglite', jobStore: { kind: 'embedded', sql: pgliteExecutor(client) }, close: () => client.close() };
}

/**
 * PGlite runs its statements on this thread, one after another, and hands each result on through
 * promises: while statements are queued (a few jobs and requests at once) the next one started in
 * the same turn of the event loop, and nothing else ran until the queue was empty. Incoming
 * requests, answers, timers and socket events waited: 50 purchases at once were all answered at
 * the end, after the fulfilment they had set off (5.3 s; docs/benchmarks.md). Each statement and
 * transaction now starts in a turn of its own (`setImmediate`), so the event loop's other work
 * comes in between (the same purchases answered from 0.8 s on, the last after 2.2 to 2.4 s).
 */
function takeTurnsWithTheEventLoop(client: PGlite): void {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await turn();
    return query(...args);
  }) as PGlite['query'];
  client.exec = async (...args: Parameters<typeof exec>) => {
    await turn();
    return exec(...args);
  };
  client.transaction = (async (...args: Parameters<typeof transaction>) => {
    await turn();
    return transaction(...args);
  }) as PGlite['transaction'];
}

/**
 * Several processes that start at once on one server take turns: each waits for the advisory
 * lock on its own connection, then migrates (a no-op when another already did) and seeds. The
 * lock belongs to the connection, so a process that dies while holding it lets the next go on.
 */
async function migrateUnderLock(pool: pg.Pool, options: OpenOptions): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([import('drizzle-orm/node-postgres'), import('drizzle-orm/node-postgres/migrator')]);
      const db = drizzlePg(client, { schema });
      await migratePg(db, { migrationsFolder });
      await options.seed?.(db as unknown as Database);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch((error: unknown) => {
        broken = error instanceof Error ? error : new Error(String(error));
      });
    }
  } finally {
    // A connection whose unlock failed is closed rather than returned with the lock still held.
    client.release(broken ?? false);
  }
}
