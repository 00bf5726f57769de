import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chunkPreloads, staticImportsOf } from './route-preloads.ts';

describe("a page route's chunk preloads", () => {
  let dist: string;
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  const build = (files: Record<string, string>) => {
    dist = mkdtempSync(join(tmpdir(), 'kavel-dist-'));
    mkdirSync(join(dist, 'assets'));
    for (const [name, code] of Object.entries(files)) writeFileSync(join(dist, 'assets', name), code);
  };

  it('names the chunk and what it imports statically, not what the shell names or what it imports lazily', () => {
    build({
      'index-a1.js': 'import "./react-b2.js";',
      'react-b2.js': '',
      'order-page-c3.js': 'import { x } from "./react-b2.js"; import "./texts-d4.js"; const later = () => import("./step2-e5.js");',
      'texts-d4.js': 'import { y } from "./zod-f6.js";',
      'zod-f6.js': '',
      'step2-e5.js': '',
    });
    const shell = '<script type="module" src="/assets/index-a1.js"></script><link rel="modulepreload" href="/assets/react-b2.js">';
    expect(chunkPreloads(dist, shell, 'order-page-')).toBe(
      ['order-page-c3.js', 'texts-d4.js', 'zod-f6.js'].map((name) => `<link rel="modulepreload" crossorigin href="/assets/${name}">`).join('\n    '),
    );
  });

  it('is empty without such a chunk', () => {
    build({ 'index-a1.js': '' });
    expect(chunkPreloads(dist, '', 'order-page-')).toBe('');
  });

  it('reads static imports only', () => {
    expect(staticImportsOf('import a from "./a.js";import"./b.js";import("./c.js")')).toEqual(['a.js', 'b.js']);
  });
});
