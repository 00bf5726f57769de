#!/usr/bin/env node
// Runs the tests of what differs between Node releases on the newest Node 22 and Node 24, next to
// the whole suite on the Node that runs `npm test`: the compiled server's start and its code cache
// (Node 22.1 and later use Node's own), the PostgreSQL driver's loading (those have a `navigator`),
// the event stream, logins, purchases, compression, SMTP, TLS and the core package.
//
// Node's official builds come from the npm registry (`node-<platform>-<arch>`, as the `node`
// package installs them), so no other download address is needed; npm's cache keeps them. When
// one cannot be fetched this fails and says why: it never skips.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const LINES = [22, 24];
const TESTS = [
  'packages/core',
  'packages/server/test/server-build.test.ts',
  'packages/server/test/code-cache.test.ts',
  'packages/server/test/pg-driver.test.ts',
  'packages/server/test/availability-stream.test.ts',
  'packages/server/test/accounts-login.test.ts',
  'packages/server/test/orders-purchase.test.ts',
  'packages/server/test/compression.test.ts',
  'packages/server/test/accounts-smtp.test.ts',
  'packages/server/test/forwarding-https.test.ts',
];
const CACHE = join(ROOT, 'node_modules', '.cache', 'kavel-node');

/** The newest release of `line` from the npm registry, unpacked once: the path of its `node`. */
function nodeOfLine(line) {
  const spec = `node-${process.platform}-${process.arch}@${line}`;
  mkdirSync(CACHE, { recursive: true });
  const download = join(CACHE, 'download');
  rmSync(download, { recursive: true, force: true });
  mkdirSync(download);
  try {
    const [packed] = JSON.parse(execFileSync('npm', ['pack', spec, '--json', '--pack-destination', download], { cwd: download, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
    const folder = join(CACHE, `${packed.name}-${packed.version}`);
    const binary = join(folder, 'package', 'bin', 'node');
    if (!existsSync(binary)) {
      mkdirSync(folder, { recursive: true });
      execFileSync('tar', ['-xzf', join(download, packed.filename), '-C', folder, 'package/bin/node']);
    }
    return binary;
  } catch (error) {
    const reason = error instanceof Error ? (error.stderr?.toString().trim() || error.message) : String(error);
    console.error(`Node ${line} could not be fetched from the npm registry (${spec}):\n${reason}`);
    console.error('The tests on newer Node releases need it: with the registry reachable, run `npm run test:newer-node` again.');
    process.exit(1);
  } finally {
    rmSync(download, { recursive: true, force: true });
  }
}

for (const line of LINES) {
  const node = nodeOfLine(line);
  const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  console.log(`\nThe tests of what differs between Node releases, on Node ${version} (the whole suite runs on ${process.version}):`);
  // First on PATH too, so that processes a test starts by name run the same Node.
  const result = spawnSync(node, [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...TESTS], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PATH: `${dirname(node)}:${process.env.PATH ?? ''}` },
  });
  if (result.status !== 0) {
    console.error(`The tests failed on Node ${version}.`);
    process.exit(result.status ?? 1);
  }
}
