import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../src/paths.ts';
import { freePort, startShopProcess } from './support/shop-process.ts';

const dist = join(SERVER_ROOT, 'dist');
const listPath = join(dist, 'build-files.json');
const build = () => promisify(execFile)(process.execPath, [join(SERVER_ROOT, 'build.mjs')], { cwd: SERVER_ROOT });
const list = () => JSON.parse(readFileSync(listPath, 'utf8')) as { current: string[]; previous: string[] };

describe('npm run build:server', () => {
  it('keeps the files of this build and the one before, and removes older builds\' chunks', { timeout: 60_000 }, async () => {
    // Twice: the build before is then this one, whatever was built before the test.
    await build();
    await build();
    const built = list().current;
    expect(built).toContain('main.js');
    expect(built).toContain('migrate.js');

    // A chunk of the build before this one (a process started from it may still import it), and an older one.
    const before = 'chunk-BUILDBEFORE.js';
    const older = 'chunk-OLDERBUILD.js';
    writeFileSync(join(dist, before), 'export {};\n');
    writeFileSync(join(dist, older), 'export {};\n');
    writeFileSync(listPath, JSON.stringify({ current: [...built, before], previous: [] }));

    const { stdout } = await build();
    expect(stdout).toContain('removed 1 file of older builds');
    expect(existsSync(join(dist, older))).toBe(false);
    expect(existsSync(join(dist, before))).toBe(true);
    for (const name of built) expect(existsSync(join(dist, name))).toBe(true);

    await build();
    expect(existsSync(join(dist, before))).toBe(false);
    for (const name of built) expect(existsSync(join(dist, name))).toBe(true);
  });

  it('starts the shop with node alone, and its next start reads the code it compiled from the cache', { timeout: 120_000 }, async () => {
    await build();
    expect(JSON.parse(readFileSync(join(dist, 'package.json'), 'utf8'))).toEqual({ type: 'commonjs' });
    const cacheDir = join(dist, '.code-cache');
    rmSync(cacheDir, { recursive: true, force: true });
    // Each cache file with its time and size (Node 22.1 and later keep theirs in a folder per Node version and V8 flags).
    const caches = () =>
      new Map(
        existsSync(cacheDir)
          ? readdirSync(cacheDir, { recursive: true, encoding: 'utf8' })
              .map((name) => [name, statSync(join(cacheDir, name))] as const)
              .filter(([, stat]) => stat.isFile())
              .map(([name, stat]) => [name, { at: stat.mtimeMs, size: stat.size }])
          : [],
      );
    // The embedded database, as `npm start` uses by default: its V8 flag is set before any code is cached.
    const outbox = mkdtempSync(join(tmpdir(), 'kavel-outbox-'));
    const env = { DATA_DIR: ':memory:', LOG_LEVEL: 'warn', FORWARDER_PORT: '0', OUTBOX_DIR: outbox };
    const startAndWrite = async () => {
      const shop = startShopProcess('compiled shop', env, await freePort(), 'compiled');
      try {
        await shop.ready(60_000);
        // A search, through the database, the registry and the event stream (the unit suite runs before the front end's build).
        const search = await fetch(`${shop.url}/api/check-domain-extensions?domain=compiledshop&extensions[]=nl`);
        expect(search.status).toBe(200);
        expect(await search.text()).toContain('"domain":"compiledshop.nl"');
        // The caches are written a few seconds after the start.
        await new Promise((resolve) => setTimeout(resolve, 7_000));
      } finally {
        await shop.stop();
      }
    };
    try {
      await startAndWrite();
      const written = caches();
      // The shop's bundle and the packages it loads as CommonJS.
      expect(written.size).toBeGreaterThan(100);

      // The largest cache, the shop bundle's, taken away: the next start must make it again, which
      // shows that start wrote its caches.
      const [removed] = [...written].sort(([, a], [, b]) => b.size - a.size)[0]!;
      rmSync(join(cacheDir, removed));

      await startAndWrite();
      const after = caches();
      expect(after.has(removed)).toBe(true);
      // No other cache was refused and made again: each one the first start wrote is the same file.
      // (A module the first start loaded only after its caches were written, on a busy machine, may
      // get its cache now; that is a gain of the next start, not a refusal.)
      for (const [name, { at }] of written) if (name !== removed) expect(after.get(name)?.at, name).toBe(at);
    } finally {
      rmSync(outbox, { recursive: true, force: true });
    }
  });
});
