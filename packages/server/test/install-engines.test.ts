import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../src/paths.ts';

const ROOT = join(SERVER_ROOT, '..', '..');
const folder = mkdtempSync(join(tmpdir(), 'kavel-install-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('npm ci', () => {
  it('installs every package on the Node the shop declares, without an engine warning', { timeout: 120_000 }, async () => {
    // The manifests and the lock in a folder of their own: npm plans the whole install from the
    // lock (dry run, nothing fetched), and checks every package's engines as `npm ci` does.
    const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
    for (const file of ['package.json', 'package-lock.json', ...root.workspaces.map((w) => join(w, 'package.json'))]) {
      mkdirSync(dirname(join(folder, file)), { recursive: true });
      copyFileSync(join(ROOT, file), join(folder, file));
    }
    const { stdout, stderr } = await promisify(execFile)(
      'npm', ['ci', '--dry-run', '--ignore-scripts', '--offline', '--no-audit', '--no-fund'],
      { cwd: folder, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    expect(stdout).toMatch(/added \d+ packages/);
    expect(stderr).not.toContain('EBADENGINE');
  });
});
