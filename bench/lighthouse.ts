/**
 * Lighthouse mobile (its default: a mid-range phone, simulated slow 4G) in Debian's Chromium
 * against a real shop process: `/`, `/bestelprocedure`, `/bestellen/`, `/account` logged in as
 * the demo customer, and `/domeinnaam`. Three runs per page; the report gives the median score of
 * each category, and where the time goes (the metrics, the LCP element, render-blocking requests
 * and the diagnostics Lighthouse flags) from the run with the median performance.
 * Budget: every category's median 95 or more on every page.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type Cookie } from 'playwright-core';
import { desktop } from '../e2e/support/browser.ts';
import { demoCustomerCookies, startShopInBrowser } from './browser/shop-in-browser.ts';
import { median, table, verdict, type BenchmarkOutcome } from './support.ts';

const RUNS = 3;
const GOAL = 95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

const PAGES: Array<{ path: string; loggedIn: boolean }> = [
  { path: '/', loggedIn: false },
  { path: '/bestelprocedure', loggedIn: false },
  { path: '/bestellen/', loggedIn: false },
  { path: '/account', loggedIn: true },
  { path: '/domeinnaam', loggedIn: false },
];

/** The metrics behind the performance score, in the order Lighthouse weighs them. */
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;
/** Diagnostics that say where the time went; each listed when it did not pass. */
const DIAGNOSTICS = ['render-blocking-resources', 'server-response-time', 'unused-javascript', 'unused-css-rules', 'bootup-time', 'mainthread-work-breakdown', 'network-dependency-tree-insight', 'render-blocking-insight', 'lcp-breakdown-insight', 'document-latency-insight', 'font-display-insight'] as const;

export interface LighthouseFigures {
  path: string;
  loggedIn: boolean;
  /** Median score (0..100) per category over the runs, and every run's scores. */
  median: Record<Category, number>;
  runs: Array<Record<Category, number> & { lcpMs: number }>;
  medianLcpMs: number;
  /** Every category's median at least the goal. */
  met: boolean;
  /** From the run with the median performance: the metrics, the LCP element and the flagged diagnostics. */
  whereTheTimeGoes: string[];
}

type Report = Awaited<ReturnType<typeof auditOnce>>;

/** The metrics as Lighthouse shows them, the LCP element, and each diagnostic that did not pass with its summary. */
function whereTheTimeGoes(lhr: Report): string[] {
  const audits = lhr.audits;
  const metrics = METRICS.map((id) => `${audits[id]?.title ?? id} ${audits[id]?.displayValue ?? '?'}`).join(', ');
  const lcpDetails = audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string; nodeLabel?: string } }> }> } | undefined;
  const lcpNode = lcpDetails?.items?.[0]?.items?.[0]?.node;
  const lines = [metrics, `LCP element: ${lcpNode ? `${lcpNode.snippet ?? ''} ("${(lcpNode.nodeLabel ?? '').slice(0, 60)}")` : 'none reported'}`];
  for (const id of DIAGNOSTICS) {
    const audit = audits[id];
    if (!audit || audit.score === null || audit.score >= 0.9) continue;
    const items = (audit.details as { items?: Array<{ url?: string; wastedMs?: number }> } | undefined)?.items ?? [];
    const urls = items
      .filter((item) => typeof item.url === 'string')
      .slice(0, 4)
      .map((item) => `${new URL(item.url!).pathname}${item.wastedMs ? ` ${Math.round(item.wastedMs)} ms` : ''}`);
    lines.push(`${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ''}${urls.length ? ` (${urls.join(', ')})` : ''}`);
  }
  return lines;
}

/**
 * Puts the logged-in customer's cookies in the audited Chromium's own cookie jar, after emptying
 * its cache and the origin's storage as Lighthouse's own reset does. A `Cookie` header passed to
 * Lighthouse is not enough: once the page's answers set a cookie, the jar's cookies replace the
 * header on the page's own calls, and the account page showed its login form.
 */
async function prepareLoggedIn(port: number, origin: string, cookies: Cookie[]): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await context.clearCookies();
    await context.addCookies(cookies);
    await cdp.detach();
  } finally {
    // Only the connection is closed: the browser is Lighthouse's.
    await browser.close();
  }
}

async function auditOnce(url: string, port: number, cookies: Cookie[] | null) {
  if (cookies) await prepareLoggedIn(port, new URL(url).origin, cookies);
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    // The logged-in run keeps the jar it was given (its cache and storage were emptied above).
    ...(cookies ? { disableStorageReset: true } : {}),
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  return result.lhr;
}

export async function runLighthouseBenchmark(): Promise<BenchmarkOutcome<LighthouseFigures[]>> {
  const running = await startShopInBrowser();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const context = await running.browser.newContext(desktop);
    const cookies = await demoCustomerCookies(context, running.shop.url);
    await context.close();
    const figures: LighthouseFigures[] = [];
    for (const target of PAGES) {
      const runs: LighthouseFigures['runs'] = [];
      const reports: Report[] = [];
      for (let run = 0; run < RUNS; run++) {
        // Lighthouse itself asks for a new run when its trace recording fails (NO_NAVSTART and the like).
        let lhr: Awaited<ReturnType<typeof auditOnce>> | undefined;
        for (let attempt = 1; attempt <= 3 && !lhr; attempt++) {
          const audited = await auditOnce(`${running.shop.url}${target.path}`, chrome.port, target.loggedIn ? cookies : null);
          if (!audited.runtimeError) lhr = audited;
          else if (attempt === 3) throw new Error(`lighthouse on ${target.path}, three times: ${audited.runtimeError.message}`);
        }
        if (!lhr) throw new Error(`lighthouse gave no result for ${target.path}`);
        reports.push(lhr);
        const score = (category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
        runs.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best-practices': score('best-practices'),
          seo: score('seo'),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
        });
      }
      const medianOf = (category: Category) => median(runs.map((r) => r[category]));
      const medianScores = Object.fromEntries(CATEGORIES.map((category) => [category, medianOf(category)])) as Record<Category, number>;
      // The run whose performance is the median (three runs: the middle one by score).
      const middle = runs.map((r, index) => ({ score: r.performance, index })).sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)]!.index;
      figures.push({
        path: target.path,
        loggedIn: target.loggedIn,
        median: medianScores,
        runs,
        medianLcpMs: median(runs.map((r) => r.lcpMs)),
        met: CATEGORIES.every((category) => medianScores[category] >= GOAL),
        whereTheTimeGoes: whereTheTimeGoes(reports[middle]!),
      });
    }
    const lines = [
      `Lighthouse ${RUNS} runs per page, mobile (default settings), Debian's Chromium; medians, with every run's performance score.`,
      '',
      ...table(
        ['page', 'performance', 'runs', 'accessibility', 'best practices', 'SEO', 'LCP (median)'],
        figures.map((f) => [
          `${f.path}${f.loggedIn ? ' (logged in)' : ''}`,
          f.median.performance,
          f.runs.map((r) => r.performance).join(' / '),
          f.median.accessibility,
          f.median['best-practices'],
          f.median.seo,
          `${f.medianLcpMs} ms`,
        ]),
      ),
      '',
      ...figures.flatMap((f) => CATEGORIES.map((category) => `${f.path}: ${category} ${f.median[category]}: ${verdict(f.median[category], GOAL, 'at least')}`)),
      '',
      'Where the time goes (the run with the median performance):',
      ...figures.flatMap((f) => [`${f.path}${f.loggedIn ? ' (logged in)' : ''}:`, ...f.whereTheTimeGoes.map((line) => `  ${line}`)]),
    ];
    return { lines, summary: figures, failures: [] };
  } finally {
    chrome.kill();
    await running.close();
  }
}
