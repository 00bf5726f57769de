/**
 * What a route's first screen downloads, from the built files: the entry script of
 * `dist/index.html`, the chunk the app router fetches for the route (a lazy page such as the order
 * app), and every module they import statically, each file once. Lazy screens inside that chunk
 * (the order app's login, summary, ...) are left out: the first screen does not wait for them.
 * Sizes as the server sends them: brotli quality 11 (what Chromium receives, the goal's measure)
 * and gzip level 9 (a browser without brotli), like the build's pre-compressed files.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { kb, table, verdict } from './support.ts';
import { staticImportsOf } from '../packages/server/src/http/route-preloads.ts';

export interface RouteGoal {
  path: string;
  /** The page chunk the router fetches for this route (by its file name's start), or null for the entry alone. */
  pageChunk: string | null;
  goalBytes: number;
}

export interface RouteChunks {
  path: string;
  files: Array<{ file: string; gzipBytes: number; brotliBytes: number }>;
  gzipBytes: number;
  brotliBytes: number;
  goalBytes: number;
  /** Judged on the brotli bytes: what Chromium receives from the shop (`Accept-Encoding: br`). */
  met: boolean;
  /** The same goal judged on gzip: a browser without brotli. */
  metGzip: boolean;
}

/** The app's first screens (`/` and the extension pages are rendered on the server, without a script: `wire-bytes.ts`). */
export const ROUTE_GOALS: RouteGoal[] = [
  { path: '/bestelprocedure', pageChunk: 'order-page-', goalBytes: 120 * 1024 },
  { path: '/bestelprocedure-reseller', pageChunk: 'reseller-order-page-', goalBytes: 120 * 1024 },
  { path: '/bestellen/', pageChunk: 'order-app-', goalBytes: 120 * 1024 },
  { path: '/account', pageChunk: 'account-area-', goalBytes: 120 * 1024 },
  // The four product pages share one chunk: `/domeinnaam`, `/webhosting`, `/website/ssl-certificaat`, `/hosting/vps`.
  { path: 'the product pages', pageChunk: 'product-pages-', goalBytes: 120 * 1024 },
];

/** The entry script's file name in `assets/`, from index.html. */
function entryOf(dist: string): string | null {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  return /<script\b[^>]*\bsrc=["']\/?assets\/([\w.-]+\.js)["']/i.exec(html)?.[1] ?? null;
}

/** A page chunk: `order-app-<hash>.js`, not `order-app-login-page-<hash>.js`. */
function pageChunkOf(assets: string, prefix: string): string | null {
  const pattern = new RegExp(`^${prefix}[\\w-]{8}\\.js$`);
  return readdirSync(assets).find((name) => pattern.test(name)) ?? null;
}

export function measureRoute(dist: string, goal: RouteGoal): RouteChunks | { path: string; problem: string } {
  const assets = join(dist, 'assets');
  const entry = existsSync(join(dist, 'index.html')) ? entryOf(dist) : null;
  if (!entry) return { path: goal.path, problem: 'index.html names no entry script' };
  const starts = [entry];
  if (goal.pageChunk) {
    const page = pageChunkOf(assets, goal.pageChunk);
    if (!page) return { path: goal.path, problem: `no ${goal.pageChunk}*.js chunk in dist/assets` };
    starts.push(page);
  }
  const seen = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file) || !existsSync(join(assets, file))) continue;
    seen.add(file);
    queue.push(...staticImportsOf(readFileSync(join(assets, file), 'utf8')));
  }
  const files = [...seen].map((file) => {
    const bytes = readFileSync(join(assets, file));
    return {
      file,
      gzipBytes: gzipSync(bytes, { level: 9 }).length,
      brotliBytes: brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length,
    };
  });
  const gzipBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  const brotliBytes = files.reduce((sum, file) => sum + file.brotliBytes, 0);
  return { path: goal.path, files, gzipBytes, brotliBytes, goalBytes: goal.goalBytes, met: brotliBytes <= goal.goalBytes, metGzip: gzipBytes <= goal.goalBytes };
}

/** The lines that print each route's figure next to the other's, then each route's files. */
export function routeLines(results: ReadonlyArray<RouteChunks | { path: string; problem: string }>): string[] {
  const round1 = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  return [
    "First screen's JavaScript per route (entry + the route's page chunk + their static imports):",
    ...table(
      ['route', 'files', 'brotli (as Chromium receives it)', 'gzip (without brotli)'],
      results.map((r) =>
        'problem' in r
          ? [r.path, '', r.problem, '']
          : [r.path, r.files.length, `${kb(r.brotliBytes)}: ${verdict(round1(r.brotliBytes), r.goalBytes / 1024, 'at most', ' KB')}`, `${kb(r.gzipBytes)}: ${verdict(round1(r.gzipBytes), r.goalBytes / 1024, 'at most', ' KB')}`],
      ),
    ),
    ...results.flatMap((r) => ('problem' in r ? [] : [`  ${r.path}: ${[...r.files].sort((a, b) => b.gzipBytes - a.gzipBytes).map((f) => `${f.file} ${kb(f.gzipBytes)}`).join(', ')}`])),
  ];
}
