import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/connect.ts';
import { seedCatalogue } from '../src/features/catalogue/catalogue-seed.ts';
import extensionData from '../src/features/catalogue/data/extensions.json' with { type: 'json' };
import paymentMethodData from '../src/features/catalogue/data/payment-methods.json' with { type: 'json' };
import { testDatabaseUrl } from './support/index.ts';

const journal = JSON.parse(readFileSync(fileURLToPath(new URL('../drizzle/meta/_journal.json', import.meta.url)), 'utf8')) as { entries: unknown[] };

// Only a PostgreSQL server has several processes; the embedded database belongs to one.
describe.runIf(testDatabaseUrl !== null)('start-up on an empty PostgreSQL database', () => {
  const names: string[] = [];
  const admin = () => new pg.Client({ connectionString: testDatabaseUrl! });

  /** A new, empty database on the server; answers its URL. */
  async function emptyDatabase(): Promise<string> {
    const name = `kavel_test_start_${randomBytes(6).toString('hex')}`;
    const client = admin();
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    names.push(name);
    const target = new URL(testDatabaseUrl!);
    target.pathname = `/${name}`;
    return target.toString();
  }
  afterAll(async () => {
    const client = admin();
    await client.connect();
    for (const name of names) await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });

  /** What start-up left in the database: every migration once, the catalogue once, no lock held. */
  async function expectMigratedOnce(url: string) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const migrations = await client.query<{ hash: string; n: string }>('select hash, count(*) as n from drizzle.__drizzle_migrations group by hash');
      expect(migrations.rows).toHaveLength(journal.entries.length);
      expect(migrations.rows.every((row) => row.n === '1')).toBe(true);
      const extensions = await client.query<{ n: string }>('select count(*) as n from domain_extensions');
      expect(Number(extensions.rows[0]!.n)).toBe(extensionData.length);
      const methods = await client.query<{ n: string }>('select count(*) as n from payment_methods');
      expect(Number(methods.rows[0]!.n)).toBe(paymentMethodData.length);
      // Nobody holds the start-up lock once the processes are up.
      const locks = await client.query("select 1 from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())");
      expect(locks.rows).toEqual([]);
    } finally {
      await client.end();
    }
  }

  it('lets three processes start at once: migrations applied once, the catalogue seeded once', async () => {
    const url = await emptyDatabase();
    // Three pools, as three processes would have, all opening the empty database at the same moment.
    const opened: DatabaseHandle[] = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ kind: 'postgres', url, poolSize: 2 }, { seed: seedCatalogue })),
    );
    await Promise.all(opened.map((handle) => handle.close()));
    await expectMigratedOnce(url);
  });

  it('runs `npm run migrate` in three processes at once without an error', async () => {
    const url = await emptyDatabase();
    const migrate = fileURLToPath(new URL('../src/migrate.ts', import.meta.url));
    const run = () => promisify(execFile)(process.execPath, ['--import', 'tsx', migrate], { env: { ...process.env, DATABASE_URL: url }, timeout: 50_000 });
    const outputs = await Promise.all([run(), run(), run()]);
    expect(outputs.map((output) => output.stdout.trim())).toEqual(Array(3).fill('Kavel: the postgres database is migrated and its catalogue seeded.'));
    await expectMigratedOnce(url);
  }, 60_000);
});
