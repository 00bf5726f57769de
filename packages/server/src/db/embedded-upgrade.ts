import { existsSync, readFileSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The PostgreSQL major version of the embedded database (PGlite 0.5). */
export const EMBEDDED_POSTGRES_MAJOR = 18;
/** The one earlier major whose folders are moved across: PGlite 0.3's, which earlier releases ran. */
const EARLIER_MAJOR = 17;

/** What of the earlier PGlite and its pg_dump is used here. */
interface EarlierPglite {
  waitReady: Promise<void>;
  close(): Promise<void>;
}
interface EarlierPackages {
  PGlite: new (dataDir: string) => EarlierPglite;
  pgDump(options: { pg: EarlierPglite; args: string[] }): Promise<Blob>;
}

/** A database of the current embedded kind, opened on a folder, that runs a script. */
export interface ScriptRunner {
  exec(script: string): Promise<unknown>;
  close(): Promise<void>;
}

/** The folder an earlier major's data is kept in after it was moved across. */
export const keptFolderOf = (dataDir: string, major: number): string => `${dataDir}-postgresql-${major}`;

/**
 * The earlier PGlite and its pg_dump live in the workspace package `@kavel/pglite-17`, with their
 * own `node_modules`: they are resolved from that package's folder, so the server's own
 * `@electric-sql/pglite` (the current one) is never confused with them.
 */
export function requireFromEarlierRelease(specifier: string): unknown {
  const fromServer = createRequire(import.meta.url);
  return createRequire(fromServer.resolve('@kavel/pglite-17/package.json'))(specifier);
}

function loadEarlierPackages(): EarlierPackages {
  const { PGlite } = requireFromEarlierRelease('@electric-sql/pglite') as Pick<EarlierPackages, 'PGlite'>;
  const { pgDump } = requireFromEarlierRelease('@electric-sql/pglite-tools/pg_dump') as Pick<EarlierPackages, 'pgDump'>;
  return { PGlite, pgDump };
}

/**
 * PostgreSQL cannot open a data folder of another major version. A folder written by earlier
 * releases (PGlite 0.3, PostgreSQL 17) is moved across the way PostgreSQL's own documentation
 * upgrades a cluster: `pg_dump` of the earlier version writes every schema and row as SQL (the
 * shop's tables, the migrations it ran, the job queue's jobs), and the current version runs it in
 * a new folder. Only when that succeeded does the new folder take the data folder's place; the
 * earlier one is kept beside it (`<folder>-postgresql-17`) for the operator to remove. A move that
 * stopped halfway leaves the earlier folder where it was, and the next start begins again; one
 * that stopped between the two renames is finished by the next start.
 *
 * Returns the lines to report, none when the folder is new or already of the current version.
 */
export async function upgradeEmbeddedFolder(dataDir: string, openCurrent: (dataDir: string) => ScriptRunner): Promise<string[]> {
  const versionFile = join(dataDir, 'PG_VERSION');
  const staging = `${dataDir}.upgrading`;
  const kept = keptFolderOf(dataDir, EARLIER_MAJOR);
  if (!existsSync(versionFile)) {
    // A move that stopped between its two renames: the earlier folder is kept, the new one complete.
    if (!existsSync(kept) || !existsSync(join(staging, 'PG_VERSION'))) return [];
    if (existsSync(dataDir)) rmdirSync(dataDir); // empty: made by the start, or the rename would not have stopped
    renameSync(staging, dataDir);
    return [`Kavel: the embedded database in ${dataDir} was moved from PostgreSQL ${EARLIER_MAJOR} to ${EMBEDDED_POSTGRES_MAJOR}; the folder as it was is kept in ${kept}.`];
  }
  const major = Number(readFileSync(versionFile, 'utf8').trim());
  if (major === EMBEDDED_POSTGRES_MAJOR) return [];
  if (major !== EARLIER_MAJOR) {
    throw new Error(
      `The data folder ${dataDir} was written by PostgreSQL ${major}; this release's embedded database is PostgreSQL ${EMBEDDED_POSTGRES_MAJOR} and moves folders of PostgreSQL ${EARLIER_MAJOR} across.`,
    );
  }
  if (existsSync(kept)) {
    throw new Error(`The data folder ${dataDir} is of PostgreSQL ${major}, and ${kept}, where it would be kept after moving it across, exists already: move that one away first.`);
  }
  const started = performance.now();
  const { PGlite, pgDump } = loadEarlierPackages();
  const earlier = new PGlite(dataDir);
  let script: string;
  try {
    await earlier.waitReady;
    // Several rows per INSERT: PGlite runs a script, not `COPY ... FROM stdin`.
    const dump = await pgDump({ pg: earlier, args: ['--inserts', '--rows-per-insert=500', '--no-owner', '--no-privileges'] });
    script = await dump.text();
  } finally {
    await earlier.close();
  }
  rmSync(staging, { recursive: true, force: true });
  const current = openCurrent(staging);
  try {
    await current.exec(script);
  } catch (error) {
    await current.close().catch(() => {});
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  await current.close();
  renameSync(dataDir, kept);
  renameSync(staging, dataDir);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return [
    `Kavel: the embedded database in ${dataDir} was moved from PostgreSQL ${major} to ${EMBEDDED_POSTGRES_MAJOR} (${seconds} s); the folder as it was is kept in ${kept} and can be removed once the shop runs as it should.`,
  ];
}
