import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInOnAccountPage } from './pages/account-hosting-pages.ts';
import { axeViolations } from './support/axe.ts';
import { mobile, screenshot } from './support/browser.ts';
import { type RunningShop } from './support/server.ts';
import { useShopAndBrowser } from './support/shop-and-browser.ts';
import { useSharedPage } from './support/shared-page.ts';

const PASSWORD = 'kavel-demo-wachtwoord';

let shop: RunningShop;
let browser: Browser;
useShopAndBrowser((running) => ({ shop, browser } = running));

const rowsOf = (page: Page, name: string, type: string) => page.locator(`[data-testid="dns-record"][data-name="${name}"][data-type="${type}"]`);
const valuesOf = (page: Page, name: string, type: string) => rowsOf(page, name, type).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-value')));

describe("the e-mail presets on the DNS page: 'google' with the diff shown first", () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  useSharedPage(() => browser, (shared) => ({ context, page, errors } = shared));

  it('lists mx, google and office with their records, read-only', async () => {
    await page.goto(`${shop.url}/account/dns-beheren?name=goudenkorst.nl`);
    await logInOnAccountPage(page, 'klant@demo.kavel.nl', PASSWORD);
    await page.getByTestId('dns-page').waitFor();
    await expect(valuesOf(page, '@', 'MX')).resolves.toEqual(['mx1.kavel.nl.', 'mx2.kavel.nl.']);

    const presets = page.getByTestId('dns-mail-presets');
    await expect(page.getByRole('heading', { name: 'E-mail', exact: true }).count()).resolves.toBe(1);
    await expect(presets.getByRole('radio').evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value))).resolves.toEqual(['mx', 'google', 'office']);
    await expect(presets.getByRole('radio', { name: 'Onze mailservers (mx)' }).isChecked()).resolves.toBe(true);
    const records = presets.getByTestId('dns-mail-preset-records');
    await expect(records.getByRole('listitem').allTextContents()).resolves.toEqual(['@ MX 10 mx1.kavel.nl.', '@ MX 20 mx2.kavel.nl.', '@ TXT v=spf1 include:_spf.kavel.nl ~all']);

    await presets.getByRole('radio', { name: 'Microsoft 365 (office)' }).check();
    await expect(records.getByRole('listitem').allTextContents()).resolves.toEqual([
      '@ MX 0 goudenkorst-nl.mail.protection.outlook.com.',
      'autodiscover CNAME autodiscover.outlook.com.',
      '@ TXT v=spf1 include:spf.protection.outlook.com -all',
    ]);
    await presets.getByRole('radio', { name: 'Google Workspace (google)' }).check();
    await expect(records.getByRole('listitem').allTextContents()).resolves.toEqual(['@ MX 1 smtp.google.com.', '@ TXT v=spf1 include:_spf.google.com ~all']);
    await expect(axeViolations(page, '[data-testid="dns-mail-presets"]')).resolves.toEqual([]);
  });

  it("shows the diff of 'google' and applies it: Google's MX and SPF, the other records kept", async () => {
    const before = await valuesOf(page, '@', 'A');
    const presets = page.getByTestId('dns-mail-presets');
    await presets.getByRole('button', { name: 'Bekijk de wijzigingen' }).click();
    const preview = page.getByTestId('dns-mail-preview');
    await preview.waitFor();
    await expect(preview.getByRole('heading', { name: 'Wijzigingen bij de e-mailinstelling Google Workspace (google)' }).count()).resolves.toBe(1);
    await expect(preview.getByTestId('dns-preview-added').getByRole('listitem').allTextContents()).resolves.toEqual(['@ MX 1 smtp.google.com.', '@ TXT v=spf1 include:_spf.google.com ~all']);
    await expect(preview.getByTestId('dns-preview-removed').getByRole('listitem').allTextContents()).resolves.toEqual([
      '@ MX 10 mx1.kavel.nl.',
      '@ MX 20 mx2.kavel.nl.',
      '@ TXT v=spf1 include:_spf.kavel.nl ~all',
    ]);
    // Nothing is written before 'Toepassen'.
    await expect(valuesOf(page, '@', 'MX')).resolves.toEqual(['mx1.kavel.nl.', 'mx2.kavel.nl.']);
    await screenshot(page, 'dns-mail-preset-google-diff');
    await expect(axeViolations(page, '[data-testid="dns-mail-preview"]')).resolves.toEqual([]);

    await preview.getByRole('button', { name: 'Toepassen' }).click();
    const success = page.getByTestId('dns-success');
    await success.waitFor();
    await expect(success.textContent()).resolves.toContain('De e-mailinstelling Google Workspace (google) is toegepast.');
    await success.getByRole('button', { name: 'Sluiten' }).click();
    await expect.poll(() => valuesOf(page, '@', 'MX')).toEqual(['smtp.google.com.']);
    await expect(valuesOf(page, '@', 'TXT')).resolves.toEqual(['v=spf1 include:_spf.google.com ~all']);
    await expect(valuesOf(page, '@', 'A')).resolves.toEqual(before);
    await expect(page.getByTestId('dns-history').textContent()).resolves.toContain('E-mailinstelling toegepast');
    await screenshot(page, 'dns-mail-preset-google-applied');
    expect(errors).toEqual([]);
  });

  it('fits a phone', async () => {
    const phone = await browser.newContext({ ...mobile, bypassCSP: true, storageState: await context.storageState() });
    const small = await phone.newPage();
    try {
      await small.goto(`${shop.url}/account/dns-beheren?name=goudenkorst.nl`);
      await small.getByTestId('dns-mail-presets').waitFor();
      await expect(small.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    } finally {
      await phone.close();
    }
  });
});
