/**
 * The JavaScript a browser really downloads before a page is usable: Chromium (Playwright) loads
 * the page from a real shop process and sums the encoded body sizes of the script answers, the
 * bytes on the wire after compression (`Content-Encoding` as the server chose it), not a size
 * computed offline. 'Usable' is: the page's main control is visible and enabled. Scripts fetched
 * later (lazy chunks, idle prefetches) are reported apart.
 */
import type { Page, Request } from 'playwright-core';
import { desktop } from '../e2e/support/browser.ts';
import { startShopInBrowser } from './browser/shop-in-browser.ts';
import { kb, table, verdict, type BenchmarkOutcome } from './support.ts';

interface PageGoal {
  path: string;
  /** The control whose readiness makes the page usable. */
  ready: (page: Page) => Promise<void>;
  goalBytes: number;
}

const GOALS: PageGoal[] = [
  { path: '/bestelprocedure', ready: (page) => page.getByRole('textbox').first().waitFor({ state: 'visible' }), goalBytes: 120 * 1024 },
  { path: '/bestellen/', ready: (page) => page.locator('main').first().waitFor({ state: 'visible' }), goalBytes: 100 * 1024 },
];

interface ScriptAnswer {
  url: string;
  encoding: string;
  wireBytes: number;
  decodedBytes: number;
}

export interface WireBytesFigures {
  path: string;
  beforeUsable: ScriptAnswer[];
  afterUsable: ScriptAnswer[];
  jsWireBytesBeforeUsable: number;
  jsWireBytesAfterUsable: number;
  cssWireBytes: number;
  goalBytes: number;
  met: boolean;
}

async function answerOf(request: Request): Promise<(ScriptAnswer & { type: string }) | null> {
  const response = await request.response();
  if (!response) return null;
  const sizes = await request.sizes();
  const body = await response.body().catch(() => Buffer.alloc(0));
  return {
    url: new URL(request.url()).pathname,
    type: request.resourceType(),
    encoding: (await response.headerValue('content-encoding')) ?? 'identity',
    wireBytes: sizes.responseBodySize,
    decodedBytes: body.length,
  };
}

async function measurePage(baseUrl: string, goal: PageGoal, newPage: () => Promise<Page>): Promise<WireBytesFigures> {
  const page = await newPage();
  const finished: Array<Promise<(ScriptAnswer & { type: string }) | null>> = [];
  let usable = false;
  const before: typeof finished = [];
  const after: typeof finished = [];
  page.on('requestfinished', (request) => {
    const answer = answerOf(request);
    finished.push(answer);
    (usable ? after : before).push(answer);
  });
  await page.goto(`${baseUrl}${goal.path}`, { waitUntil: 'domcontentloaded' });
  await goal.ready(page);
  await page.waitForLoadState('load');
  usable = true;
  await page.waitForLoadState('networkidle');
  const scripts = (answers: Array<(ScriptAnswer & { type: string }) | null>) =>
    answers.filter((a): a is ScriptAnswer & { type: string } => a?.type === 'script').map(({ type: _type, ...answer }) => answer);
  const beforeUsable = scripts(await Promise.all(before));
  const afterUsable = scripts(await Promise.all(after));
  const cssWireBytes = (await Promise.all(finished)).filter((a) => a?.type === 'stylesheet').reduce((sum, a) => sum + (a?.wireBytes ?? 0), 0);
  await page.close();
  const jsWireBytesBeforeUsable = beforeUsable.reduce((sum, a) => sum + a.wireBytes, 0);
  return {
    path: goal.path,
    beforeUsable,
    afterUsable,
    jsWireBytesBeforeUsable,
    jsWireBytesAfterUsable: afterUsable.reduce((sum, a) => sum + a.wireBytes, 0),
    cssWireBytes,
    goalBytes: goal.goalBytes,
    met: jsWireBytesBeforeUsable <= goal.goalBytes,
  };
}

export async function runWireBytesBenchmark(): Promise<BenchmarkOutcome<WireBytesFigures[]>> {
  const running = await startShopInBrowser();
  try {
    const figures: WireBytesFigures[] = [];
    for (const goal of GOALS) {
      // A new context per page: an empty cache, as a first visit has.
      const context = await running.browser.newContext(desktop);
      figures.push(await measurePage(running.shop.url, goal, () => context.newPage()));
      await context.close();
    }
    const lines = [
      'Chromium loads each page from a real shop process with an empty cache; bytes are the encoded script bodies it received.',
      '',
      ...figures.flatMap((f) => [
        `${f.path}: JavaScript before the page is usable ${kb(f.jsWireBytesBeforeUsable)}: ${verdict(Math.round((f.jsWireBytesBeforeUsable / 1024) * 10) / 10, f.goalBytes / 1024, 'at most', ' KB')}`,
        ...table(
          ['script', 'encoding', 'on the wire', 'decoded'],
          f.beforeUsable.map((a) => [a.url, a.encoding, kb(a.wireBytes), kb(a.decodedBytes)]),
        ),
        `  later (lazy or prefetched when idle): ${f.afterUsable.length} scripts, ${kb(f.jsWireBytesAfterUsable)}; CSS ${kb(f.cssWireBytes)}`,
        '',
      ]),
    ];
    const failures = figures.flatMap((f) => (f.beforeUsable.length === 0 ? [`${f.path}: no script answers recorded`] : []));
    return { lines, summary: figures, failures };
  } finally {
    await running.close();
  }
}
