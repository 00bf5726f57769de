import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { collectPageErrors, desktop, mobile, screenshot } from './support/browser.ts';
import { type RunningShop } from './support/server.ts';
import { useShopAndBrowser } from './support/shop-and-browser.ts';

let shop: RunningShop;
let browser: Browser;
useShopAndBrowser((running) => ({ shop, browser } = running));

describe("the shop's home page", () => {
  it('shows six promo tiles and the rest, the seventh too, in a list that opens; a tile leads to its extension page', async () => {
    const context = await browser.newContext({ ...desktop, bypassCSP: true });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    try {
      await page.goto(`${shop.url}/`);
      const tiles = page.getByTestId('promo-tiles');
      await expect(tiles.locator('> ul > li').count()).resolves.toBe(6);
      const more = page.getByTestId('promo-more');
      const seventh = more.locator('a.tile').first();
      await expect(seventh.isVisible()).resolves.toBe(false);
      await expect(axeViolations(page)).resolves.toEqual([]);
      await screenshot(page, 'home');
      await more.locator('summary').click();
      await seventh.waitFor();
      await expect(seventh.getAttribute('data-extension')).resolves.toBe('de');
      await screenshot(page, 'home-more-tiles');

      await tiles.locator('a.tile[data-extension="com"]').click();
      await page.waitForURL(`${shop.url}/domeinnaam/domeinextensie/com-domeinnaam-registreren`);
      await page.getByRole('heading', { level: 1, name: '.com domeinnaam registreren' }).waitFor();
      await expect(page.getByTestId('extension-promo-price').textContent()).resolves.toMatch(/^€\s8,99 het eerste jaar$/);
      await expect(axeViolations(page)).resolves.toEqual([]);
      await screenshot(page, 'extension-page-com');

      // Its search looks for the name with this extension first, in step 1.
      await page.getByLabel('Naam voor je .com domein').fill('mijnbakkerij');
      await page.getByTestId('extension-search').getByRole('button', { name: 'Controleer' }).click();
      await page.waitForURL(/\/bestelprocedure\?domain=mijnbakkerij&extension=com$/);
      await page.getByTestId('extension-row-com').waitFor();
      await expect(page.getByTestId('domain-input').inputValue()).resolves.toBe('mijnbakkerij.com');
      await expect(page.locator('[data-testid^="extension-row-"]').first().getAttribute('data-testid')).resolves.toBe('extension-row-com');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("searches from the home page's box into step 1", async () => {
    const context = await browser.newContext(desktop);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    try {
      await page.goto(`${shop.url}/`);
      await page.getByLabel('Domeinnaam', { exact: true }).fill('goudenbrood');
      await page.getByTestId('home-search').getByRole('button', { name: 'Controleer' }).click();
      await page.waitForURL(/\/bestelprocedure\?domain=goudenbrood$/);
      await page.getByTestId('extension-row-nl').waitFor();
      await expect(page.getByTestId('domain-input').inputValue()).resolves.toBe('goudenbrood');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('fits a phone', async () => {
    const context = await browser.newContext({ ...mobile, bypassCSP: true });
    const page = await context.newPage();
    try {
      await page.goto(`${shop.url}/`);
      await page.getByTestId('promo-tiles').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expect(axeViolations(page)).resolves.toEqual([]);
      await screenshot(page, 'home-phone');
    } finally {
      await context.close();
    }
  });
});
