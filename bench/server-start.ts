/**
 * Start to first answer: the compiled server (`node packages/server/dist/main.js`, what `npm
 * start` runs after the build) against a bare Fastify server with one route, each started the same
 * way (a new `node` process) and timed from the spawn to the first 200 on `/health`. A/B
 * alternating over several rounds; median and range. The shop starts on an embedded database that
 * is already migrated (a restart), with its default settings otherwise (role `all`, demo accounts);
 * with `TEST_DATABASE_URL`, also on a fresh PostgreSQL database of that server, migrated
 * beforehand, in the same rounds.
 *
 * Next to them, in the same rounds, the design's floor on each database: a server of the packages
 * DESIGN.md prescribes and nothing else (Fastify, zod, drizzle and the database's driver), which
 * opens the same database and answers `/health` after one query. What the shop adds is what it
 * takes above that floor. The goal is judged against that floor, on each database: the shop's
 * median start at most 1.25 times the floor's in the same rounds. The ratio to the bare Fastify is
 * printed beside it.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServerDatabase, EMBEDDED_SHARED_BUFFERS } from '@kavel/server/testing';
import { median, ms, round, table, type BenchmarkOutcome } from './support.ts';

const ROUNDS = 7;
/** The goal: the shop starts in at most 1.25 times the design's floor on the same database (issue 42). */
const GOAL_RATIO = 1.25;
const ANSWER_TIMEOUT_MS = 60_000;
/** The compiled server writes its code cache five seconds after its start; a little more. */
const CODE_CACHE_WRITTEN_AFTER_MS = 6_500;
const COMPILED_MAIN = fileURLToPath(new URL('../packages/server/dist/main.js', import.meta.url));
const COMPILED_MIGRATE = fileURLToPath(new URL('../packages/server/dist/migrate.js', import.meta.url));
const CODE_CACHE_DIR = fileURLToPath(new URL('../packages/server/dist/.code-cache', import.meta.url));

type Figures = { median: number; min: number; max: number };

export interface ServerStartSummary {
  rounds: number;
  bareMs: Figures;
  /** On the embedded database. */
  compiledMs: Figures;
  /** The shop's median start over the bare Fastify's. */
  ratio: number;
  /** The shop's median start over the design's floor's: what the goal judges. */
  aboveFloor: number;
  goal: number;
  met: boolean;
  /** On PostgreSQL, when `TEST_DATABASE_URL` names a server. */
  postgres: { compiledMs: Figures; ratio: number; aboveFloor: number; met: boolean; floorMs: Figures; floorRatio: number } | null;
  /** The design's floor on the embedded database: Fastify, zod, drizzle and PGlite, one query. */
  floorMs: Figures;
  floorRatio: number;
}

/**
 * The design's floor: Fastify, zod, drizzle and the database's driver, loaded as the shop loads
 * them; the database opened (PGlite with the shop's WebAssembly and shared-buffers settings) and asked one query; a
 * `/health` whose answer zod checks. No migrations, no routes of the shop, no jobs.
 */
function designFloorSource(): string {
  const at = (specifier: string) => JSON.stringify(import.meta.resolve(specifier));
  return [
    `import { setFlagsFromString } from 'node:v8';`,
    `import Fastify from ${at('fastify')};`,
    `import { z } from ${at('zod')};`,
    `import { sql } from ${at('drizzle-orm')};`,
    `let db;`,
    `if (process.env.DATABASE_URL) {`,
    `  const [{ default: pg }, { drizzle }] = await Promise.all([import(${at('pg')}), import(${at('drizzle-orm/node-postgres')})]);`,
    `  db = drizzle(new pg.Pool({ connectionString: process.env.DATABASE_URL }));`,
    `} else {`,
    `  setFlagsFromString('--wasm-tiering-budget=1000000000');`,
    `  const [{ PGlite }, { drizzle }] = await Promise.all([import(${at('@electric-sql/pglite')}), import(${at('drizzle-orm/pglite')})]);`,
    `  db = drizzle(new PGlite(process.env.DATA_DIR, { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=${EMBEDDED_SHARED_BUFFERS}'] }));`,
    `}`,
    `await db.execute(sql\`select 1\`);`,
    `const Health = z.object({ ok: z.literal(true) });`,
    `const app = Fastify();`,
    `app.get('/health', async () => Health.parse({ ok: true }));`,
    `process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));`,
    `await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });`,
    '',
  ].join('\n');
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Spawns `node <file>` and returns the milliseconds until `/health` first answers 200; the process
 * is stopped after, or `keepMs` later.
 */
async function timeToFirstAnswer(file: string, env: Record<string, string>, keepMs = 0): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [file], { env: { ...process.env, FORWARDER_PORT: '0', ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${file} exited with ${child.exitCode} before answering`);
      if (performance.now() - started > ANSWER_TIMEOUT_MS) throw new Error(`${file} did not answer within ${ANSWER_TIMEOUT_MS} ms`);
      const answered = await fetch(`http://127.0.0.1:${port}/health`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (answered) {
        const elapsed = performance.now() - started;
        if (keepMs > 0) await new Promise((resolve) => setTimeout(resolve, keepMs));
        return elapsed;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** Runs `node <file>` to its end (the migration before the rounds). */
async function runToEnd(file: string, env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, [file], { env: { ...process.env, ...env }, stdio: 'ignore' });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${file} exited with ${code}`);
}

const spread = (values: number[]): Figures => ({ median: round(median(values), 1), min: round(Math.min(...values), 1), max: round(Math.max(...values), 1) });

type Side = 'bare' | 'embedded' | 'postgres' | 'floorEmbedded' | 'floorPostgres';

export async function runServerStartBenchmark(): Promise<BenchmarkOutcome<ServerStartSummary>> {
  if (!existsSync(COMPILED_MAIN)) throw new Error('packages/server/dist/main.js is missing: run `npm run build` first');
  const folder = mkdtempSync(join(tmpdir(), 'kavel-start-'));
  const serverUrl = process.env.TEST_DATABASE_URL || null;
  const postgres = serverUrl ? await createServerDatabase(serverUrl) : null;
  try {
    const bareFile = join(folder, 'bare.mjs');
    writeFileSync(
      bareFile,
      `import Fastify from ${JSON.stringify(import.meta.resolve('fastify'))};\n` +
        `const app = Fastify();\napp.get('/health', async () => ({ ok: true }));\n` +
        `process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));\n` +
        `await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });\n`,
    );
    const floorFile = join(folder, 'design-floor.mjs');
    writeFileSync(floorFile, designFloorSource());
    const outbox = { OUTBOX_DIR: join(folder, 'outbox'), LOG_LEVEL: 'warn' };
    const environments: Record<Side, Record<string, string>> = {
      bare: {},
      embedded: { DATA_DIR: join(folder, 'data'), ...outbox },
      postgres: postgres ? { DATABASE_URL: postgres.url, ...outbox } : {},
      floorEmbedded: { DATA_DIR: join(folder, 'data') },
      floorPostgres: postgres ? { DATABASE_URL: postgres.url } : {},
    };
    const sides: Side[] = postgres ? ['bare', 'floorEmbedded', 'embedded', 'floorPostgres', 'postgres'] : ['bare', 'floorEmbedded', 'embedded'];
    const fileOf = (side: Side) => (side === 'bare' ? bareFile : side.startsWith('floor') ? floorFile : COMPILED_MAIN);
    const start = (side: Side, keepMs = 0) => timeToFirstAnswer(fileOf(side), environments[side], keepMs);
    for (const side of ['embedded', 'postgres'] as const) if (sides.includes(side)) await runToEnd(COMPILED_MIGRATE, environments[side]);
    // One unmeasured start each: the operating system's file cache, as on a machine that ran it
    // before. The shop's runs long enough to write its code cache (a few seconds after the start,
    // src/start/compiled-main.ts), as a shop that has started once before has it. A cache left by
    // other runs of the same build goes first: V8 takes it as it is, and one the test suite made
    // (its shops start in other roles and stop at other moments) made every start here 60 to 80 ms
    // slower.
    rmSync(CODE_CACHE_DIR, { recursive: true, force: true });
    for (const side of sides) await start(side, fileOf(side) === COMPILED_MAIN ? CODE_CACHE_WRITTEN_AFTER_MS : 0);

    const times: Record<Side, number[]> = { bare: [], embedded: [], postgres: [], floorEmbedded: [], floorPostgres: [] };
    for (let round = 0; round < ROUNDS; round++) {
      // A/B alternating: the side that starts first changes every round.
      const order = sides.map((_, index) => sides[(index + round) % sides.length]!);
      for (const side of order) times[side].push(await start(side));
    }
    const bareMs = spread(times.bare);
    const ratioOf = (side: Side, to: Side = 'bare') => round(median(times[side]) / median(times[to]), 2);
    const verdictOf = (ratio: number) => (ratio <= GOAL_RATIO ? 'met' : `MISS by ${round(ratio - GOAL_RATIO, 2)}`);
    const compiledMs = spread(times.embedded);
    const ratio = ratioOf('embedded');
    const floorMs = spread(times.floorEmbedded);
    const floorRatio = ratioOf('floorEmbedded');
    const aboveFloor = ratioOf('embedded', 'floorEmbedded');
    const postgresFigures = postgres
      ? {
          compiledMs: spread(times.postgres),
          ratio: ratioOf('postgres'),
          aboveFloor: ratioOf('postgres', 'floorPostgres'),
          met: ratioOf('postgres', 'floorPostgres') <= GOAL_RATIO,
          floorMs: spread(times.floorPostgres),
          floorRatio: ratioOf('floorPostgres'),
        }
      : null;
    const judged = (database: string, shopToFloor: number, shopToBare: number, floorToBare: number) => [
      `Start ratio shop/design's floor, ${database}: ${shopToFloor} (goal at most ${GOAL_RATIO}): ${verdictOf(shopToFloor)} (${ROUNDS} rounds, alternating)`,
      `  beside it, to a bare Fastify: the shop ${shopToBare}, the design's floor ${floorToBare}`,
    ];
    const row = (label: string, figures: Figures) => [label, ms(figures.median), ms(figures.min), ms(figures.max)];
    const lines = [
      ...table(
        ['server (new node process, to first 200 on /health)', 'median', 'min', 'max'],
        [
          row('bare Fastify, one route', bareMs),
          row("design's floor: Fastify, zod, drizzle, PGlite, one query", floorMs),
          row('Kavel compiled (dist/main.js, migrated PGlite)', compiledMs),
          ...(postgresFigures
            ? [row("design's floor: Fastify, zod, drizzle, pg, one query", postgresFigures.floorMs), row('Kavel compiled (dist/main.js, migrated PostgreSQL)', postgresFigures.compiledMs)]
            : []),
        ],
      ),
      '',
      ...judged('PGlite', aboveFloor, ratio, floorRatio),
      ...(postgresFigures ? judged('PostgreSQL', postgresFigures.aboveFloor, postgresFigures.ratio, postgresFigures.floorRatio) : ['PostgreSQL skipped: TEST_DATABASE_URL is not set']),
    ];
    return {
      lines,
      summary: { rounds: ROUNDS, bareMs, compiledMs, ratio, aboveFloor, goal: GOAL_RATIO, met: aboveFloor <= GOAL_RATIO, postgres: postgresFigures, floorMs, floorRatio },
      failures: [],
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await postgres?.drop();
  }
}
