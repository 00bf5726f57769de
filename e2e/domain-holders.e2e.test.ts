import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInOnAccountPage } from './pages/account-hosting-pages.ts';
import { axeViolations } from './support/axe.ts';
import { collectPageErrors, desktop, mobile, screenshot } from './support/browser.ts';
import { type RunningShop } from './support/server.ts';
import { useShopAndBrowser } from './support/shop-and-browser.ts';

const PASSWORD = 'kavel-demo-wachtwoord';
const UPDATED = 'Whois-gegevens zijn bijgewerkt, houdt er rekening mee dat dit enkele minuten kan duren.';
const REQUIRED = 'Dit veld is verplicht.';

let shop: RunningShop;
let browser: Browser;
useShopAndBrowser((running) => ({ shop, browser } = running));

/** Waits for the success modal, closes it and answers its text. */
async function closeSuccess(page: Page): Promise<string> {
  const modal = page.getByTestId('holder-success');
  await modal.waitFor();
  const text = (await modal.locator('p').textContent()) ?? '';
  await modal.getByRole('button', { name: 'Sluiten' }).click();
  await modal.waitFor({ state: 'hidden' });
  return text;
}

/** The error under the field with this label. */
const errorOf = (page: Page, label: string) => page.getByTestId('holder-form').locator('.field', { has: page.getByLabel(label, { exact: true }) }).locator('.field__error');

describe("the account's domain holders", () => {
  it('lists the holders with their domains, adds one with every fault shown at once, changes and deletes it, and changes the standard holder', async () => {
    const context = await browser.newContext({ ...desktop, bypassCSP: true });
    const page = await context.newPage();
    const errors = collectPageErrors(page, { allowHttpErrors: true });
    try {
      await page.goto(`${shop.url}/account`);
      await logInOnAccountPage(page, 'klant@demo.kavel.nl', PASSWORD);
      await page.getByRole('link', { name: 'Domeinhouders' }).first().click();
      await page.waitForURL(/\/account\/domeinhouders$/);

      // The standard holder has the bakery's domains; its two own holders have none yet.
      const standard = page.getByTestId('holder-standard');
      await expect(standard.getByTestId('holder-domains').textContent()).resolves.toContain('goudenkorst-webshop.com');
      await expect(page.getByTestId('holder-item').count()).resolves.toBe(2);
      await expect(axeViolations(page, '[data-testid="account-area"]')).resolves.toEqual([]);
      await screenshot(page, 'domain-holders-list');

      // A new holder: sent empty, every required field says so at once, under the field.
      await page.getByTestId('holder-add').click();
      await page.waitForURL(/\?id=nieuw$/);
      const form = page.getByTestId('holder-form');
      await page.getByTestId('holder-create').click();
      for (const label of ['Voornaam', 'Achternaam', 'Straat', 'Postcode', 'Plaats']) await expect(errorOf(page, label).textContent(), label).resolves.toBe(REQUIRED);
      for (const label of ['Huisnummer', 'Telefoonnummer', 'E-mailadres']) await expect(errorOf(page, label).textContent(), label).resolves.toMatch(/\S/);
      // The rules between fields too: a company needs its name, a Dutch postcode its form.
      await form.getByLabel('Bedrijf', { exact: true }).check();
      await form.getByLabel('Naam van deze houder').fill('Taartenatelier');
      await form.getByLabel('Voornaam').fill('Sanne');
      await form.getByLabel('Achternaam').fill('de Wit');
      await form.getByLabel('Straat').fill('Oudegracht');
      await form.getByLabel('Huisnummer').fill('12');
      await form.getByLabel('Postcode').fill('35');
      await form.getByLabel('Plaats').fill('Utrecht');
      await form.getByLabel('Telefoonnummer').fill('030 555 0123');
      await form.getByLabel('E-mailadres').fill('sanne@taartenatelier.nl');
      await page.getByTestId('holder-create').click();
      await expect(errorOf(page, 'Bedrijfsnaam').textContent()).resolves.toBe(REQUIRED);
      await expect(errorOf(page, 'Postcode').textContent()).resolves.toContain('1234 AB');
      await expect(axeViolations(page, '[data-testid="account-area"]')).resolves.toEqual([]);
      await screenshot(page, 'domain-holders-new-errors');
      await form.getByLabel('Bedrijfsnaam').fill('Taartenatelier Utrecht');
      await form.getByLabel('Postcode').fill('3511az');
      await page.getByTestId('holder-create').click();
      await expect(closeSuccess(page)).resolves.toBe('Nieuwe domeinhouder toegevoegd.');
      await page.waitForURL(/\?id=\d+$/);
      await expect(page.getByTestId('holder-label').textContent()).resolves.toBe('Taartenatelier');
      await expect(page.getByTestId('domain-holder-address').textContent()).resolves.toContain('3511 AZ Utrecht');
      await expect(page.getByTestId('holder-domains').textContent()).resolves.toBe('Geen domeinen');

      // Changed: a holder without domains needs no registry, so the plain text.
      await page.getByTestId('holder-edit').click();
      await page.getByTestId('holder-form').getByLabel('Straat').fill('Lijnmarkt');
      await page.getByTestId('holder-save').click();
      await expect(closeSuccess(page)).resolves.toBe('Domeinhouder bijgewerkt.');
      await expect(page.getByTestId('domain-holder-address').textContent()).resolves.toContain('Lijnmarkt 12');

      // Deleted after a confirmation; the list no longer has it.
      await page.getByTestId('holder-remove').click();
      await page.getByTestId('holder-remove-modal').getByText('De domeinhouder Taartenatelier verwijderen?').waitFor();
      await page.getByTestId('holder-remove-confirm').click();
      await expect(closeSuccess(page)).resolves.toBe('Domeinhouder verwijderd.');
      await page.waitForURL(/\/account\/domeinhouders$/);
      await expect(page.getByTestId('holder-item').count()).resolves.toBe(2);

      // The standard holder: its domains go to the registry, which takes a few minutes.
      await page.getByTestId('holder-standard-edit').click();
      const standardForm = page.getByTestId('standard-holder-form');
      await standardForm.getByLabel('Telefoonnummer').fill('bel me');
      await page.getByTestId('standard-holder-save').click();
      await standardForm.locator('.field__error').first().waitFor();
      await standardForm.getByLabel('Naam van deze houder').fill('De Gouden Korst (whois)');
      await standardForm.getByLabel('Telefoonnummer').fill('020 555 0100');
      await page.getByTestId('standard-holder-save').click();
      await expect(closeSuccess(page)).resolves.toBe(UPDATED);
      await page.getByTestId('holders-back').click();
      await page.getByTestId('holder-standard').getByRole('heading', { name: 'De Gouden Korst (whois)' }).waitFor();
      await expect(page.getByTestId('holder-standard').textContent()).resolves.toContain('020 555 0100');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('fits a phone', async () => {
    const context = await browser.newContext({ ...mobile, bypassCSP: true });
    const page = await context.newPage();
    try {
      await page.goto(`${shop.url}/account/domeinhouders?id=nieuw`);
      await logInOnAccountPage(page, 'klant@demo.kavel.nl', PASSWORD);
      await page.getByTestId('holder-form').waitFor();
      await page.getByTestId('holder-create').click();
      await page.locator('.field__error').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expect(axeViolations(page, '[data-testid="account-area"]')).resolves.toEqual([]);
      await screenshot(page, 'domain-holders-new-phone');
    } finally {
      await context.close();
    }
  });
});
