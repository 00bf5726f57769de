import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInOnAccountPage } from './pages/account-hosting-pages.ts';
import { axeViolations } from './support/axe.ts';
import { collectPageErrors, desktop, mobile, screenshot } from './support/browser.ts';
import { type RunningShop } from './support/server.ts';
import { useShopAndBrowser } from './support/shop-and-browser.ts';

const PASSWORD = 'kavel-demo-wachtwoord';

let shop: RunningShop;
let browser: Browser;
useShopAndBrowser((running) => ({ shop, browser } = running));

describe("the account's data page, where the admin-fee notice leads", () => {
  it('opens from the former control panel link, saves the data, and gives a mandate so that later orders are collected', async () => {
    const context = await browser.newContext({ ...desktop, bypassCSP: true });
    const page = await context.newPage();
    const errors = collectPageErrors(page, { allowHttpErrors: true });
    try {
      await page.goto(`${shop.url}/control-panel/administratie/gegevens-aanpassen/?from=shop`);
      await page.waitForURL(`${shop.url}/account/gegevens?from=shop`);
      await logInOnAccountPage(page, 'klant@demo.kavel.nl', PASSWORD);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Mijn gegevens');
      await expect(page.getByTestId('account-details-from-shop').textContent()).resolves.toContain('Daarna ga je verder met je bestelling.');
      await expect(page.getByTestId('back-to-order').getAttribute('href')).resolves.toBe('/bestellen/samenvatting');
      await expect(page.getByRole('navigation', { name: 'Accountmenu' }).getByRole('link', { name: 'Mijn gegevens' }).getAttribute('aria-current')).resolves.toBe('page');

      // The form holds what the account has; a change is saved and still there after a reload.
      const form = page.getByTestId('customer-data-form');
      await expect(form.getByLabel('Voornaam').inputValue()).resolves.not.toBe('');
      await form.getByLabel('Telefoonnummer').fill('+31 20 765 4321');
      await form.getByLabel('Plaats').fill('');
      await form.getByRole('button', { name: 'Gegevens opslaan' }).click();
      await expect(form.locator('.field', { has: page.getByLabel('Plaats', { exact: true }) }).locator('.field__error').textContent()).resolves.toMatch(/\S/);
      await form.getByLabel('Plaats').fill('Amsterdam');
      await form.getByRole('button', { name: 'Gegevens opslaan' }).click();
      await expect(page.getByTestId('account-details-saved').textContent()).resolves.toBe('Je gegevens zijn opgeslagen.');
      await page.reload();
      await expect(page.getByTestId('customer-data-form').getByLabel('Telefoonnummer').inputValue()).resolves.toBe('+31 20 765 4321');

      // Paying on account: the mandate form. A wrong IBAN is refused under its field; a right one is kept.
      const payment = page.getByTestId('account-payment');
      await expect(payment.getByTestId('pays-on-account').textContent()).resolves.toContain('administratiekosten');
      await expect(axeViolations(page, '[data-testid="account-area"]')).resolves.toEqual([]);
      await screenshot(page, 'account-details');
      const mandate = payment.getByTestId('mandate-form');
      await mandate.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 01');
      await mandate.getByLabel('Naam rekeninghouder').fill('Bakkerij De Gouden Korst');
      await mandate.getByRole('checkbox').check();
      await mandate.getByRole('button', { name: 'Automatische incasso instellen' }).click();
      await expect(mandate.locator('.field', { has: page.getByLabel('IBAN', { exact: true }) }).locator('.field__error').textContent()).resolves.toMatch(/IBAN/);
      await mandate.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 00');
      await mandate.getByRole('button', { name: 'Automatische incasso instellen' }).click();
      await expect(payment.getByTestId('mandate-given').textContent()).resolves.toContain('via automatische incasso');
      await expect(payment.getByTestId('pays-by-direct-debit').textContent()).resolves.toContain('NL91 **** 4300');
      await screenshot(page, 'account-details-direct-debit');
      const state = await page.request.get(`${shop.url}/api/bestelprocedure/directDebitMandate`);
      expect(await state.json()).toEqual({ hasMandate: true, ibanMasked: 'NL91 **** 4300' });
      expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('tells a sub-user that only the owner changes them, on a phone', async () => {
    const context = await browser.newContext({ ...mobile, bypassCSP: true });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    try {
      await page.goto(`${shop.url}/account/gegevens`);
      await logInOnAccountPage(page, 'medewerker@demo.kavel.nl', PASSWORD);
      await expect(page.getByTestId('account-details-sub-user').textContent()).resolves.toContain('Alleen de eigenaar van het account');
      await expect(page.getByTestId('customer-data-form').count()).resolves.toBe(0);
      await expect(page.getByTestId('mandate-form').count()).resolves.toBe(0);
      await expect(axeViolations(page, '[data-testid="account-area"]')).resolves.toEqual([]);
      await screenshot(page, 'account-details-sub-user-mobile');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
