import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import PgBoss from 'pg-boss';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, pgliteExecutor, type DatabaseHandle } from '../src/db/connect.ts';
import { EMBEDDED_POSTGRES_MAJOR, keptFolderOf, requireFromEarlierRelease } from '../src/db/embedded-upgrade.ts';
import { SERVER_ROOT } from '../src/paths.ts';

/** PGlite 0.3 (PostgreSQL 17), as earlier releases ran it, from the workspace package that keeps it; its API is the current one's. */
const { PGlite: EarlierPGlite } = requireFromEarlierRelease('@electric-sql/pglite') as { PGlite: new (dataDir: string) => PGlite };

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

/**
 * A data folder as an earlier release left it: the shop's migrations, a setting, two error reports
 * (a serial column) and a job waiting in the job queue.
 */
async function writeEarlierFolder(dataDir: string): Promise<void> {
  const earlier = new EarlierPGlite(dataDir);
  await earlier.waitReady;
  const db = drizzle(earlier);
  await migrate(db, { migrationsFolder: join(SERVER_ROOT, 'drizzle') });
  await earlier.query(`insert into settings (key, value) values ('captcha-key', 'kept secret')`);
  await earlier.query(`insert into error_reports (client_ip, msg, url) values ('192.0.2.1', 'first', '/'), ('192.0.2.2', 'second', '/bestellen/')`);
  const boss = new PgBoss({
    db: pgliteExecutor(earlier),
    supervise: false,
    schedule: false,
  });
  await boss.start();
  await boss.createQueue('send-mail');
  await boss.send('send-mail', { to: 'klant@example.nl' });
  await boss.stop({ graceful: false, wait: false });
  await earlier.close();
}

describe('an embedded data folder of an earlier release (PostgreSQL 17)', () => {
  let folder: string;
  let dataDir: string;
  let database: DatabaseHandle | null = null;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'kavel-upgrade-'));
    dataDir = join(folder, 'data');
  });
  afterEach(async () => {
    await database?.close();
    database = null;
    rmSync(folder, { recursive: true, force: true });
  });

  it('is moved to the current PostgreSQL at the start, with its rows, migrations and jobs; the earlier folder is kept beside it', async () => {
    await writeEarlierFolder(dataDir);
    const reported: string[] = [];
    database = await openDatabase({ kind: 'pglite', dataDir }, { report: (line) => reported.push(line) });

    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8').trim()).toBe(String(EMBEDDED_POSTGRES_MAJOR));
    expect(readFileSync(join(keptFolderOf(dataDir, 17), 'PG_VERSION'), 'utf8').trim()).toBe('17');
    expect(existsSync(`${dataDir}.upgrading`)).toBe(false);
    expect(reported).toHaveLength(1);
    expect(reported[0]).toContain(`moved from PostgreSQL 17 to ${EMBEDDED_POSTGRES_MAJOR}`);
    expect(reported[0]).toContain(keptFolderOf(dataDir, 17));

    const version = rowsOf(await database.db.execute(sql`select current_setting('server_version_num')::int / 10000 as major`));
    expect(version[0]!.major).toBe(EMBEDDED_POSTGRES_MAJOR);
    expect(rowsOf(await database.db.execute(sql`select value from settings where key = 'captcha-key'`))).toEqual([{ value: 'kept secret' }]);
    // The serial goes on after the rows that were moved.
    const added = rowsOf(await database.db.execute(sql`insert into error_reports (client_ip, msg, url) values ('192.0.2.3', 'third', '/') returning id`));
    expect(added[0]!.id).toBe(3);
    const jobs = rowsOf(await database.db.execute(sql`select name, data->>'to' as "to", state from pgboss.job`));
    expect(jobs).toEqual([{ name: 'send-mail', to: 'klant@example.nl', state: 'created' }]);

    // The next start opens the moved folder as it is.
    await database.close();
    const again: string[] = [];
    database = await openDatabase({ kind: 'pglite', dataDir }, { report: (line) => again.push(line) });
    expect(again).toEqual([]);
    expect(rowsOf(await database.db.execute(sql`select count(*)::int as n from error_reports`))[0]!.n).toBe(3);
  });

  it('is finished by the next start when the move stopped between its two renames', async () => {
    await writeEarlierFolder(dataDir);
    database = await openDatabase({ kind: 'pglite', dataDir });
    await database.close();
    database = null;
    // As a stop right after the earlier folder was put aside leaves it: the new one still staged.
    renameSync(dataDir, `${dataDir}.upgrading`);

    const reported: string[] = [];
    database = await openDatabase({ kind: 'pglite', dataDir }, { report: (line) => reported.push(line) });
    expect(reported[0]).toContain(`moved from PostgreSQL 17 to ${EMBEDDED_POSTGRES_MAJOR}`);
    expect(existsSync(`${dataDir}.upgrading`)).toBe(false);
    expect(rowsOf(await database.db.execute(sql`select value from settings where key = 'captcha-key'`))).toEqual([{ value: 'kept secret' }]);
  });

  it('is left as it was, with a message saying what to do, when the folder it would be kept in exists already', async () => {
    await writeEarlierFolder(dataDir);
    mkdirSync(keptFolderOf(dataDir, 17));
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(/exists already: move that one away first/);
    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8').trim()).toBe('17');
    expect(existsSync(`${dataDir}.upgrading`)).toBe(false);
  });
});

describe('an embedded data folder of another PostgreSQL', () => {
  it('is refused with the versions named, and left alone', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kavel-upgrade-'));
    try {
      writeFileSync(join(dataDir, 'PG_VERSION'), '16\n');
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(
        `was written by PostgreSQL 16; this release's embedded database is PostgreSQL ${EMBEDDED_POSTGRES_MAJOR}`,
      );
      expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8')).toBe('16\n');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
