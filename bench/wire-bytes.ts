/**
 * The JavaScript a browser really downloads before a page is usable: Chromium (Playwright) loads
 * the page from a real shop process and sums the encoded body sizes of the script answers, the
 * bytes on the wire after compression (`Content-Encoding` as the server chose it), not a size
 * computed offline. 'Usable' is: the page's main control is visible and enabled. Scripts fetched
 * later (lazy chunks, idle prefetches) are reported apart.
 */
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { desktop } from '../e2e/support/browser.ts';
import { logInOnAccountPage } from '../e2e/pages/account-hosting-pages.ts';
import { DEMO_PASSWORD } from '../packages/server/src/features/accounts/demo-accounts.ts';
import { DEMO_CUSTOMER, startShopInBrowser } from './browser/shop-in-browser.ts';
import { kb, table, verdict, type BenchmarkOutcome } from './support.ts';

const DEMO_RESELLER = 'reseller@demo.kavel.nl';
const GOAL_BYTES = 120 * 1024;

interface PageGoal {
  path: string;
  /** The control whose readiness makes the page usable. */
  ready: (page: Page) => Promise<void>;
  goalBytes: number;
  /** The demo account logged in first (its cookies in an otherwise empty context), or none. */
  as?: string;
  /** A page rendered on the server that must load no script at all. */
  scriptFree?: boolean;
}

const visible = (page: Page, selector: string) => page.locator(selector).first().waitFor({ state: 'visible' });
const textbox = (page: Page) => page.getByRole('textbox').first().waitFor({ state: 'visible' });
const productCard = (page: Page) => visible(page, '[data-testid="product-card"] button');

/** Every first screen a visitor can land on (DESIGN.md: at most 120 KB each; `/` and the extension pages without a script). */
const GOALS: PageGoal[] = [
  { path: '/', ready: textbox, goalBytes: GOAL_BYTES, scriptFree: true },
  { path: '/domeinnaam/domeinextensie/nl-domeinnaam-registreren', ready: textbox, goalBytes: GOAL_BYTES, scriptFree: true },
  { path: '/bestelprocedure', ready: textbox, goalBytes: GOAL_BYTES },
  { path: '/bestelprocedure-reseller', ready: textbox, goalBytes: GOAL_BYTES, as: DEMO_RESELLER },
  { path: '/bestellen/', ready: (page) => visible(page, 'main'), goalBytes: GOAL_BYTES },
  { path: '/account', ready: (page) => visible(page, '.account-overview'), goalBytes: GOAL_BYTES, as: DEMO_CUSTOMER },
  { path: '/domeinnaam', ready: textbox, goalBytes: GOAL_BYTES },
  { path: '/webhosting', ready: productCard, goalBytes: GOAL_BYTES },
  { path: '/website/ssl-certificaat', ready: productCard, goalBytes: GOAL_BYTES },
  { path: '/hosting/vps', ready: productCard, goalBytes: GOAL_BYTES },
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
  /** Within the goal, and without any script where the page must have none. */
  met: boolean;
  /** The page must load no script (rendered on the server). */
  mustBeScriptFree: boolean;
  as: string | null;
}

/** The cookies of `email` logged in through the account page, in a context of their own (so the measured one starts empty). */
async function loginCookies(browser: Browser, baseUrl: string, email: string): ReturnType<BrowserContext['cookies']> {
  const context = await browser.newContext(desktop);
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/account`);
    await logInOnAccountPage(page, email, DEMO_PASSWORD);
    return await context.cookies(baseUrl);
  } finally {
    await context.close();
  }
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
    met: jsWireBytesBeforeUsable <= goal.goalBytes && !(goal.scriptFree && beforeUsable.length + afterUsable.length > 0),
    mustBeScriptFree: goal.scriptFree ?? false,
    as: goal.as ?? null,
  };
}

export async function runWireBytesBenchmark(): Promise<BenchmarkOutcome<WireBytesFigures[]>> {
  const running = await startShopInBrowser();
  try {
    const figures: WireBytesFigures[] = [];
    const cookies = new Map<string, Awaited<ReturnType<typeof loginCookies>>>();
    for (const goal of GOALS) {
      if (goal.as && !cookies.has(goal.as)) cookies.set(goal.as, await loginCookies(running.browser, running.shop.url, goal.as));
      // A new context per page: an empty cache, as a first visit has.
      const context = await running.browser.newContext(desktop);
      if (goal.as) await context.addCookies(cookies.get(goal.as)!);
      figures.push(await measurePage(running.shop.url, goal, () => context.newPage()));
      await context.close();
    }
    const lines = [
      'Chromium loads each page from a real shop process with an empty cache; bytes are the encoded script bodies it received.',
      '',
      ...table(
        ['page', 'scripts', 'JavaScript before usable (brotli as served)', 'later'],
        figures.map((f) => [
          `${f.path}${f.as ? ` (logged in as ${f.as})` : ''}`,
          f.beforeUsable.length,
          f.mustBeScriptFree
            ? f.met
              ? 'none: script-free, met'
              : `${kb(f.jsWireBytesBeforeUsable + f.jsWireBytesAfterUsable)}: MISS, must load no script`
            : `${kb(f.jsWireBytesBeforeUsable)}: ${verdict(Math.round((f.jsWireBytesBeforeUsable / 1024) * 10) / 10, f.goalBytes / 1024, 'at most', ' KB')}`,
          `${f.afterUsable.length} scripts, ${kb(f.jsWireBytesAfterUsable)}; CSS ${kb(f.cssWireBytes)}`,
        ]),
      ),
      '',
      ...figures.flatMap((f) =>
        f.beforeUsable.length === 0
          ? []
          : [
              `${f.path}:`,
              ...table(
                ['script', 'encoding', 'on the wire', 'decoded'],
                f.beforeUsable.map((a) => [a.url, a.encoding, kb(a.wireBytes), kb(a.decodedBytes)]),
              ),
              '',
            ],
      ),
    ];
    const failures = figures.flatMap((f) => (!f.mustBeScriptFree && f.beforeUsable.length === 0 ? [`${f.path}: no script answers recorded`] : []));
    return { lines, summary: figures, failures };
  } finally {
    await running.close();
  }
}
