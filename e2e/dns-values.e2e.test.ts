import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInOnAccountPage } from './pages/account-hosting-pages.ts';
import { closeModal, fillRecordForm } from './pages/dns-page.ts';
import { axeViolations } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import { type RunningShop } from './support/server.ts';
import { useShopAndBrowser } from './support/shop-and-browser.ts';
import { useSharedPage } from './support/shared-page.ts';

const EMAIL = 'klant@demo.kavel.nl';
const PASSWORD = 'kavel-demo-wachtwoord';

let shop: RunningShop;
let browser: Browser;
useShopAndBrowser((running) => ({ shop, browser } = running));

const dnsPage = (extra = '') => `${shop.url}/account/dns-beheren?name=goudenkorst.nl${extra}`;
const row = (page: Page, name: string, type: string) => page.locator(`[data-testid="dns-record"][data-name="${name}"][data-type="${type}"]`);

/** The text that describes a field to a screen reader (its `aria-describedby`), as the browser reads it. */
const descriptionOf = (field: Locator) =>
  field.evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );

describe('DNS values: a target shown as it will be stored, imported records edited as they are', () => {
  let page: Page;
  let errors: string[];
  useSharedPage(() => browser, (shared) => ({ page, errors } = shared), { allowHttpErrors: true });

  it("shows under a target's value what will be stored, before saving, and stores exactly that", async () => {
    await page.goto(dnsPage());
    await logInOnAccountPage(page, EMAIL, PASSWORD);
    await page.getByTestId('dns-page').waitFor();
    const form = page.getByTestId('dns-add-form');
    const value = form.getByLabel('Waarde');

    await form.getByLabel('Type').selectOption('MX');
    await value.fill('mail.example.nl');
    await expect(descriptionOf(value)).resolves.toBe('Wordt opgeslagen als: mail.example.nl.');
    await value.fill('mail');
    await expect(descriptionOf(value)).resolves.toBe('Wordt opgeslagen als: mail.goudenkorst.nl.');
    await value.fill('mail.shop.@');
    await expect(descriptionOf(value)).resolves.toBe('Wordt opgeslagen als: mail.shop.goudenkorst.nl.');

    await form.getByLabel('Type').selectOption('CNAME');
    await form.getByLabel('Naam').fill('webwinkel');
    await value.fill('bakkerij.github.io');
    await expect(descriptionOf(value)).resolves.toBe('Wordt opgeslagen als: bakkerij.github.io.');
    await expect(form.textContent()).resolves.toContain('Een doel dat eindigt op een punt of op een topleveldomein');
    await expect(axeViolations(page)).resolves.toEqual([]);
    await screenshot(page, 'dns-values-stored-as');

    // An address has no target to complete: nothing to preview.
    await form.getByLabel('Type').selectOption('A');
    await value.fill('203.0.113.10');
    await expect(form.getByText('Wordt opgeslagen als', { exact: false }).count()).resolves.toBe(0);

    await fillRecordForm(form, { name: '', type: 'MX', value: 'mail.example.nl', priority: '20' });
    await closeModal(page, 'dns-success');
    await expect(row(page, '@', 'MX').evaluateAll((rows) => rows.map((found) => found.getAttribute('data-value')))).resolves.toContain('mail.example.nl.');

    await page.goto(dnsPage('&lang=en'));
    const english = page.getByTestId('dns-add-form');
    await english.getByLabel('Type').selectOption('CNAME');
    await english.getByLabel('Value').fill('bakkerij.github.io');
    await expect(descriptionOf(english.getByLabel('Value'))).resolves.toBe('Will be stored as: bakkerij.github.io.');
    await screenshot(page, 'dns-values-stored-as-en');
    await page.goto(dnsPage('&lang=nl'));
    await page.getByTestId('dns-page').waitFor();
  });

  it('asks a name except for MX, @ being the apex, and edits an apex record as it is', async () => {
    const sent: string[] = [];
    const count = (request: { method: () => string }) => void (request.method() === 'POST' && sent.push(request.method()));
    page.on('request', count);
    const form = page.getByTestId('dns-add-form');
    await fillRecordForm(form, { name: '', type: 'A', value: '203.0.113.77' });
    await expect(form.getByLabel('Naam').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(form.textContent()).resolves.toContain('Vul een naam in, of @ voor het domein zelf.');
    expect(sent).toEqual([]);
    page.off('request', count);

    await fillRecordForm(form, { name: '@', type: 'A', value: '203.0.113.77' });
    await expect(closeModal(page, 'dns-success')).resolves.toContain('DNS-record aangemaakt.');
    await page.getByRole('button', { name: 'Record @ A 203.0.113.77 wijzigen', exact: true }).click();
    const edit = page.getByTestId('dns-edit-form');
    await expect(edit.getByLabel('Naam').inputValue()).resolves.toBe('@');
    await edit.getByLabel('Waarde').fill('203.0.113.78');
    await edit.getByRole('button', { name: 'Opslaan' }).click();
    await expect(closeModal(page, 'dns-success')).resolves.toContain('DNS-record bijgewerkt.');
    await expect(row(page, '@', 'A').evaluateAll((rows) => rows.map((found) => found.getAttribute('data-value')))).resolves.toContain('203.0.113.78');
  });

  it('edits an imported MX of priority 25 without a refusal, and keeps the strings of an imported TXT', async () => {
    const importForm = page.getByTestId('dns-import-form');
    await importForm.getByLabel('Inhoud van het zonebestand').fill('@ IN A 203.0.113.10\n@ IN MX 25 mx25.example.nl.\n@ IN TXT "part one" "part two"\n');
    await importForm.getByRole('button', { name: 'Inlezen' }).click();
    await expect(closeModal(page, 'dns-success')).resolves.toContain('Wijziging voltooid.');
    await expect(row(page, '@', 'TXT').getAttribute('data-value')).resolves.toBe('"part one" "part two"');

    await page.getByRole('button', { name: 'Record @ MX 25 mx25.example.nl. wijzigen', exact: true }).click();
    const edit = page.getByTestId('dns-edit-form');
    const priority = edit.getByLabel('Prioriteit');
    // The record's own priority is chosen, beside the page's list.
    await expect(priority.inputValue()).resolves.toBe('25');
    await expect(priority.locator('option').allTextContents()).resolves.toEqual(['0', '1', '5', '10', '15', '20', '25', '30', '40', '50', '60', '70', '80', '90', '100']);
    await expect(descriptionOf(edit.getByLabel('Waarde'))).resolves.toBe('Wordt opgeslagen als: mx25.example.nl.');
    await edit.getByLabel('TTL (seconden)').fill('7200');
    await screenshot(page, 'dns-values-edit-mx-25');
    await edit.getByRole('button', { name: 'Opslaan' }).click();
    await expect(closeModal(page, 'dns-success')).resolves.toContain('DNS-record bijgewerkt.');
    await expect(page.getByRole('button', { name: 'Record @ MX 25 mx25.example.nl. wijzigen', exact: true }).count()).resolves.toBe(1);
    await expect(row(page, '@', 'MX').locator('.dns-table__ttl').textContent()).resolves.toContain('7200');
    expect(errors.filter((error) => !error.includes('400'))).toEqual([]);
  });
});
