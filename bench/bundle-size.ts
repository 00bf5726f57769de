/**
 * Front-end weight: the JavaScript and CSS that `packages/web/dist/index.html` loads up front,
 * raw and gzipped (level 9). Budget: initial JavaScript at most 150 KB gzip.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { kb, round, table, type BenchmarkOutcome } from './support.ts';

const DIST = fileURLToPath(new URL('../packages/web/dist/', import.meta.url));
const JS_BUDGET_GZIP_BYTES = 150 * 1024;

export interface AssetSize {
  file: string;
  kind: 'js' | 'css';
  how: 'script' | 'modulepreload' | 'stylesheet';
  rawBytes: number;
  gzipBytes: number;
}

export interface BundleSummary {
  skipped: string | null;
  initial: AssetSize[];
  totalJsGzipBytes: number;
  totalCssGzipBytes: number;
  jsBudgetGzipBytes: number;
  withinBudget: boolean | null;
  /** JavaScript in dist that the page does not load up front (lazy chunks). */
  lazyJs: Array<{ file: string; gzipBytes: number }>;
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
    totalCssGzipBytes: 0,
    jsBudgetGzipBytes: JS_BUDGET_GZIP_BYTES,
    withinBudget: null,
    lazyJs: [],
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
    initial.push({ file: relative(DIST, file), kind, how, rawBytes: bytes.length, gzipBytes: gzipSize(bytes) });
  }
  if (!initial.some((asset) => asset.kind === 'js')) failures.push('index.html loads no JavaScript');

  const assetsDir = join(DIST, 'assets');
  const lazyJs = (existsSync(assetsDir) ? readdirSync(assetsDir) : [])
    .map((name) => join(assetsDir, name))
    .filter((file) => file.endsWith('.js') && !seen.has(file))
    .map((file) => ({ file: relative(DIST, file), gzipBytes: gzipSize(readFileSync(file)) }));

  const sum = (kind: AssetSize['kind'], key: 'rawBytes' | 'gzipBytes') =>
    initial.filter((asset) => asset.kind === kind).reduce((total, asset) => total + asset[key], 0);
  const totalJsGzipBytes = sum('js', 'gzipBytes');
  const summary: BundleSummary = {
    skipped: null,
    initial,
    totalJsGzipBytes,
    totalCssGzipBytes: sum('css', 'gzipBytes'),
    jsBudgetGzipBytes: JS_BUDGET_GZIP_BYTES,
    withinBudget: totalJsGzipBytes <= JS_BUDGET_GZIP_BYTES,
    lazyJs,
  };
  const lines = [
    'Loaded by packages/web/dist/index.html up front (gzip level 9):',
    ...table(
      ['file', 'loaded as', 'raw', 'gzip'],
      [
        ...initial.map((asset) => [asset.file, asset.how, kb(asset.rawBytes), kb(asset.gzipBytes)]),
        ['total JS', '', kb(sum('js', 'rawBytes')), kb(totalJsGzipBytes)],
        ['total CSS', '', kb(sum('css', 'rawBytes')), kb(summary.totalCssGzipBytes)],
      ],
    ),
    `Budget: initial JS at most ${kb(JS_BUDGET_GZIP_BYTES)} gzip -> ${kb(totalJsGzipBytes)} ` +
      `(${round((totalJsGzipBytes / JS_BUDGET_GZIP_BYTES) * 100, 0)} % of budget) ${summary.withinBudget ? 'MET' : 'MISSED'}`,
    ...(lazyJs.length ? [`Loaded later, not counted: ${lazyJs.map((chunk) => `${chunk.file} (${kb(chunk.gzipBytes)} gzip)`).join(', ')}`] : []),
  ];
  return { lines, summary, failures };
}
