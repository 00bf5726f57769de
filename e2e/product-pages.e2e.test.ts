import { LOCAL_BASKET_STORAGE_KEY, ZLocalBasket } from '@kavel/core';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { collectPageErrors, desktop, mobile, screenshot } from './support/browser.ts';
import { type RunningShop } from './support/server.ts';
import { useShopAndBrowser } from './support/shop-and-browser.ts';

let shop: RunningShop;
let browser: Browser;
useShopAndBrowser((running) => ({ shop, browser } = running));

const card = (page: Page, code: string) => page.locator(`[data-testid="product-card"][data-product-code="${code}"]`);
/** A card's text with every kind of space (the euro sign's non-breaking one) as a plain space. */
const textOf = async (page: Page, code: string) => ((await card(page, code).textContent()) ?? '').replace(/\s+/g, ' ');

/** What the product page stored for the order app, once it has opened `/bestellen/`. */
async function storedBasket(page: Page) {
  await page.waitForURL(/\/bestellen\//);
  return ZLocalBasket.parse(JSON.parse((await page.evaluate((key) => window.localStorage.getItem(key), LOCAL_BASKET_STORAGE_KEY)) ?? 'null'));
}

/** Opens a product page in a fresh browser context; `run` gets the page and its errors. */
async function onPage(path: string, run: (page: Page) => Promise<void>, viewport = desktop): Promise<void> {
  const context = await browser.newContext({ ...viewport, bypassCSP: true });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  try {
    await page.goto(`${shop.url}${path}`);
    await run(page);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

describe('the product pages', () => {
  it("shows the certificates with prices per year and their warranty, asks for the domain, and orders RapidSSL for goudenkorst.nl", async () => {
    await onPage('/website/ssl-certificaat', async (page) => {
      const rapid = card(page, 'SSL_RAPIDSSL');
      await rapid.waitFor();
      await expect(textOf(page, 'SSL_RAPIDSSL')).resolves.toMatch(/€\s?24,95\s?p\/j/);
      await expect(textOf(page, 'SSL_RAPIDSSL')).resolves.toContain('Verzekerd tot € 50.000');
      await expect(textOf(page, 'SSL_GEOTRUST_BUSINESS')).resolves.toContain('Verzekerd tot € 250.000');
      await expect(textOf(page, 'CLOUDFLARE_PRO')).resolves.toMatch(/€\s?20,00\s?p\/m/);
      await screenshot(page, 'product-ssl');
      await expect(axeViolations(page)).resolves.toEqual([]);
      // Without a domain name the order waits for one.
      await rapid.getByRole('button', { name: 'RapidSSL bestellen' }).click();
      await expect(page.getByText('Vul de domeinnaam in waarvoor het certificaat is.').isVisible()).resolves.toBe(true);
      await page.getByLabel('Domeinnaam voor het certificaat').fill('https://www.goudenkorst.nl/');
      await rapid.getByRole('button', { name: 'RapidSSL bestellen' }).click();
      await expect(storedBasket(page)).resolves.toEqual({ type: 'ssl', productId: 6001, productCode: 'SSL_RAPIDSSL', commonName: 'goudenkorst.nl' });
    });
  });

  it('orders Cloudflare Pro, leaving the domain to choose in the order app', async () => {
    await onPage('/website/ssl-certificaat', async (page) => {
      await card(page, 'CLOUDFLARE_PRO').getByRole('button', { name: 'Cloudflare Pro bestellen' }).click();
      await expect(storedBasket(page)).resolves.toEqual({ type: 'cloudflare', productId: 6101, productCode: 'CLOUDFLARE_PRO' });
    });
  });

  it('shows the VPS packages with their specification per month, and orders one', async () => {
    await onPage('/hosting/vps', async (page) => {
      const small = card(page, 'VPS_S');
      await small.waitFor();
      await expect(textOf(page, 'VPS_S')).resolves.toMatch(/€\s?5,99\s?p\/m/);
      for (const part of ['1 vCPU', '2 GB geheugen', '40 GB SSD', '2 TB dataverkeer']) await expect(textOf(page, 'VPS_S')).resolves.toContain(part);
      await expect(page.getByTestId('product-card').count()).resolves.toBeGreaterThanOrEqual(4);
      await screenshot(page, 'product-vps');
      await expect(axeViolations(page)).resolves.toEqual([]);
      await card(page, 'VPS_M').getByRole('button', { name: 'VPS M bestellen' }).click();
      await expect(storedBasket(page)).resolves.toEqual({ type: 'vpspackage', productId: 6202, productCode: 'VPS_M' });
    });
  });

  it('shows the seven hosting packages with the welcome price beside the regular one, and orders Premium', async () => {
    await onPage('/webhosting', async (page) => {
      await card(page, 'HOSTING_INTRO').waitFor();
      await expect(page.getByTestId('product-card').count()).resolves.toBe(7);
      await expect(textOf(page, 'HOSTING_INTRO')).resolves.toContain('50MB SSD opslag');
      await screenshot(page, 'product-hosting');
      await expect(axeViolations(page)).resolves.toEqual([]);
      await card(page, 'HOSTING_PREMIUM').getByRole('button', { name: 'Premium webhosting bestellen' }).click();
      // Hosting needs a domain: the page asks which, first.
      const question = page.getByTestId('hosting-domain-question');
      await question.getByRole('heading', { name: 'Voor welke domeinnaam is Premium webhosting?' }).waitFor();
      await expect(axeViolations(page)).resolves.toEqual([]);
      await question.getByRole('button', { name: 'Kies uit mijn domeinnamen' }).click();
      await expect(storedBasket(page)).resolves.toEqual({ type: 'hosting', productId: 2003, productCode: 'HOSTING_PREMIUM' });
    });
  });

  it('orders a free domain as a registration and a taken one as a transfer, and refuses an extension it does not sell', async () => {
    await onPage('/domeinnaam', async (page) => {
      await page.getByTestId('domain-prices').waitFor();
      await expect(page.locator('[data-extension="nl"]').textContent()).resolves.toMatch(/\.nl/);
      await screenshot(page, 'product-domain');
      await expect(axeViolations(page)).resolves.toEqual([]);
      const field = page.getByLabel('Domeinnaam', { exact: true });
      await field.fill('bakkerij.xyzonbekend');
      await page.getByRole('button', { name: 'Controleren en bestellen' }).click();
      await expect(page.getByText('Deze extensie verkopen we niet. Kies een van de extensies hieronder.').isVisible()).resolves.toBe(true);
      await field.fill('goudenkorst.nl');
      await page.getByRole('button', { name: 'Controleren en bestellen' }).click();
      await expect(storedBasket(page)).resolves.toMatchObject({ type: 'domain', productCode: 'DOMAIN_NL', domain: 'goudenkorst.nl', transfer: true });
    });
    await onPage('/domeinnaam', async (page) => {
      await page.getByLabel('Domeinnaam', { exact: true }).fill('bakkerij-de-vrije-korst-2026.nl');
      await page.getByRole('button', { name: 'Controleren en bestellen' }).click();
      await expect(storedBasket(page)).resolves.toMatchObject({ type: 'domain', domain: 'bakkerij-de-vrije-korst-2026.nl', transfer: false });
    });
  });

  it('fits a phone: the cards stack and nothing scrolls sideways', async () => {
    await onPage(
      '/hosting/vps',
      async (page) => {
        await card(page, 'VPS_S').waitFor();
        await screenshot(page, 'product-vps-phone');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      },
      mobile,
    );
  });
});
