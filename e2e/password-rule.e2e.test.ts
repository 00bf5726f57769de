import type { Browser, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CheckoutPage } from './pages/checkout-page.ts';
import { OrderPage } from './pages/order-page.ts';
import { collectPageErrors, desktop, mobile, screenshot } from './support/browser.ts';
import { type RunningShop } from './support/server.ts';
import { useShopAndBrowser } from './support/shop-and-browser.ts';

let shop: RunningShop;
let browser: Browser;
useShopAndBrowser((running) => ({ shop, browser } = running));

/** The largest script a build may send: Vite's warning limit, 500 kB after minification. */
const CHUNK_LIMIT = 500_000;

/** Every script and stylesheet the page receives, with its size as the page reads it (unpacked). */
function watchAssets(page: Page): Array<{ path: string; type: string; size: Promise<number> }> {
  const assets: Array<{ path: string; type: string; size: Promise<number> }> = [];
  page.on('response', (response: Response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    assets.push({ path: new URL(response.url()).pathname, type, size: response.body().then((body) => body.length, () => 0) });
  });
  return assets;
}

/** Chromium's console warnings (a preload it could not use), which `collectPageErrors` leaves out. */
function watchWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  return warnings;
}

describe.each([
  ['1280', desktop],
  ['390', mobile],
] as const)('at %s px', (width, viewport) => {
  it("loads an app page's stylesheets once, with no warning about an unused preload", async () => {
    const context = await browser.newContext(viewport);
    const page = await context.newPage();
    const errors = collectPageErrors(page, { allowHttpErrors: true });
    const warnings = watchWarnings(page);
    const assets = watchAssets(page);
    try {
      // The order app's route preloads its chunk's stylesheet, which the chunk then links.
      await page.goto(`${shop.url}/bestellen/inloggen`);
      await page.getByTestId('order-app-login-form').waitFor();
      await page.waitForLoadState('networkidle');
      const sheets = assets.filter((asset) => asset.type === 'stylesheet').map((asset) => asset.path);
      expect(sheets.some((sheet) => /\/order-app-[\w-]{8}\.css$/.test(sheet))).toBe(true);
      expect(sheets).toEqual([...new Set(sheets)]);
      expect(warnings.filter((warning) => /preload/i.test(warning))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('judges a new password on the registration form in the page, with no script over 500 kB', async () => {
    const context = await browser.newContext(viewport);
    const page = await context.newPage();
    const errors = collectPageErrors(page, { allowHttpErrors: true });
    const assets = watchAssets(page);
    try {
      const order = new OrderPage(page);
      await order.open(shop.url);
      await order.search('mijnfietsenmaker');
      await order.settledStatuses();
      await order.toggle('nl');
      await order.waitForStatus('nl', 'added');
      await order.continueToStep3();
      await new CheckoutPage(page).declineBenefits();
      await page.getByTestId('tab-new-customer').click();
      const form = page.getByTestId('registration-form');
      await form.waitFor();
      const password = form.getByLabel('Wachtwoord', { exact: true });
      const rule = page.getByTestId('password-strength-rule');
      await password.click();
      await page.keyboard.type('wachtwoordwachtwoord');
      await expect.poll(() => rule.getAttribute('data-judging')).toBeNull();
      await expect(rule.getAttribute('data-met')).resolves.toBe('false');
      await password.fill('');
      await page.keyboard.type('paars-fiets-onder-brug');
      await expect.poll(() => rule.getAttribute('data-met')).toBe('true');
      await screenshot(page, `password-rule-${width}`);
      await page.waitForLoadState('networkidle');

      const sized = await Promise.all(assets.filter((asset) => asset.type === 'script').map(async (asset) => ({ path: asset.path, size: await asset.size })));
      expect(sized.some((script) => script.path.includes('password-estimator'))).toBe(true);
      expect(sized.filter((script) => script.size > CHUNK_LIMIT).map((script) => `${script.path} ${script.size}`)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
