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

  it('names the chunk (not another whose name starts the same), what it imports statically and its style, not what the shell names or what it imports lazily', () => {
    build({
      'index-a1B2c3D4.js': 'import "./react-b2C3d4E5.js";',
      'react-b2C3d4E5.js': '',
      'order-app-c3D4e5F6.js': 'import { x } from "./react-b2C3d4E5.js"; import "./texts-d4E5f6G7.js"; const later = () => import("./order-app-login-page-e5F6g7H8.js");',
      'order-app-c3D4e5F6.css': '',
      'texts-d4E5f6G7.js': 'import { y } from "./zod-f6G7h8I9.js";',
      'zod-f6G7h8I9.js': '',
      'order-app-login-page-e5F6g7H8.js': '',
    });
    const shell = '<script type="module" src="/assets/index-a1B2c3D4.js"></script><link rel="modulepreload" href="/assets/react-b2C3d4E5.js">';
    expect(chunkPreloads(dist, shell, 'order-app')).toBe(
      [
        ...['order-app-c3D4e5F6.js', 'texts-d4E5f6G7.js', 'zod-f6G7h8I9.js'].map((name) => `<link rel="modulepreload" crossorigin href="/assets/${name}">`),
        '<link rel="preload" as="style" crossorigin href="/assets/order-app-c3D4e5F6.css">',
      ].join('\n    '),
    );
  });

  it('is empty without such a chunk', () => {
    build({ 'index-a1B2c3D4.js': '', 'order-app-login-page-e5F6g7H8.js': '' });
    expect(chunkPreloads(dist, '', 'order-app')).toBe('');
  });

  it('reads static imports only', () => {
    expect(staticImportsOf('import a from "./a.js";import"./b.js";import("./c.js")')).toEqual(['a.js', 'b.js']);
  });
});
