import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { desktop, screenshot } from './support/browser.ts';
import { watchPage } from './support/page-problems.ts';
import { type RunningShop } from './support/server.ts';
import { useShopAndBrowser } from './support/shop-and-browser.ts';

const DEMO = { email: 'klant@demo.kavel.nl', password: 'kavel-demo-wachtwoord' };
const UPDATED = 'Whois-gegevens zijn bijgewerkt, houdt er rekening mee dat dit enkele minuten kan duren.';
const FAILED = 'Bijwerken van Whois-gegevens is mislukt. Probeer het later opnieuw of neem contact op met afdeling Support.';

let shop: RunningShop;
let browser: Browser;
useShopAndBrowser((running) => ({ shop, browser } = running));

describe("the order summary's domain holder", () => {
  it('shows the holder of the ordered domain and changes it, with the texts for success and failure', async () => {
    const context = await browser.newContext({ ...desktop, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchPage(page);
    const domain = `houder-${crypto.randomUUID().slice(0, 8)}.nl`;
    try {
      await page.goto(`${shop.url}/bestelprocedure`);
      const xsrf = async () => decodeURIComponent((await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
      const post = async (path: string, data: unknown) => {
        const response = await page.request.post(`${shop.url}${path}`, { data, headers: { 'X-XSRF-TOKEN': await xsrf() } });
        expect(response.status(), path).toBe(200);
        return response.json();
      };
      // The order placed through the calls the order page makes; the order summary is the page under test.
      await post('/api/login', { username: DEMO.email, password: DEMO.password });
      await post('/api/bestelprocedure/addItem', { productId: 1001, productCode: 'DOMAIN_NL', title: domain });
      const order = await post('/bestelprocedure/purchase', { paymentMethod: 'MANUAL_PAYMENT', requestId: crypto.randomUUID(), termsAccepted: true, customWhois: [] });
      await page.goto(`${shop.url}/bestellen/${order.orderId}/overzicht`);

      // Once the domain is the customer's, its holder: the customer's own data.
      const panel = page.getByTestId('domain-holder');
      await panel.getByRole('heading', { name: 'Domeinhouder' }).waitFor();
      const address = page.getByTestId('domain-holder-address');
      await address.waitFor();
      await expect(address.textContent()).resolves.toContain('Prinsengracht');

      await page.getByTestId('domain-holder-edit').click();
      const form = panel.getByTestId('holder-form');
      await expect(form.getByLabel('Straat').inputValue()).resolves.toBe('Prinsengracht');
      await expect(axeViolations(page, '[data-testid="domain-holder"]')).resolves.toEqual([]);

      // A failure other than bad input shows the spec's text, and the form stays.
      await page.route('**/api/bestellen/*/whois', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, json: { message: 'kapot' } }) : route.fallback()));
      await form.getByLabel('Straat').fill('Damrak');
      await page.getByTestId('domain-holder-save').click();
      await expect(page.getByTestId('holder-error').textContent()).resolves.toBe(FAILED);
      await page.unroute('**/api/bestellen/*/whois');

      await form.getByLabel('Huisnummer').fill('70');
      await form.getByLabel('Postcode').fill('1012 LM');
      await page.getByTestId('domain-holder-save').click();
      await expect(page.getByTestId('domain-holder-updated').textContent()).resolves.toBe(UPDATED);
      await expect(address.textContent()).resolves.toContain('Damrak 70');
      await screenshot(page, 'order-summary-domain-holder');

      // The change is the domain's holder from now on.
      await page.reload();
      await address.waitFor();
      await expect(address.textContent()).resolves.toContain('Damrak 70');
      expect(errors.filter((error) => !/500/.test(error))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
