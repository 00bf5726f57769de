import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInOnAccountPage } from './pages/account-hosting-pages.ts';
import { closeModal, fillRecordForm } from './pages/dns-page.ts';
import { axeViolations } from './support/axe.ts';
import { collectPageErrors, desktop, mobile, screenshot } from './support/browser.ts';
import { type RunningShop } from './support/server.ts';
import { useShopAndBrowser } from './support/shop-and-browser.ts';
import { useSharedPage } from './support/shared-page.ts';

const PASSWORD = 'kavel-demo-wachtwoord';

let shop: RunningShop;
let browser: Browser;
useShopAndBrowser((running) => ({ shop, browser } = running));

const records = (page: Page) => page.getByTestId('dns-record');
const row = (page: Page, name: string, type: string) => page.locator(`[data-testid="dns-record"][data-name="${name}"][data-type="${type}"]`);

/** Fills the add form and sends it, then closes the success modal and answers its text. */
async function addRecord(page: Page, record: { name: string; type: string; value: string; priority?: string }): Promise<string> {
  await fillRecordForm(page.getByTestId('dns-add-form'), record);
  return closeModal(page, 'dns-success');
}


const valueOf = (locator: Locator) => locator.getAttribute('data-value');

describe('DNS management in the account area', () => {
  let page: Page;
  let errors: string[];
  useSharedPage(() => browser, (shared) => ({ page, errors } = shared), { allowHttpErrors: true });

  it("opens from the domain list's 'DNS beheren' with the records read-only until the pencil", async () => {
    await page.goto(`${shop.url}/account/diensten/domeinen`);
    await logInOnAccountPage(page, 'klant@demo.kavel.nl', PASSWORD);
    await page.getByRole('link', { name: 'DNS beheren voor goudenkorst.nl' }).click();
    await page.waitForURL(/\/account\/dns-beheren\?name=goudenkorst\.nl$/);
    await page.getByTestId('dns-page').waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('DNS beheren');
    await expect(records(page).count()).resolves.toBe(5);
    await expect(page.getByTestId('dns-records').locator('input').count()).resolves.toBe(0);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await screenshot(page, 'dns-page');
  });

  it('adds www A, an MX completed with the domain, and an SRV with its hint', async () => {
    await expect(addRecord(page, { name: 'www', type: 'A', value: '203.0.113.10' })).resolves.toContain('DNS-record aangemaakt.');
    await expect(valueOf(row(page, 'www', 'A'))).resolves.toBe('203.0.113.10');

    await expect(addRecord(page, { name: '', type: 'MX', value: 'mail', priority: '30' })).resolves.toContain('DNS-record aangemaakt.');
    await expect(page.locator('[data-testid="dns-record"][data-type="MX"][data-value="mail.goudenkorst.nl."]').count()).resolves.toBe(1);

    const form = page.getByTestId('dns-add-form');
    await form.getByLabel('Type').selectOption('SRV');
    await expect(form.textContent()).resolves.toContain('_service._protocol');
    await expect(addRecord(page, { name: '_sip._tcp', type: 'SRV', value: '60 5060 sip', priority: '10' })).resolves.toContain('DNS-record aangemaakt.');
    await expect(valueOf(row(page, '_sip._tcp', 'SRV'))).resolves.toBe('60 5060 sip.goudenkorst.nl.');
    await screenshot(page, 'dns-page-added');
  });

  it("shows a refused record's rule under its field, and the zone's refusal in the 'Fout!' modal, adding nothing", async () => {
    const before = await records(page).count();
    const form = page.getByTestId('dns-add-form');
    await form.getByLabel('Type').selectOption('A');
    await form.getByLabel('Naam').fill('winkel');
    await form.getByLabel('Waarde').fill('203.0.113.300');
    await form.getByRole('button', { name: 'Record toevoegen' }).click();
    await expect(form.getByLabel('Waarde').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(form.textContent()).resolves.toContain('Een IPv4-adres is vier getallen van 0 tot 255');
    await form.getByLabel('Type').selectOption('CNAME');
    await form.getByLabel('Naam').fill('www');
    await form.getByLabel('Waarde').fill('elders.nl.');
    await form.getByRole('button', { name: 'Record toevoegen' }).click();
    const modal = page.getByTestId('dns-error');
    await modal.waitFor();
    await expect(modal.getByRole('heading').textContent()).resolves.toBe('Fout!');
    await expect(modal.textContent()).resolves.toContain('Naam: ');
    await screenshot(page, 'dns-error');
    await closeModal(page, 'dns-error');
    await expect(records(page).count()).resolves.toBe(before);
  });

  it('edits a record after the pencil and returns to read-only, then deletes one after confirming', async () => {
    await page.getByRole('button', { name: 'Record www A 203.0.113.10 wijzigen', exact: true }).click();
    const edit = page.getByTestId('dns-edit-form');
    await edit.getByLabel('Waarde').fill('203.0.113.11');
    await screenshot(page, 'dns-edit');
    await edit.getByRole('button', { name: 'Opslaan' }).click();
    await expect(closeModal(page, 'dns-success')).resolves.toContain('DNS-record bijgewerkt.');
    await expect.poll(() => page.getByTestId('dns-edit-form').count()).toBe(0);
    await expect(valueOf(row(page, 'www', 'A'))).resolves.toBe('203.0.113.11');

    await page.getByRole('button', { name: 'Record _sip._tcp SRV 10 60 5060 sip.goudenkorst.nl. verwijderen', exact: true }).click();
    const confirm = page.getByTestId('dns-confirm');
    await confirm.getByRole('button', { name: 'Ja, doorgaan' }).click();
    await expect(closeModal(page, 'dns-success')).resolves.toContain('DNS-record verwijderd.');
    await expect.poll(() => row(page, '_sip._tcp', 'SRV').count()).toBe(0);
  });

  it('undoes the last change from the history', async () => {
    const history = page.getByTestId('dns-history');
    await expect(history.locator('li').first().textContent()).resolves.toContain('Record verwijderd');
    await expect(history.locator('li').first().textContent()).resolves.toContain('klant@demo.kavel.nl');
    await page.getByTestId('dns-undo').click();
    await expect(closeModal(page, 'dns-success')).resolves.toContain('Wijziging voltooid.');
    await expect(valueOf(row(page, '_sip._tcp', 'SRV'))).resolves.toBe('60 5060 sip.goudenkorst.nl.');
    await expect(history.locator('li').first().textContent()).resolves.toContain('Wijziging ongedaan gemaakt');
    await screenshot(page, 'dns-history');
    expect(errors.filter((error) => !error.includes('400'))).toEqual([]);
  });

  it('saves the records as a new profile, adds a [DOMAINNAME] record to it on the profiles page, and applies it to the webshop after seeing the changes', async () => {
    const save = page.getByTestId('dns-save-profile');
    await save.getByLabel('Naam van het profiel').fill('Bakkerij');
    await save.getByRole('button', { name: 'Opslaan als nieuw profiel' }).click();
    await expect(closeModal(page, 'dns-success')).resolves.toContain('Nieuw DNS-profiel aangemaakt.');

    await page.getByRole('link', { name: 'DNS-profielen beheren' }).click();
    await page.waitForURL(/\/account\/dns-profiles\?name=goudenkorst\.nl/);
    await page.getByRole('link', { name: 'Bakkerij' }).click();
    await page.waitForURL(/profileId=\d+$/);
    const profile = page.getByTestId('dns-profile');
    await expect(profile.getAttribute('data-profile')).resolves.toBe('Bakkerij');
    await expect(profile.textContent()).resolves.toContain('mail.[DOMAINNAME].');
    const form = page.getByTestId('dns-profile-add-form');
    await form.getByLabel('Type').selectOption('MX');
    await expect(form.getByLabel('Prioriteit').locator('option').allTextContents()).resolves.not.toContain('15');
    await form.getByLabel('Type').selectOption('CNAME');
    await form.getByLabel('Naam').fill('winkel');
    await form.getByLabel('Waarde').fill('www.[DOMAINNAME].');
    await form.getByRole('button', { name: 'Record toevoegen' }).click();
    await expect(closeModal(page, 'dns-success')).resolves.toContain('DNS-record aangemaakt.');
    await expect(profile.locator('[data-testid="dns-record"][data-name="winkel"]').getAttribute('data-value')).resolves.toBe('www.[DOMAINNAME].');
    await expect(axeViolations(page)).resolves.toEqual([]);
    await screenshot(page, 'dns-profiles');

    await page.getByTestId('dns-back').click();
    await page.waitForURL(/\/account\/dns-beheren\?name=goudenkorst\.nl$/);
    await page.goto(`${shop.url}/account/dns-beheren?name=goudenkorst-webshop.com`);
    await page.getByTestId('dns-page').waitFor();
    const apply = page.getByTestId('dns-apply-form');
    await apply.getByLabel('Profiel').selectOption({ label: 'Bakkerij' });
    await apply.getByRole('button', { name: 'Bekijk de wijzigingen' }).click();
    const preview = page.getByTestId('dns-preview');
    await preview.waitFor();
    await expect(preview.getByTestId('dns-preview-added').textContent()).resolves.toContain('winkel CNAME www.goudenkorst-webshop.com.');
    await expect(preview.getByTestId('dns-preview-removed').textContent()).resolves.toContain('www CNAME goudenkorst-webshop.com.');
    await screenshot(page, 'dns-apply-preview');
    await preview.getByRole('button', { name: 'Toepassen' }).click();
    await expect(closeModal(page, 'dns-success')).resolves.toContain('Wijziging voltooid.');
    await expect(valueOf(row(page, 'winkel', 'CNAME'))).resolves.toBe('www.goudenkorst-webshop.com.');
    await expect(valueOf(row(page, 'www', 'A'))).resolves.toBe('203.0.113.11');
  });

  it('exports the zone as a BIND file, and imports one', async () => {
    const download = page.waitForEvent('download');
    await page.getByTestId('dns-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('goudenkorst-webshop.com.zone');
    const text = await new Response(await file.createReadStream() as unknown as ReadableStream).text();
    expect(text).toMatch(/^winkel\s+3600\s+IN\s+CNAME\s+www\.goudenkorst-webshop\.com\.$/m);

    const form = page.getByTestId('dns-import-form');
    // A real-world file: two TTLs in one set, an MX priority outside the form's list, a line that does not read.
    await form.getByLabel('Inhoud van het zonebestand').fill(`${text}\nnieuw 300 IN A 203.0.113.99\ntweede 600 IN A 203.0.113.98\ntweede 300 IN A 203.0.113.97\nkapot IN A 203.0.113.999\npost IN MX 25 nieuw\n`);
    await form.getByRole('button', { name: 'Inlezen' }).click();
    await expect(closeModal(page, 'dns-success')).resolves.toContain('Wijziging voltooid.');
    await expect(valueOf(row(page, 'nieuw', 'A'))).resolves.toBe('203.0.113.99');
    await expect(page.getByTestId('dns-import-skipped').textContent()).resolves.toContain('SOA');
    await expect(page.getByTestId('dns-import-skipped').textContent()).resolves.toMatch(/Regel \d+: kapot IN A 203\.0\.113\.999\s*Een IPv4-adres/);
    await expect(page.getByTestId('dns-import-warnings').textContent()).resolves.toContain("De records tweede A hadden verschillende TTL's; ze delen nu de laagste, 300 seconden.");
    await screenshot(page, 'dns-import');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'dns-import-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(errors.filter((error) => !error.includes('400'))).toEqual([]);
  });
});

describe('DNS management for a sub-user, and on a phone', () => {
  it("shows a sub-user its parent's records read-only, without add, edit or delete", async () => {
    const context = await browser.newContext({ ...desktop, bypassCSP: true });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${shop.url}/account/dns-beheren?name=goudenkorst.nl`);
    await logInOnAccountPage(page, 'medewerker@demo.kavel.nl', PASSWORD);
    await page.getByTestId('dns-read-only').waitFor();
    await expect(records(page).count()).resolves.toBeGreaterThan(0);
    await expect(page.getByTestId('dns-add-form').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /wijzigen|verwijderen/ }).count()).resolves.toBe(0);
    await expect(page.getByTestId('dns-undo').count()).resolves.toBe(0);
    await screenshot(page, 'dns-sub-user');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("moves a domain served elsewhere to our name servers: hidden records until 'move DNS', then what the scan found", async () => {
    const context = await browser.newContext({ ...desktop, bypassCSP: true });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${shop.url}/account/dns-beheren?name=oudegracht-design.nl`);
    await logInOnAccountPage(page, 'reseller@demo.kavel.nl', PASSWORD);
    const move = page.getByTestId('dns-move');
    await move.waitFor();
    await expect(records(page).count()).resolves.toBe(0);
    await expect(page.getByTestId('dns-add-form').count()).resolves.toBe(0);
    await page.getByTestId('dns-move-start').click();
    const found = page.getByTestId('dns-move-records');
    await found.waitFor();
    await expect(move.textContent()).resolves.toContain('ns1.elders-hosting.nl');
    await expect(found.getByRole('listitem').allTextContents()).resolves.toContain('@ MX 10 mail.oudegracht-design.nl.');
    await screenshot(page, 'dns-move');
    await expect(axeViolations(page)).resolves.toEqual([]);
    await page.getByTestId('dns-move-confirm').click();
    await closeModal(page, 'dns-success');
    await records(page).first().waitFor();
    await expect(valueOf(row(page, '@', 'MX'))).resolves.toBe('mail.oudegracht-design.nl.');
    await expect.poll(() => page.getByTestId('dns-move').count()).toBe(0);
    await page.getByTestId('dns-add-form').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('turns privacy protection on for the .com, and offers none for the .nl', async () => {
    const context = await browser.newContext({ ...desktop, bypassCSP: true });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${shop.url}/account/dns-beheren?name=goudenkorst-webshop.com`);
    await logInOnAccountPage(page, 'klant@demo.kavel.nl', PASSWORD);
    const toggle = page.getByTestId('dns-privacy-toggle');
    await toggle.waitFor();
    await expect(toggle.isChecked()).resolves.toBe(false);
    await toggle.click();
    await expect(closeModal(page, 'dns-success')).resolves.toContain('Privacybescherming is ingeschakeld.');
    await expect(page.getByTestId('dns-privacy-state').textContent()).resolves.toBe('De gegevens van de houder zijn afgeschermd.');
    await page.reload();
    await page.getByTestId('dns-privacy-toggle').waitFor();
    await expect(page.getByTestId('dns-privacy-toggle').isChecked()).resolves.toBe(true);
    await page.getByTestId('dns-privacy').scrollIntoViewIfNeeded();
    await screenshot(page, 'dns-privacy');
    await page.goto(`${shop.url}/account/dns-beheren?name=goudenkorst.nl`);
    await page.getByTestId('dns-page').waitFor();
    await expect(page.getByTestId('dns-privacy').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a phone: the records become cards and the form stacks', async () => {
    const context = await browser.newContext({ ...mobile, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${shop.url}/account/dns-beheren?name=goudenkorst-webshop.com`);
    await logInOnAccountPage(page, 'klant@demo.kavel.nl', PASSWORD);
    await page.getByTestId('dns-page').waitFor();
    await screenshot(page, 'dns-phone');
    // The page never scrolls sideways (e2e/dns-words.e2e.test.ts checks the buttons of a long record at 360 and 390 px).
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await context.close();
  });
});
