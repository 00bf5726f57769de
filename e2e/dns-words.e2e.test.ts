import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInOnAccountPage } from './pages/account-hosting-pages.ts';
import { closeModal, fillRecordForm } from './pages/dns-page.ts';
import { axeViolations } from './support/axe.ts';
import { collectPageErrors, mobile, screenshot } from './support/browser.ts';
import { type RunningShop } from './support/server.ts';
import { useShopAndBrowser } from './support/shop-and-browser.ts';
import { useSharedPage } from './support/shared-page.ts';

const EMAIL = 'klant@demo.kavel.nl';
const PASSWORD = 'kavel-demo-wachtwoord';
/** A DKIM key as people paste it: one long word that only breaks where the page lets it. */
const DKIM = `v=DKIM1;k=rsa;p=${'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAx'.repeat(5)}`;
const LONG_NAME = 'selector-met-een-lange-naam._domainkey';

let shop: RunningShop;
let browser: Browser;
useShopAndBrowser((running) => ({ shop, browser } = running));

const dnsPage = (domain: string, extra = '') => `${shop.url}/account/dns-beheren?name=${domain}${extra}`;
const longRow = (scope: Page | Locator) => scope.locator(`[data-testid="dns-record"][data-name="${LONG_NAME}"][data-type="TXT"]`);


/** The accessible names of the buttons in the records table. */
const buttonNames = (page: Page) => page.getByTestId('dns-records').getByRole('button').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));

describe('DNS words: each refused field named with its rule, an unknown domain, rows told apart', () => {
  let page: Page;
  let errors: string[];
  useSharedPage(() => browser, (shared) => ({ page, errors } = shared), { allowHttpErrors: true });

  it("checks a record before sending it: the rule under its field, and nothing sent", async () => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && /\/dns(\/|$)/.test(new URL(request.url()).pathname)) sent.push(request.url());
    });
    await page.goto(dnsPage('goudenkorst.nl'));
    await logInOnAccountPage(page, EMAIL, PASSWORD);
    const form = page.getByTestId('dns-add-form');
    await fillRecordForm(form, { name: 'winkel', type: 'A', value: '203.0.113.300', ttl: '30' });
    const value = form.getByLabel('Waarde');
    await expect(value.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    await expect(form.textContent()).resolves.toContain('Kies een TTL van 60 tot 604800 seconden.');
    await form.getByLabel('TTL (seconden)').fill('3600');
    await form.getByRole('button', { name: 'Record toevoegen' }).click();
    await expect(form.textContent()).resolves.toContain('Een IPv4-adres is vier getallen van 0 tot 255, gescheiden door punten, bijvoorbeeld 203.0.113.10.');
    const described = await value.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${described}"]`).textContent()).resolves.toContain('vier getallen van 0 tot 255');
    await expect(page.getByTestId('dns-error').isVisible()).resolves.toBe(false);
    await screenshot(page, 'dns-words-field-rule');
    expect(sent).toEqual([]);

    // Typing in the field takes its error away; the corrected record is sent.
    await value.fill('203.0.113.30');
    await expect(value.getAttribute('aria-invalid')).resolves.toBeNull();
    await form.getByRole('button', { name: 'Record toevoegen' }).click();
    await expect(closeModal(page, 'dns-success')).resolves.toContain('DNS-record aangemaakt.');
    expect(sent).toHaveLength(1);
  });

  it("names the field beside the server's rule in the 'Fout!' modal", async () => {
    await fillRecordForm(page.getByTestId('dns-add-form'), { name: 'winkel', type: 'A', value: '203.0.113.30' });
    const modal = page.getByTestId('dns-error');
    await modal.waitFor();
    await expect(modal.getByRole('heading').textContent()).resolves.toBe('Fout!');
    await expect(modal.getByTestId('dns-error-fields').textContent()).resolves.toBe('Waarde: Dit record bestaat al.');
    await screenshot(page, 'dns-words-server-rule');
    await closeModal(page, 'dns-error');

    await fillRecordForm(page.getByTestId('dns-add-form'), { name: 'winkel', type: 'CNAME', value: '@' });
    await expect(closeModal(page, 'dns-error')).resolves.toContain('Naam: Een naam met een CNAME kan geen andere records hebben, ook geen tweede CNAME.');
  });

  it('names each row\'s buttons after its value and priority, in Dutch and in English, also on the profiles page', async () => {
    for (const [priority, host] of [
      ['30', 'mail3.example.nl.'],
      ['40', 'mail4.example.nl.'],
      ['50', 'mail5.example.nl.'],
    ] as const) {
      await fillRecordForm(page.getByTestId('dns-add-form'), { name: '', type: 'MX', value: host, priority });
      await closeModal(page, 'dns-success');
    }
    await fillRecordForm(page.getByTestId('dns-add-form'), { name: LONG_NAME, type: 'TXT', value: DKIM });
    await closeModal(page, 'dns-success');
    await screenshot(page, 'dns-words-rows-1280');
    const names = await buttonNames(page);
    expect(names.filter((name) => name.startsWith('Record @ MX')).length).toBeGreaterThanOrEqual(6);
    expect(new Set(names).size).toBe(names.length);
    await expect(page.getByRole('button', { name: 'Record @ MX 40 mail4.example.nl. wijzigen', exact: true }).count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: 'Record @ MX 40 mail4.example.nl. verwijderen', exact: true }).count()).resolves.toBe(1);
    // A long value is cut in the name: a key read aloud in full helps nobody.
    const longName = await longRow(page).getByRole('button').first().getAttribute('aria-label');
    expect(longName).toMatch(new RegExp(`^Record ${LONG_NAME.replace(/\./g, '\\.')} TXT v=DKIM1;k=rsa;p=\\S+… wijzigen$`));

    await page.goto(dnsPage('goudenkorst.nl', '&lang=en'));
    await page.getByTestId('dns-records').waitFor();
    const english = await buttonNames(page);
    expect(new Set(english).size).toBe(english.length);
    await expect(page.getByRole('button', { name: 'Edit record @ MX 40 mail4.example.nl.', exact: true }).count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: 'Delete record @ MX 40 mail4.example.nl.', exact: true }).count()).resolves.toBe(1);
    await page.goto(dnsPage('goudenkorst.nl', '&lang=nl'));
    await page.getByTestId('dns-records').waitFor();

    // The records as a profile: its rows are named the same way.
    const save = page.getByTestId('dns-save-profile');
    await save.getByLabel('Naam van het profiel').fill('Lange sleutel');
    await save.getByRole('button', { name: 'Opslaan als nieuw profiel' }).click();
    await closeModal(page, 'dns-success');
    await page.goto(`${shop.url}/account/dns-profiles?name=goudenkorst.nl`);
    await page.getByRole('link', { name: 'Lange sleutel' }).click();
    await page.waitForURL(/profileId=\d+$/);
    await longRow(page.getByTestId('dns-profile')).waitFor();
    const profileNames = await buttonNames(page);
    expect(new Set(profileNames).size).toBe(profileNames.length);
    await expect(page.getByRole('button', { name: 'Record @ MX 40 mail4.example.nl. wijzigen', exact: true }).count()).resolves.toBe(1);
    await expect(axeViolations(page)).resolves.toEqual([]);
  });

  it('answers an unknown domain with the way back to the domain list, not a retry that cannot succeed', async () => {
    await page.goto(dnsPage('onbekend.nl'));
    const failure = page.getByTestId('load-failure');
    await failure.waitFor();
    await expect(failure.textContent()).resolves.toContain('Het domein onbekend.nl staat niet in je account.');
    await expect(page.getByRole('button', { name: 'Opnieuw proberen' }).count()).resolves.toBe(0);
    await screenshot(page, 'dns-words-unknown-domain');
    await expect(axeViolations(page)).resolves.toEqual([]);
    await failure.getByRole('link', { name: 'Terug naar je domeinen' }).click();
    await page.waitForURL(/\/account\/diensten\/domeinen$/);

    // The forwarding page of an unknown domain does the same.
    await page.goto(`${shop.url}/account/domein-doorsturen?name=onbekend.nl`);
    await page.getByTestId('load-failure').waitFor();
    await expect(page.getByRole('button', { name: 'Opnieuw proberen' }).count()).resolves.toBe(0);
    await page.getByTestId('load-failure-back').click();
    await page.waitForURL(/\/account\/diensten\/domeinen$/);
    expect(errors).toEqual([]);
  });
});

/**
 * The page is no wider than the screen, and a long record's buttons are on it and answer a tap:
 * delete asks first on the records page (the profiles page deletes at once, so it is not tapped there).
 */
async function expectButtonsOnScreen(page: Page, row: Locator, width: number, { tapDelete }: { tapDelete: boolean }) {
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
  await expect(page.evaluate(() => window.innerWidth)).resolves.toBe(width);
  const [edit, remove] = [row.getByRole('button', { name: /wijzigen$/ }), row.getByRole('button', { name: /verwijderen$/ })];
  // Measured before anything scrolls: a table scrolling inside its own box would bring them in view on a tap.
  for (const button of [edit, remove]) {
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
  if (tapDelete) {
    await remove.click();
    const confirm = page.getByTestId('dns-confirm');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Annuleren' }).click();
    await confirm.waitFor({ state: 'hidden' });
  }
  await edit.click();
  const form = page.getByTestId('dns-edit-form');
  await form.waitFor();
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
  return form;
}

describe('the DNS tables on a phone', () => {
  it.each([360, 390])('fit %i px: no sideways scroll, the long record\'s buttons on screen and working', async (width) => {
    const context = await browser.newContext({ ...mobile, viewport: { width, height: 800 }, bypassCSP: true });
    const page = await context.newPage();
    // The refused record and the unknown domain are answered 400 and 404 on purpose.
    const errors = collectPageErrors(page, { allowHttpErrors: true });
    try {
      await page.goto(dnsPage('goudenkorst.nl'));
      await logInOnAccountPage(page, EMAIL, PASSWORD);
      await page.getByTestId('dns-records').waitFor();
      await screenshot(page, `dns-words-phone-${width}`);
      const form = await expectButtonsOnScreen(page, longRow(page), width, { tapDelete: true });
      await screenshot(page, `dns-words-phone-${width}-editing`);
      await form.getByRole('button', { name: 'Annuleren' }).click();
      await expect(axeViolations(page)).resolves.toEqual([]);
      // The add form at this width, with a refused value under its field.
      const add = page.getByTestId('dns-add-form');
      await fillRecordForm(add, { name: 'winkel', type: 'AAAA', value: '2001:db8::g' });
      await expect(add.textContent()).resolves.toContain('Een IPv6-adres is acht groepen');
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
      await add.scrollIntoViewIfNeeded();
      await screenshot(page, `dns-words-phone-${width}-field-rule`);
      await fillRecordForm(add, { name: 'winkel', type: 'A', value: '203.0.113.30' });
      await page.getByTestId('dns-error-fields').waitFor();
      await screenshot(page, `dns-words-phone-${width}-server-rule`);
      await closeModal(page, 'dns-error');

      await page.goto(`${shop.url}/account/dns-profiles?name=goudenkorst.nl`);
      await page.getByRole('link', { name: 'Lange sleutel' }).click();
      const profile = page.getByTestId('dns-profile');
      await longRow(profile).waitFor();
      await screenshot(page, `dns-words-profiles-phone-${width}`);
      await expectButtonsOnScreen(page, longRow(profile), width, { tapDelete: false });
      await screenshot(page, `dns-words-profiles-phone-${width}-editing`);
      await expect(axeViolations(page)).resolves.toEqual([]);

      await page.goto(dnsPage('onbekend.nl'));
      await page.getByTestId('load-failure-back').waitFor();
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
      await screenshot(page, `dns-words-unknown-domain-${width}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
