import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../src/paths.ts';

// The code cache as the compiled server uses it: compiled to CommonJS, in a new `node` process
// that loads modules through it, twice or more over one cache folder.
const folder = mkdtempSync(join(tmpdir(), 'kavel-code-cache-'));
const cacheDir = join(folder, 'cache');
const nodeKeepsTheCache = 'enableCompileCache' in (await import('node:module'));

type Run = { counts: { read: number; made: number; refused: number } | null; answer: number; stack: string; dynamic: string };

async function run(): Promise<Run> {
  const { stdout } = await promisify(execFile)(process.execPath, [join(folder, 'start.cjs')], { cwd: folder, env: { ...process.env, CACHE_DIR: cacheDir } });
  return JSON.parse(stdout) as Run;
}

const writeAnswer = (answer: number) =>
  writeFileSync(join(folder, 'answer.cjs'), `'use strict';\nexports.answer = () => ${answer};\nexports.fail = () => {\n  throw new Error('from the module');\n};\n`);

beforeAll(() => {
  buildSync({ entryPoints: [join(SERVER_ROOT, 'src/start/code-cache.ts')], outfile: join(folder, 'code-cache.cjs'), bundle: true, platform: 'node', format: 'cjs', logLevel: 'warning' });
  writeAnswer(42);
  // A module that loads another with import(): Node 20 cannot run that from a cached script.
  writeFileSync(join(folder, 'dynamic.cjs'), `exports.load = () => import('node:path').then((path) => path.basename('/a/b.txt'));\n`);
  writeFileSync(
    join(folder, 'start.cjs'),
    [
      `const { enableCodeCache } = require('./code-cache.cjs');`,
      `const cache = enableCodeCache(process.env.CACHE_DIR);`,
      `const { answer, fail } = require('./answer.cjs');`,
      `let stack = '';`,
      `try { fail(); } catch (error) { stack = error.stack; }`,
      `require('./dynamic.cjs').load().then((dynamic) => {`,
      `  cache.flush();`,
      `  process.stdout.write(JSON.stringify({ counts: cache.counts, answer: answer(), stack, dynamic }));`,
      `});`,
      '',
    ].join('\n'),
  );
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the compiled server\'s code cache', () => {
  it('writes a cache after the first start, reads it at the next, and runs the same code', { timeout: 60_000 }, async () => {
    const first = await run();
    expect(first.answer).toBe(42);
    expect(first.dynamic).toBe('b.txt');
    // Errors still point at the module's own file and line.
    expect(first.stack).toMatch(/answer\.cjs:4/);
    if (nodeKeepsTheCache) return; // Node 22.1 and later: module.enableCompileCache keeps it.

    expect(first.counts).toEqual({ read: 0, made: 1, refused: 0 });
    expect(readdirSync(cacheDir)).toHaveLength(1);

    const second = await run();
    expect(second).toEqual({ ...first, counts: { read: 1, made: 0, refused: 0 } });
  });

  it('compiles a changed module anew rather than running its old code', { timeout: 60_000 }, async () => {
    await run();
    writeAnswer(43);
    const changed = await run();
    expect(changed.answer).toBe(43);
    expect(changed.stack).toMatch(/answer\.cjs:4/);
    if (nodeKeepsTheCache) return;
    expect(changed.counts).toEqual({ read: 0, made: 1, refused: 0 });
    expect((await run()).counts).toEqual({ read: 1, made: 0, refused: 0 });
  });

  it('makes a cache that V8 refuses again, and the module still runs', { timeout: 60_000 }, async () => {
    if (nodeKeepsTheCache) return;
    writeAnswer(44);
    await run();
    expect(readdirSync(cacheDir).length).toBeGreaterThan(0);
    for (const file of readdirSync(cacheDir)) writeFileSync(join(cacheDir, file), Buffer.from('not a code cache'));
    const refused = await run();
    expect(refused.answer).toBe(44);
    expect(refused.counts).toEqual({ read: 0, made: 1, refused: 1 });
    expect((await run()).counts).toEqual({ read: 1, made: 0, refused: 0 });
  });

  it('removes the caches no start used for a week, and keeps those in use', { timeout: 60_000 }, async () => {
    if (nodeKeepsTheCache) return;
    rmSync(cacheDir, { recursive: true, force: true });
    writeAnswer(45);
    await run();
    const [inUse, ...others] = readdirSync(cacheDir);
    expect(others).toEqual([]);
    const day = 24 * 60 * 60 * 1000;
    const left = join(cacheDir, '0-0-10');
    writeFileSync(left, Buffer.from('left by an older build'));
    utimesSync(left, new Date(Date.now() - 8 * day), new Date(Date.now() - 8 * day));
    const recent = join(cacheDir, '0-0-11');
    writeFileSync(recent, Buffer.from('made by a start of another role'));
    utimesSync(recent, new Date(Date.now() - 2 * day), new Date(Date.now() - 2 * day));
    utimesSync(join(cacheDir, inUse!), new Date(Date.now() - 8 * day), new Date(Date.now() - 8 * day));

    expect((await run()).counts).toEqual({ read: 1, made: 0, refused: 0 });
    const files = readdirSync(cacheDir);
    expect(files).not.toContain('0-0-10');
    expect(files).toContain('0-0-11');
    expect(files).toContain(inUse);
    // Its time is renewed: it is not the next to go.
    expect(statSync(join(cacheDir, inUse!)).mtimeMs).toBeGreaterThan(Date.now() - 60_000);
  });
});
