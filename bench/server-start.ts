/**
 * Start to first answer: the compiled server (`node packages/server/dist/main.js`, what `npm
 * start` runs after the build) against a bare Fastify server with one route, each started the same
 * way (a new `node` process) and timed from the spawn to the first 200 on `/health`. A/B
 * alternating over several rounds; median and range. The shop starts on an embedded database that
 * is already migrated (a restart), with its default settings otherwise (role `all`, demo accounts).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, ms, round, table, type BenchmarkOutcome } from './support.ts';

const ROUNDS = 7;
const GOAL_RATIO = 1.5;
const ANSWER_TIMEOUT_MS = 60_000;
const COMPILED_MAIN = fileURLToPath(new URL('../packages/server/dist/main.js', import.meta.url));
const COMPILED_MIGRATE = fileURLToPath(new URL('../packages/server/dist/migrate.js', import.meta.url));

export interface ServerStartSummary {
  rounds: number;
  bareMs: { median: number; min: number; max: number };
  compiledMs: { median: number; min: number; max: number };
  ratio: number;
  goal: number;
  met: boolean;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Spawns `node <file>` and returns the milliseconds until `/health` first answers 200; the process is stopped after. */
async function timeToFirstAnswer(file: string, env: Record<string, string>): Promise<number> {
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
      if (answered) return performance.now() - started;
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

const spread = (values: number[]) => ({ median: round(median(values), 1), min: round(Math.min(...values), 1), max: round(Math.max(...values), 1) });

export async function runServerStartBenchmark(): Promise<BenchmarkOutcome<ServerStartSummary>> {
  if (!existsSync(COMPILED_MAIN)) throw new Error('packages/server/dist/main.js is missing: run `npm run build` first');
  const folder = mkdtempSync(join(tmpdir(), 'kavel-start-'));
  try {
    const bareFile = join(folder, 'bare.mjs');
    writeFileSync(
      bareFile,
      `import Fastify from ${JSON.stringify(import.meta.resolve('fastify'))};\n` +
        `const app = Fastify();\napp.get('/health', async () => ({ ok: true }));\n` +
        `process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));\n` +
        `await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });\n`,
    );
    const shopEnv = { DATA_DIR: join(folder, 'data'), OUTBOX_DIR: join(folder, 'outbox'), LOG_LEVEL: 'warn' };
    await runToEnd(COMPILED_MIGRATE, shopEnv);
    // One unmeasured start each: the operating system's file cache, as on a machine that ran it before.
    await timeToFirstAnswer(bareFile, {});
    await timeToFirstAnswer(COMPILED_MAIN, shopEnv);

    const bare: number[] = [];
    const compiled: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // A/B alternating: the first of each pair changes every round.
      const order = round % 2 === 0 ? (['bare', 'compiled'] as const) : (['compiled', 'bare'] as const);
      for (const which of order) {
        if (which === 'bare') bare.push(await timeToFirstAnswer(bareFile, {}));
        else compiled.push(await timeToFirstAnswer(COMPILED_MAIN, shopEnv));
      }
    }
    const bareMs = spread(bare);
    const compiledMs = spread(compiled);
    const ratio = round(median(compiled) / median(bare), 2);
    const met = ratio <= GOAL_RATIO;
    const lines = [
      ...table(
        ['server (new node process, to first 200 on /health)', 'median', 'min', 'max'],
        [
          ['bare Fastify, one route', ms(bareMs.median), ms(bareMs.min), ms(bareMs.max)],
          ['Kavel compiled (dist/main.js, migrated PGlite)', ms(compiledMs.median), ms(compiledMs.min), ms(compiledMs.max)],
        ],
      ),
      '',
      `Start ratio compiled/bare: ${ratio} (goal at most ${GOAL_RATIO}): ${met ? 'met' : `MISS by ${round(ratio - GOAL_RATIO, 2)}`} (${ROUNDS} rounds, A/B alternating)`,
    ];
    return { lines, summary: { rounds: ROUNDS, bareMs, compiledMs, ratio, goal: GOAL_RATIO, met }, failures: [] };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
