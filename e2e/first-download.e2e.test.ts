import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderPage } from './pages/order-page.ts';
import { collectPageErrors, desktop } from './support/browser.ts';
import { entryScripts, lockedPackagesOf, reactDomProductionIn, standInMarksIn, standInsAmong } from './support/react-runtime.ts';
import { type RunningShop } from './support/server.ts';
import { useShopAndBrowser } from './support/shop-and-browser.ts';

let shop: RunningShop;
let browser: Browser;
useShopAndBrowser((running) => ({ shop, browser } = running));

/** The English texts' chunk (`texts-en-<hash>.js`), fetched only for a page in English. */
const ENGLISH_TEXTS = /\/assets\/texts-en-[\w-]+\.js$/;

/** Every `securitypolicyviolation` the page raised, recorded from before its first script. */
async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
}

const metaContent = (page: Page, name: string) => page.locator(`meta[name="${name}"]`).getAttribute('content');

describe('the order page: a first download in one language, under a strict CSP', () => {
  let page: Page;
  let errors: string[];
  const requested: string[] = [];
  beforeAll(async () => {
    const context = await browser.newContext(desktop);
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective}: ${event.blockedURI || event.sample}`));
    });
    page = await context.newPage();
    errors = collectPageErrors(page);
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  });
  afterAll(() => page.context().close());

  it('is usable in Dutch without the English texts, and reports no CSP violation while checking answers', async () => {
    const order = new OrderPage(page);
    await order.open(shop.url);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('nl');
    await expect(page.getByRole('heading', { name: 'Kies je domeinnaam' }).isVisible()).resolves.toBe(true);
    // The answers of a search and of the basket are parsed with zod in the page.
    await order.search('mijnbakkerij');
    await order.settledStatuses();
    await order.toggle('nl');
    await order.waitForStatus('nl', 'added');
    await page.waitForLoadState('networkidle');

    expect(requested.filter((path) => ENGLISH_TEXTS.test(path))).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
    expect(errors.filter((error) => /Content Security Policy|unsafe-eval/i.test(error))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("gives a search engine what it asks of a shop's page: title, description, language, viewport", async () => {
    await expect(page.title()).resolves.toMatch(/\S/);
    await expect(metaContent(page, 'description')).resolves.toMatch(/^Bestel je domeinnaam/);
    await expect(metaContent(page, 'viewport')).resolves.toContain('width=device-width');
    const robots = await page.request.get(`${shop.url}/robots.txt`);
    expect(robots.status()).toBe(200);
    await expect(robots.text()).resolves.toContain('User-agent: *');
  });

  it('switches to English, fetching the English texts only then', async () => {
    const before = requested.length;
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(/lang=en/);
    await page.getByRole('heading', { name: 'Choose your domain name' }).waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    await expect(page.getByTestId('check-button').textContent()).resolves.toBe('Check');
    await expect(metaContent(page, 'description')).resolves.toMatch(/^Order your domain name/);
    // The basket kept over the switch, now in English.
    await expect(page.getByTestId('basket').textContent()).resolves.toContain('Selection');

    expect(requested.slice(before).filter((path) => ENGLISH_TEXTS.test(path))).toHaveLength(1);
    expect(await cspViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe("each page's own chunk comes with the entry, and no other page's", () => {
  const preloadedChunks = async (path: string) => {
    const shell = await (await fetch(`${shop.url}${path}`)).text();
    return [...shell.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([a-z-]+)-[\w-]{8}\.js">/g)].map((match) => match[1]);
  };

  it('names the order page on /bestelprocedure, the order app under /bestellen/, the account area under /account', async () => {
    const order = await preloadedChunks('/bestelprocedure');
    expect(order).toContain('order-page');
    expect(order).not.toContain('order-app');
    const orderApp = await preloadedChunks('/bestellen/samenvatting');
    expect(orderApp).toContain('order-app');
    expect(orderApp).not.toContain('order-page');
    for (const path of ['/account', '/account/facturen', '/account/dns-beheren']) {
      const account = await preloadedChunks(path);
      expect(account).toContain('account-area');
      expect(account).not.toContain('order-page');
    }
    const terms = await preloadedChunks('/algemene-voorwaarden');
    expect(terms.filter((name) => ['order-page', 'order-app', 'account-area'].includes(name!))).toEqual([]);
  });
});

describe('the built front end', () => {
  // The shops of these tests serve WEB_DIST when it is set, else the front end `npm run build` made.
  const dist = process.env.WEB_DIST ?? fileURLToPath(new URL('../packages/web/dist', import.meta.url));

  it("has no script over Vite's 500 kB chunk warning, so the build warns of none", () => {
    const assets = join(dist, 'assets');
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const large = scripts.map((name) => ({ name, bytes: statSync(join(assets, name)).size })).filter(({ bytes }) => bytes > 500 * 1000);
    expect(large).toEqual([]);
  });

  it('runs on React DOM 19 itself, its production build in the entry, and carries no stand-in for React', () => {
    const entry = entryScripts(dist);
    expect(entry.map(({ code }) => reactDomProductionIn(code))).toContainEqual({ reactDom: true, version19: true, production: true });
    expect(standInMarksIn(dist)).toEqual([]);
  });

  it("has no stand-in for React among the web's packages in the lock file, and React and React DOM 19 under their own names", () => {
    const locked = lockedPackagesOf(readFileSync(fileURLToPath(new URL('../package-lock.json', import.meta.url)), 'utf8'), 'packages/web');
    expect(standInsAmong(locked)).toEqual([]);
    for (const name of ['react', 'react-dom']) {
      const found = locked.filter((item) => item.requiredAs === name);
      expect(found.length).toBeGreaterThan(0);
      for (const item of found) expect({ name: item.name, major: item.version.split('.')[0] }).toEqual({ name, major: '19' });
    }
  });
});
