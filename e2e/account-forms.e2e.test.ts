import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInOnAccountPage } from './pages/account-hosting-pages.ts';
import { closeModal } from './pages/dns-page.ts';
import { axeViolations } from './support/axe.ts';
import { desktop, screenshot } from './support/browser.ts';
import { type RunningShop } from './support/server.ts';
import { useShopAndBrowser } from './support/shop-and-browser.ts';
import { useSharedPage } from './support/shared-page.ts';

const PASSWORD = 'kavel-demo-wachtwoord';
const DOMAIN = 'goudenkorst.nl';
const WEBSHOP = 'goudenkorst-webshop.com';

let shop: RunningShop;
let browser: Browser;
useShopAndBrowser((running) => ({ shop, browser } = running));

/** Every request the page sends that could change something (anything but GET), as `METHOD /path`. */
function changesSentBy(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET') sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  return sent;
}

/** The fault shown under the field labelled `label` in `form`. */
const faultOf = (form: Locator, label: string) => form.locator('.field', { has: form.page().getByLabel(label, { exact: true }) }).locator('.field__error');

/** The texts a person reads under the fields of `form`. */
const faultsIn = (form: Locator) => form.locator('.field__error').allTextContents();

/**
 * The account's forms (DNS records and profiles, forwarding, holders, API keys) check the rules
 * the server parses before anything is sent: a bad value shows its fault under its field, in the
 * page language, and no request leaves the page.
 */
describe('the account forms check the shared rules before sending', () => {
  let page: Page;
  let sent: string[];
  useSharedPage(() => browser, (shared) => {
    page = shared.page;
    sent = changesSentBy(page);
  });

  it("DNS record and profile name, in Dutch: the fault under its field, nothing sent until it is right, and the server's refusal marked on its field", async () => {
    await page.goto(`${shop.url}/account/dns-beheren?name=${DOMAIN}`);
    await logInOnAccountPage(page, 'klant@demo.kavel.nl', PASSWORD);
    await page.getByTestId('dns-page').waitFor();
    sent.length = 0;

    const form = page.getByTestId('dns-add-form');
    await form.getByLabel('Type').selectOption('A');
    await form.getByLabel('Naam').fill('winkel');
    await form.getByLabel('Waarde').fill('203.0.113.300');
    await form.getByLabel('TTL (seconden)').fill('30');
    await form.getByRole('button', { name: 'Record toevoegen' }).click();
    await expect(faultOf(form, 'Waarde').textContent()).resolves.toBe('Een IPv4-adres is vier getallen van 0 tot 255, gescheiden door punten, bijvoorbeeld 203.0.113.10.');
    await expect(faultOf(form, 'TTL (seconden)').textContent()).resolves.toBe('Kies een TTL van 60 tot 604800 seconden.');
    await expect(form.getByLabel('Waarde').getAttribute('aria-invalid')).resolves.toBe('true');

    const profile = page.getByTestId('dns-save-profile');
    await profile.getByRole('button', { name: 'Opslaan als nieuw profiel' }).click();
    await expect(faultOf(profile, 'Naam van het profiel').textContent()).resolves.toBe('Vul een naam in.');
    await expect(axeViolations(page, '[data-testid="dns-page"]')).resolves.toEqual([]);
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'account-forms-dns-record-nl');
    expect(sent).toEqual([]);

    // Put right, the record is sent once and added.
    await form.getByLabel('Waarde').fill('203.0.113.30');
    await form.getByLabel('TTL (seconden)').fill('3600');
    await form.getByRole('button', { name: 'Record toevoegen' }).click();
    await expect(closeModal(page, 'dns-success')).resolves.toContain('DNS-record aangemaakt.');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^POST \/api\/account\/domeinen\/\d+\/dns$/);

    // A rule of the zone is the server's: its 'Fout!' modal, then the refused field keeps the rule, focused.
    await form.getByLabel('Naam').fill('winkel');
    await form.getByLabel('Waarde').fill('203.0.113.30');
    await form.getByRole('button', { name: 'Record toevoegen' }).click();
    await expect(closeModal(page, 'dns-error')).resolves.toContain('Waarde: Dit record bestaat al.');
    await expect(faultOf(form, 'Waarde').textContent()).resolves.toBe('Dit record bestaat al.');
    await expect.poll(() => form.getByLabel('Waarde').evaluate((input) => input === document.activeElement)).toBe(true);
    expect(sent).toHaveLength(2);
  });

  it('DNS record and profile name, in English: the same rules in English', async () => {
    await page.goto(`${shop.url}/account/dns-beheren?name=${DOMAIN}&lang=en`);
    await page.getByTestId('dns-page').waitFor();
    sent.length = 0;

    const form = page.getByTestId('dns-add-form');
    await form.getByLabel('Type').selectOption('MX');
    await form.getByLabel('Value').fill('mail_server');
    await form.getByRole('button', { name: 'Add record' }).click();
    await expect(faultOf(form, 'Value').textContent()).resolves.toBe('An MX or SRV record points to a host name: letters, digits, hyphens and dots, without an underscore (_).');
    await form.getByLabel('Type').selectOption('A');
    await form.getByRole('button', { name: 'Add record' }).click();
    await expect(faultOf(form, 'Name').textContent()).resolves.toBe('Enter a name, or @ for the domain itself.');
    await expect(faultOf(form, 'Value').textContent()).resolves.toBe('An IPv4 address is four numbers from 0 to 255, separated by dots, for example 203.0.113.10.');

    const profile = page.getByTestId('dns-save-profile');
    await profile.getByLabel('Profile name').fill('   ');
    await profile.getByRole('button', { name: 'Save as a new profile' }).click();
    await expect(faultOf(profile, 'Profile name').textContent()).resolves.toBe('Enter a name.');
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'account-forms-dns-record-en');
    expect(sent).toEqual([]);
  });

  it('DNS profiles page: a new profile without a name is not sent', async () => {
    await page.goto(`${shop.url}/account/dns-profiles?name=${DOMAIN}&lang=nl`);
    await page.getByTestId('dns-profiles-page').waitFor();
    sent.length = 0;
    const create = page.getByTestId('dns-new-profile');
    await create.getByRole('button', { name: 'Profiel aanmaken' }).click();
    await expect(faultOf(create, 'Naam van het profiel').textContent()).resolves.toBe('Vul een naam in.');
    await expect(create.getByLabel('Naam van het profiel').evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    expect(sent).toEqual([]);
  });

  it('forwarding: an IP address for DNS, a URL for HTTP, in Dutch and in English', async () => {
    await page.goto(`${shop.url}/account/domein-doorsturen?name=${WEBSHOP}`);
    await page.getByTestId('forwarding-page').waitFor();
    sent.length = 0;
    const form = page.getByTestId('forwarding-form');

    await page.getByRole('radio', { name: /^Naar een IP-adres/ }).check();
    await form.getByLabel('IP-adres', { exact: true }).fill('203.0.113.300');
    await page.getByTestId('forwarding-save').click();
    await expect(faultOf(form, 'IP-adres').textContent()).resolves.toBe('Vul een geldig IP-adres in, bijvoorbeeld 203.0.113.10 of 2001:db8::10.');

    await page.getByRole('radio', { name: /^Doorsturen naar een website/ }).check();
    await form.getByLabel('Doel-URL', { exact: true }).fill('ab');
    await page.getByTestId('forwarding-save').click();
    await expect(faultOf(form, 'Doel-URL').textContent()).resolves.toBe('De ingevoerde URL is ongeldig. Voer een geldige URL voor het doorsturen.');
    await expect(page.getByTestId('forwarding-saved').count()).resolves.toBe(0);
    await screenshot(page, 'account-forms-forwarding-nl');
    expect(sent).toEqual([]);

    await page.goto(`${shop.url}/account/domein-doorsturen?name=${WEBSHOP}&lang=en`);
    await page.getByTestId('forwarding-page').waitFor();
    await page.getByRole('radio', { name: /^To an IP address/ }).check();
    await form.getByLabel('IP address', { exact: true }).fill('::ffff:192.0.2.1');
    await page.getByTestId('forwarding-save').click();
    await expect(faultOf(form, 'IP address').textContent()).resolves.toBe('This is an IPv4 address in IPv6 form (such as ::ffff:192.0.2.1). Put the IPv4 address in an A record.');
    await screenshot(page, 'account-forms-forwarding-en');
    expect(sent).toEqual([]);
    await page.goto(`${shop.url}/account/domein-doorsturen?name=${WEBSHOP}&lang=nl`);
    await page.getByTestId('forwarding-page').waitFor();
  });

  it('holders: a new holder sent empty and the standard holder with a bad e-mail address stay on the page', async () => {
    await page.goto(`${shop.url}/account/domeinhouders?id=nieuw`);
    const form = page.getByTestId('holder-form');
    await form.waitFor();
    sent.length = 0;
    await page.getByTestId('holder-create').click();
    await expect(faultOf(form, 'Voornaam').textContent()).resolves.toBe('Dit veld is verplicht.');
    await expect(faultOf(form, 'Postcode').textContent()).resolves.toBe('Dit veld is verplicht.');

    await page.goto(`${shop.url}/account/domeinhouders?id=standard`);
    const standard = page.getByTestId('standard-holder-form');
    await standard.getByLabel('E-mailadres').fill('geen-adres');
    await page.getByTestId('standard-holder-save').click();
    await expect(faultOf(standard, 'E-mailadres').textContent()).resolves.toBe('Vul een geldig e-mailadres in.');
    expect(sent).toEqual([]);
  });

  it("API keys: a key without a name or a scope is not made; the scopes' fault under their group", async () => {
    const context = await browser.newContext({ ...desktop, bypassCSP: true });
    const reseller = await context.newPage();
    const resellerSent = changesSentBy(reseller);
    try {
      await reseller.goto(`${shop.url}/account/api-sleutels`);
      await logInOnAccountPage(reseller, 'reseller@demo.kavel.nl', PASSWORD);
      const form = reseller.getByTestId('api-key-form');
      await form.waitFor();
      resellerSent.length = 0;
      await form.getByRole('checkbox', { name: 'availability:read' }).uncheck();
      await form.getByRole('checkbox', { name: 'domains:read' }).uncheck();
      await form.getByRole('button', { name: 'Sleutel aanmaken' }).click();
      await expect(faultOf(form, 'Naam').textContent()).resolves.toBe('Dit veld is verplicht.');
      const scopes = form.getByRole('group', { name: 'Rechten' });
      await expect(scopes.locator('.field__error').textContent()).resolves.toBe('Kies ten minste één recht.');
      await expect(faultsIn(form)).resolves.toHaveLength(2);
      await expect(axeViolations(reseller, '[data-testid="api-key-form"]')).resolves.toEqual([]);
      await screenshot(reseller, 'account-forms-api-key-nl');
      expect(resellerSent).toEqual([]);

      // Put right, the key is made: the page had kept it back for its faults only.
      await form.getByLabel('Naam').fill('Voorraadkoppeling');
      await form.getByRole('checkbox', { name: 'dns:read' }).check();
      await form.getByRole('button', { name: 'Sleutel aanmaken' }).click();
      await reseller.getByTestId('api-key-secret').waitFor();
      expect(resellerSent).toEqual(['POST /api/account/api-sleutels']);
      await expect(faultsIn(form)).resolves.toEqual([]);
    } finally {
      await context.close();
    }
  });
});
