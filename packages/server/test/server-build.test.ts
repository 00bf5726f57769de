import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../src/paths.ts';

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
});
