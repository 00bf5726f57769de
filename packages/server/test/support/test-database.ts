import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type DatabaseHandle, type OpenOptions } from '../../src/db/connect.ts';
import { seedCatalogue } from '../../src/features/catalogue/catalogue-seed.ts';

/** The shared buffers the shop gives its embedded database: the benchmarks' design floor opens it so too. */
export { EMBEDDED_SHARED_BUFFERS } from '../../src/db/connect.ts';

export interface DatabaseKind {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated and seeded database that nobody else uses; `onQuery` counts its statements. */
  open(options?: Pick<OpenOptions, 'onQuery'>): Promise<DatabaseHandle>;
}

/** The PostgreSQL server the suite also runs on, when `TEST_DATABASE_URL` names one. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || null;

const pgliteKind: DatabaseKind = {
  name: 'pglite',
  async open(options = {}) {
    return openDatabase({ kind: 'pglite', dataDir: null }, { ...options, seed: seedCatalogue });
  },
};

/** An empty database of its own on the server (for a test file, a benchmark), and how to drop it. */
export async function createServerDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `kavel_test_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** A new database on the server per call, dropped again on close. */
function postgresKind(serverUrl: string): DatabaseKind {
  return {
    name: 'postgres',
    async open(options = {}) {
      const database = await createServerDatabase(serverUrl);
      const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 5 }, { ...options, seed: seedCatalogue });
      return {
        ...handle,
        async close() {
          await handle.close();
          await database.drop();
        },
      };
    },
  };
}

/** PGlite always; the PostgreSQL server too when one is configured. */
export const databaseKinds: DatabaseKind[] = [pgliteKind, ...(testDatabaseUrl ? [postgresKind(testDatabaseUrl)] : [])];

/** Counts the statements sent to a database (pass `counter.onQuery` to `open`): its round trips. */
export function queryCounter() {
  const counter = {
    count: 0,
    statements: [] as string[],
    onQuery(text: string) {
      counter.count += 1;
      counter.statements.push(text);
    },
    /** The statements `work` sent. */
    async during(work: () => Promise<unknown>): Promise<string[]> {
      const from = counter.statements.length;
      await work();
      return counter.statements.slice(from);
    },
  };
  return counter;
}

/**
 * A fresh database of `kind` for a `describe` block, its statements counted: `statementsOn(table)`
 * runs `work` and gives the statements it sent that name `table`.
 */
export function useCountedDatabase(kind: DatabaseKind): { database: () => DatabaseHandle; statementsOn: (table: string, work: () => Promise<unknown>) => Promise<string[]> } {
  const counter = queryCounter();
  let database: DatabaseHandle | undefined;
  beforeAll(async () => {
    database = await kind.open({ onQuery: counter.onQuery });
  });
  afterAll(async () => {
    await database?.close();
  });
  return {
    database: () => database!,
    async statementsOn(table, work) {
      return (await counter.during(work)).filter((statement) => statement.includes(`"${table}"`));
    },
  };
}
