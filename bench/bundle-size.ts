/**
 * Front-end weight: the JavaScript and CSS that `packages/web/dist/index.html` loads up front,
 * raw, gzipped (level 9) and brotli-compressed (quality 11, as the build's pre-compressed files).
 * Budget (shared/DESIGN.md): JavaScript on the wire before the order page is usable at most
 * 120 KB, judged on the brotli bytes. Computed offline from the built files, not yet recorded
 * from a browser.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { measureRoute, ROUTE_GOALS, routeLines, type RouteChunks } from './route-chunks.ts';
import { kb, round, table, type BenchmarkOutcome } from './support.ts';

const DIST = fileURLToPath(new URL('../packages/web/dist/', import.meta.url));
const JS_BUDGET_BROTLI_BYTES = 120 * 1024;

export interface AssetSize {
  file: string;
  kind: 'js' | 'css';
  how: 'script' | 'modulepreload' | 'stylesheet';
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export interface BundleSummary {
  skipped: string | null;
  initial: AssetSize[];
  totalJsGzipBytes: number;
  totalJsBrotliBytes: number;
  totalCssGzipBytes: number;
  totalCssBrotliBytes: number;
  jsBudgetBrotliBytes: number;
  /** Whether the initial JavaScript, brotli-compressed, is within the budget. */
  withinBudget: boolean | null;
  /** JavaScript in dist that the page does not load up front (lazy chunks). */
  lazyJs: Array<{ file: string; gzipBytes: number; brotliBytes: number }>;
  /** Each of the app's first screens: the order page, the reseller's, the order app, the account area, the product pages. */
  routes: Array<RouteChunks | { path: string; problem: string }>;
}

/** Value of attribute `name` in one HTML tag, or null. */
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1] ?? null;

/** Every script src, modulepreload and stylesheet link of the page, in document order. */
export function initialAssets(html: string): Array<{ url: string; how: AssetSize['how'] }> {
  const found: Array<{ url: string; how: AssetSize['how'] }> = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    if (/^<script/i.test(tag)) {
      const src = attribute(tag, 'src');
      if (src) found.push({ url: src, how: 'script' });
      continue;
    }
    const rel = attribute(tag, 'rel')?.toLowerCase().split(/\s+/) ?? [];
    const href = attribute(tag, 'href');
    if (!href) continue;
    if (rel.includes('modulepreload')) found.push({ url: href, how: 'modulepreload' });
    else if (rel.includes('stylesheet')) found.push({ url: href, how: 'stylesheet' });
  }
  return found;
}

const gzipSize = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
const brotliSize = (bytes: Buffer) =>
  brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length;

/** Maps a URL of the page (`/assets/x.js`) to its file in dist; null for other origins. */
function fileOf(url: string): string | null {
  if (/^[a-z]+:\/\//i.test(url) || url.startsWith('//')) return null;
  return join(DIST, url.split(/[?#]/)[0]!.replace(/^\//, ''));
}

function skipped(reason: string): BenchmarkOutcome<BundleSummary> {
  const summary: BundleSummary = {
    skipped: reason,
    initial: [],
    totalJsGzipBytes: 0,
    totalJsBrotliBytes: 0,
    totalCssGzipBytes: 0,
    totalCssBrotliBytes: 0,
    jsBudgetBrotliBytes: JS_BUDGET_BROTLI_BYTES,
    withinBudget: null,
    lazyJs: [],
    routes: [],
  };
  return { lines: [`Skipped: ${reason}`], summary, failures: [] };
}

export async function runBundleSizeBenchmark(): Promise<BenchmarkOutcome<BundleSummary>> {
  const indexHtml = join(DIST, 'index.html');
  if (!existsSync(indexHtml)) return skipped(`${relative(process.cwd(), indexHtml)} is missing (run \`npm run build\` first)`);

  const failures: string[] = [];
  const initial: AssetSize[] = [];
  const seen = new Set<string>();
  for (const { url, how } of initialAssets(readFileSync(indexHtml, 'utf8'))) {
    const file = fileOf(url);
    if (!file || seen.has(file)) continue;
    seen.add(file);
    if (!existsSync(file)) {
      failures.push(`index.html loads ${url}, which is not in dist`);
      continue;
    }
    const bytes = readFileSync(file);
    const kind = how === 'stylesheet' || file.endsWith('.css') ? 'css' : 'js';
    initial.push({ file: relative(DIST, file), kind, how, rawBytes: bytes.length, gzipBytes: gzipSize(bytes), brotliBytes: brotliSize(bytes) });
  }
  if (!initial.some((asset) => asset.kind === 'js')) failures.push('index.html loads no JavaScript');

  const assetsDir = join(DIST, 'assets');
  const lazyJs = (existsSync(assetsDir) ? readdirSync(assetsDir) : [])
    .map((name) => join(assetsDir, name))
    .filter((file) => file.endsWith('.js') && !seen.has(file))
    .map((file) => {
      const bytes = readFileSync(file);
      return { file: relative(DIST, file), gzipBytes: gzipSize(bytes), brotliBytes: brotliSize(bytes) };
    });

  const routes = ROUTE_GOALS.map((goal) => measureRoute(DIST, goal));
  for (const route of routes) if ('problem' in route) failures.push(`${route.path}: ${route.problem}`);

  const sum = (kind: AssetSize['kind'], key: 'rawBytes' | 'gzipBytes' | 'brotliBytes') =>
    initial.filter((asset) => asset.kind === kind).reduce((total, asset) => total + asset[key], 0);
  const totalJsBrotliBytes = sum('js', 'brotliBytes');
  const summary: BundleSummary = {
    skipped: null,
    initial,
    totalJsGzipBytes: sum('js', 'gzipBytes'),
    totalJsBrotliBytes,
    totalCssGzipBytes: sum('css', 'gzipBytes'),
    totalCssBrotliBytes: sum('css', 'brotliBytes'),
    jsBudgetBrotliBytes: JS_BUDGET_BROTLI_BYTES,
    withinBudget: totalJsBrotliBytes <= JS_BUDGET_BROTLI_BYTES,
    lazyJs,
    routes,
  };
  const over = totalJsBrotliBytes - JS_BUDGET_BROTLI_BYTES;
  const lines = [
    'Loaded by packages/web/dist/index.html up front (gzip level 9, brotli quality 11):',
    ...table(
      ['file', 'loaded as', 'raw', 'gzip', 'brotli'],
      [
        ...initial.map((asset) => [asset.file, asset.how, kb(asset.rawBytes), kb(asset.gzipBytes), kb(asset.brotliBytes)]),
        ['total JS', '', kb(sum('js', 'rawBytes')), kb(summary.totalJsGzipBytes), kb(totalJsBrotliBytes)],
        ['total CSS', '', kb(sum('css', 'rawBytes')), kb(summary.totalCssGzipBytes), kb(summary.totalCssBrotliBytes)],
      ],
    ),
    `Budget: initial JS at most ${kb(JS_BUDGET_BROTLI_BYTES)} brotli -> ${kb(totalJsBrotliBytes)} ` +
      `(${round((totalJsBrotliBytes / JS_BUDGET_BROTLI_BYTES) * 100, 0)} % of budget) ` +
      (summary.withinBudget ? 'met' : `MISS by ${kb(over)}`),
    '',
    ...routeLines(routes),
    '',
    ...(lazyJs.length ? [`Loaded later, not counted: ${lazyJs.map((chunk) => `${chunk.file} (${kb(chunk.brotliBytes)} brotli)`).join(', ')}`] : []),
  ];
  return { lines, summary, failures };
}
