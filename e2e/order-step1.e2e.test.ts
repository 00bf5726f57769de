import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OrderPage } from './pages/order-page.ts';
import { collectPageErrors, desktop, mobile, screenshot } from './support/browser.ts';
import { type RunningShop } from './support/server.ts';
import { useShopAndBrowser } from './support/shop-and-browser.ts';

let shop: RunningShop;
let browser: Browser;
useShopAndBrowser((running) => ({ shop, browser } = running));

describe('step 1: search, add, reload, remove, continue', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    context = await browser.newContext(desktop);
    page = await context.newPage();
    errors = collectPageErrors(page);
  });
  afterAll(() => context.close());
  afterEach(() => expect(errors).toEqual([]));

  it('shows ten extensions going from a spinner to a price or a transfer offer', async () => {
    const order = new OrderPage(page);
    await order.open(shop.url);
    await expect(page.title()).resolves.toMatch(/Bestellen|Kavel/);
    await order.search('mijnbakkerij');
    expect(await order.rows.count()).toBe(10);
    expect(await order.rows.evaluateAll((rows) => rows.some((r) => r.getAttribute('data-status') === 'loading'))).toBe(true);
    const statuses = await order.settledStatuses();
    expect(Object.keys(statuses)).toEqual(['nl', 'com', 'eu', 'be', 'de', 'net', 'org', 'online', 'shop', 'amsterdam']);
    expect(Object.values(statuses).every((s) => s === 'ready')).toBe(true);
    await expect(order.row('nl').textContent()).resolves.toMatch(/€\s?1,99/);
    await expect(order.row('nl').textContent()).resolves.toMatch(/€\s?7,99/);
    await expect(page.getByTestId('price-footnote').textContent()).resolves.toContain('21% btw');
    await screenshot(page, 'step1-desktop-results');
  });

  it("shows ten more extensions per 'Show other extensions'", async () => {
    const order = new OrderPage(page);
    await page.getByRole('button', { name: 'Toon andere extensies' }).click();
    expect(await order.rows.count()).toBe(20);
    await page.getByRole('button', { name: 'Toon andere extensies' }).click();
    expect(await order.rows.count()).toBe(30);
    await order.settledStatuses();
  });

  it('adds .nl and .com to the side basket with totals, keeps them over a reload, and removes one', async () => {
    const order = new OrderPage(page);
    await order.toggle('nl');
    await order.waitForStatus('nl', 'added');
    await order.toggle('com');
    await order.waitForStatus('com', 'added');
    await expect.poll(() => order.basketItems.count()).toBe(2);
    await expect(order.basket.textContent()).resolves.toMatch(/Selectie/);
    await expect(order.basket.textContent()).resolves.toMatch(/mijnbakkerij\.nl[\s\S]*mijnbakkerij\.com/);
    // .nl 1,99 + .com 8,99 = 10,98 excl.; 2,31 VAT; 13,29 incl.
    await expect(page.getByTestId('basket-total-excl').textContent()).resolves.toMatch(/10,98/);
    await expect(page.getByTestId('basket-total-incl').textContent()).resolves.toMatch(/13,29/);

    await page.reload();
    await order.input.waitFor();
    await expect.poll(() => order.basketItems.count()).toBe(2);
    await order.search('mijnbakkerij');
    await order.waitForStatus('nl', 'added');
    await order.waitForStatus('com', 'added');

    await order.basketItems.filter({ hasText: 'mijnbakkerij.com' }).getByRole('button').click();
    await expect.poll(() => order.basketItems.count()).toBe(1);
    await expect.poll(() => order.statusOf('com')).not.toBe('added');
  });

  it('continues to step 2: scrolls there and marks it in the step indicator', async () => {
    await page.getByTestId('basket-continue').click();
    await expect.poll(() => page.getByTestId('step-indicator-2').getAttribute('data-current')).toBe('true');
    // Scrolled down to step 2: its top at the top of the window, or as far as the page's height allows.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const rect = document.getElementById('step-2')!.getBoundingClientRect();
          const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
          const atTop = Math.abs(rect.top) < 120;
          return window.scrollY > 0 && rect.top < window.innerHeight && (atTop || window.scrollY >= maxScroll - 2);
        }),
      )
      .toBe(true);
    await screenshot(page, 'step1-desktop-continued');
  });

  it('offers a transfer for a taken name', async () => {
    const order = new OrderPage(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await order.search('google');
    expect((await order.settledStatuses()).nl).toBe('migrate');
    await expect(order.row('nl').textContent()).resolves.toContain('Verhuizen');
  });
});

describe('step 1: a first visit', () => {
  it('keeps both extensions that a first-time visitor adds at once, over a reload', async () => {
    // The session is stored by the visitor's first change: a second change sent before that
    // answer arrives must land in the same session, not start another.
    const context = await browser.newContext(desktop);
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const order = new OrderPage(page);
      await order.open(shop.url);
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('kavel_session');
      await order.search('tweetegelijk');
      await order.settledStatuses();
      // Both clicks in one task: the second add leaves before the first is answered.
      await page.evaluate(() => {
        for (const extension of ['nl', 'com']) document.querySelector<HTMLButtonElement>(`[data-testid="extension-row-${extension}"] button`)!.click();
      });
      await order.waitForStatus('nl', 'added');
      await order.waitForStatus('com', 'added');
      await page.reload();
      await order.input.waitFor();
      await expect.poll(() => order.basketItems.count()).toBe(2);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('step 1: the name input', () => {
  let context: BrowserContext;
  let order: OrderPage;
  beforeAll(async () => {
    context = await browser.newContext(desktop);
    order = new OrderPage(await context.newPage());
    await order.open(shop.url);
  });
  afterAll(() => context.close());

  it('cleans the input after 500 ms of inactivity', async () => {
    await order.input.fill('https://www.Mijn Bakkerij,nl');
    await expect.poll(() => order.input.inputValue(), { timeout: 2000 }).toBe('mijnbakkerij.nl');
    await order.input.fill('--mijn--bakker');
    await expect.poll(() => order.input.inputValue(), { timeout: 2000 }).toBe('mijn-bakker');
  });

  it('keeps the host of a pasted address, and a slash in a bare name does not cut it', async () => {
    await order.input.fill('https://bakkerij.nl/pad');
    await expect.poll(() => order.input.inputValue(), { timeout: 2000 }).toBe('bakkerij.nl');
    await order.input.fill('bakkerij/pad');
    await expect.poll(() => order.input.inputValue(), { timeout: 2000 }).toBe('bakkerijpad');
  });

  it('judges a name ending in a hyphen as the server does: Check is disabled', async () => {
    await order.input.fill('abc-');
    await expect.poll(() => order.check.isDisabled()).toBe(true);
    await order.input.fill('abc-d');
    await expect.poll(() => order.check.isDisabled()).toBe(false);
  });

  it('puts a typed extension first', async () => {
    await order.search('mijnbakkerij.frl');
    await expect(order.rows.first().getAttribute('data-testid')).resolves.toBe('extension-row-frl');
  });

  it('disables Check and opens the invalid-name modal for a 64-character name', async () => {
    await order.input.fill('a'.repeat(64));
    const dialog = order.page.getByRole('dialog');
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('Ongeldige domeinnaam.');
    await expect(dialog.textContent()).resolves.toContain('Corrigeer de domeinnaam en probeer het opnieuw.');
    await expect(order.check.isDisabled()).resolves.toBe(true);
    await screenshot(order.page, 'step1-invalid-modal');
  });
});

describe('step 1 in English and on a phone', () => {
  it('speaks English after the language switch and keeps the basket below the content under 768 px', async () => {
    const context = await browser.newContext(mobile);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const order = new OrderPage(page);
    await order.open(shop.url);
    await page.getByRole('link', { name: /English/ }).click();
    await page.waitForURL(/lang=en/);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    await order.search('mijnbakkerij');
    await order.settledStatuses();
    await expect(page.getByRole('button', { name: 'Show other extensions' }).isVisible()).resolves.toBe(true);
    await order.toggle('nl');
    await order.waitForStatus('nl', 'added');
    await expect(order.basket.textContent()).resolves.toContain('Selection');
    const [listBox, basketBox] = await Promise.all([page.getByTestId('extension-list').boundingBox(), order.basket.boundingBox()]);
    expect(basketBox!.y).toBeGreaterThan(listBox!.y + listBox!.height - 1);
    await screenshot(page, 'step1-mobile-en');

    await order.input.fill('a'.repeat(64));
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('Invalid domain name.');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the basket beside the results on a desktop', async () => {
    const context = await browser.newContext(desktop);
    const page = await context.newPage();
    const order = new OrderPage(page);
    await order.open(shop.url);
    await order.search('mijnbakkerij');
    const [listBox, basketBox] = await Promise.all([page.getByTestId('extension-list').boundingBox(), order.basket.boundingBox()]);
    expect(basketBox!.x).toBeGreaterThan(listBox!.x + listBox!.width - 1);
    await context.close();
  });
});

describe('a page that does not exist', () => {
  it("shows the shop's own 'not found' page (status 404), never raw JSON", async () => {
    const context = await browser.newContext(desktop);
    const page = await context.newPage();
    // Chromium logs the page's own 404 status as a failed load; script errors still count.
    const errors = collectPageErrors(page, { allowHttpErrors: true });
    try {
      const response = await page.goto(`${shop.url}/account/bestaat-niet`);
      expect(new URL(page.url()).pathname).toBe('/errors/404');
      expect(response?.status()).toBe(404);
      await page.getByTestId('not-found').waitFor();
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Pagina niet gevonden');
      await expect(page.getByRole('link', { name: 'Naar de bestelpagina' }).getAttribute('href')).resolves.toBe('/bestelprocedure');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
