/**
 * Lighthouse mobile (its default: a mid-range phone, simulated slow 4G) in Debian's Chromium
 * against a real shop process: `/`, `/bestelprocedure`, `/bestellen/` and `/account` logged in as
 * the demo customer. Three runs per page; the report gives the median score of each category.
 * Budget: performance 95 or more on every page.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { desktop } from '../e2e/support/browser.ts';
import { demoCustomerCookie, startShopInBrowser } from './browser/shop-in-browser.ts';
import { median, table, verdict, type BenchmarkOutcome } from './support.ts';

const RUNS = 3;
const PERFORMANCE_GOAL = 95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

const PAGES: Array<{ path: string; loggedIn: boolean }> = [
  { path: '/', loggedIn: false },
  { path: '/bestelprocedure', loggedIn: false },
  { path: '/bestellen/', loggedIn: false },
  { path: '/account', loggedIn: true },
];

export interface LighthouseFigures {
  path: string;
  loggedIn: boolean;
  /** Median score (0..100) per category over the runs, and every run's scores. */
  median: Record<Category, number>;
  runs: Array<Record<Category, number> & { lcpMs: number }>;
  medianLcpMs: number;
  performanceMet: boolean;
}

async function auditOnce(url: string, port: number, cookie: string | null) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
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
    const cookie = await demoCustomerCookie(context, running.shop.url);
    await context.close();
    const figures: LighthouseFigures[] = [];
    for (const target of PAGES) {
      const runs: LighthouseFigures['runs'] = [];
      for (let run = 0; run < RUNS; run++) {
        // Lighthouse itself asks for a new run when its trace recording fails (NO_NAVSTART and the like).
        let lhr: Awaited<ReturnType<typeof auditOnce>> | undefined;
        for (let attempt = 1; attempt <= 3 && !lhr; attempt++) {
          const audited = await auditOnce(`${running.shop.url}${target.path}`, chrome.port, target.loggedIn ? cookie : null);
          if (!audited.runtimeError) lhr = audited;
          else if (attempt === 3) throw new Error(`lighthouse on ${target.path}, three times: ${audited.runtimeError.message}`);
        }
        if (!lhr) throw new Error(`lighthouse gave no result for ${target.path}`);
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
      figures.push({
        path: target.path,
        loggedIn: target.loggedIn,
        median: medianScores,
        runs,
        medianLcpMs: median(runs.map((r) => r.lcpMs)),
        performanceMet: medianScores.performance >= PERFORMANCE_GOAL,
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
      ...figures.map((f) => `${f.path}: performance ${f.median.performance}: ${verdict(f.median.performance, PERFORMANCE_GOAL, 'at least')}`),
    ];
    return { lines, summary: figures, failures: [] };
  } finally {
    chrome.kill();
    await running.close();
  }
}
