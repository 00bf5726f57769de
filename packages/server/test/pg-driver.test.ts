import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../src/paths.ts';

/**
 * `loadPg` in a process of its own, as a server starts: whether the driver loaded, whether Node's
 * `fetch` implementation (undici) came with it, and whether the process's globals are as before.
 */
async function loadInFreshProcess(script: string): Promise<{ client: string; navigatorBefore: boolean; navigatorAfter: boolean; undici: boolean }> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: SERVER_ROOT, timeout: 30_000 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { client: string; navigatorBefore: boolean; navigatorAfter: boolean; undici: boolean };
}

const report = (load: string) => `
const navigatorBefore = 'navigator' in globalThis;
const pg = ${load};
console.log(JSON.stringify({
  client: typeof pg.Client,
  navigatorBefore,
  navigatorAfter: 'navigator' in globalThis,
  undici: process.moduleLoadList.some((name) => name.includes('undici')),
}));`;

describe('the PostgreSQL driver (loadPg)', () => {
  it("loads pg without Node's fetch implementation and leaves the globals as they were", { timeout: 60_000 }, async () => {
    const driver = pathToFileURL(join(SERVER_ROOT, 'src', 'db', 'pg-driver.ts')).href;
    const loaded = await loadInFreshProcess(report(`await (await import(${JSON.stringify(driver)})).loadPg()`));
    expect(loaded).toEqual({ client: 'function', navigatorBefore: loaded.navigatorBefore, navigatorAfter: loaded.navigatorBefore, undici: false });
    // pg loaded by itself, for comparison: on Node 20 (no navigator of its own) it brings undici along.
    const plain = await loadInFreshProcess(report(`(await import('pg')).default`));
    expect(plain.client).toBe('function');
    if (!plain.navigatorBefore) expect(plain.undici).toBe(true);
  });
});
