import { request } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { freePort } from '../packages/server/test/support/shop-process.ts';
import { logInOnAccountPage } from './pages/account-hosting-pages.ts';
import { axeViolations } from './support/axe.ts';
import { collectPageErrors, mobile, screenshot } from './support/browser.ts';
import { sidewaysOverflow } from './support/page-width.ts';
import { type RunningShop } from './support/server.ts';
import { useShopAndBrowser } from './support/shop-and-browser.ts';
import { useSharedPage } from './support/shared-page.ts';

const PASSWORD = 'kavel-demo-wachtwoord';
const WEBSHOP = 'goudenkorst-webshop.com';

let shop: RunningShop;
let browser: Browser;
let forwarderPort: number;
useShopAndBrowser(
  (running) => ({ shop, browser } = running),
  async () => {
    forwarderPort = await freePort();
    return { FORWARDER_PORT: String(forwarderPort) };
  },
);

/** A request to the shop's forwarding responder as a visitor's browser sends it for the domain. */
function visit(path: string, host = WEBSHOP): Promise<{ status: number; location: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port: forwarderPort, path, headers: { host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const records = (page: Page) => page.getByTestId('forwarding-record').allTextContents();

/** The forward types as a person reads them on the Dutch page. */
const TYPES = { HTTP: 'Doorsturen naar een website', IFRAME: 'Website tonen in een frame', DNS: 'Naar een IP-adres', NONE: 'Niet doorsturen' } as const;
const typeRadio = (page: Page, type: keyof typeof TYPES) => page.getByRole('radio', { name: new RegExp(`^${TYPES[type]}`) });

async function saveForward(page: Page, type: keyof typeof TYPES, fill: () => Promise<void> = async () => {}) {
  await typeRadio(page, type).check();
  await fill();
  await page.getByTestId('forwarding-save').click();
  await page.getByTestId('forwarding-saved').waitFor();
}

describe('domain forwarding in the account area', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  useSharedPage(() => browser, (shared) => ({ context, page, errors } = shared), { allowHttpErrors: true });

  it("opens from the domain list's 'Domein doorsturen' with no forward yet", async () => {
    await page.goto(`${shop.url}/account/diensten/domeinen`);
    await logInOnAccountPage(page, 'klant@demo.kavel.nl', PASSWORD);
    await page.getByRole('link', { name: `Domein doorsturen voor ${WEBSHOP}` }).click();
    await page.waitForURL(/\/account\/domein-doorsturen\?name=goudenkorst-webshop\.com$/);
    await page.getByTestId('forwarding-page').waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Domein doorsturen');
    await expect(typeRadio(page, 'NONE').isChecked()).resolves.toBe(true);
    // Each type is named for people and says what it does to the zone.
    await expect(page.getByTestId('forwarding-type').locator('.radio-group__option > .radio-group__text > span:first-child').allTextContents()).resolves.toEqual(Object.values(TYPES));
    await expect(page.getByTestId('forwarding-type').textContent()).resolves.toContain('hun A-, AAAA- en CNAME-records worden vervangen en komen terug als je de doorsturing uitzet');
    await expect(page.getByTestId('forwarding-records').textContent()).resolves.toContain('Dit domein wordt niet doorgestuurd.');
    expect((await visit('/taart?x=1')).status).toBe(404);
  });

  it("forwards by HTTP with a 301 to the target, the path kept only when chosen, and shows the records it wrote", async () => {
    await saveForward(page, 'HTTP', async () => {
      await page.getByLabel('Doel-URL', { exact: true }).fill('https://goudenkorst.nl/winkel');
      await expect(page.getByTestId('forwarding-keep-path').isChecked()).resolves.toBe(false);
      await expect(page.getByLabel('Soort redirect').inputValue()).resolves.toBe('301');
    });
    await expect(records(page)).resolves.toEqual([`${WEBSHOP}A203.0.113.80`, `www.${WEBSHOP}A203.0.113.80`]);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await screenshot(page, 'forwarding-page-http');
    await expect(visit('/taart?x=1')).resolves.toMatchObject({ status: 301, location: 'https://goudenkorst.nl/winkel' });

    await page.getByTestId('forwarding-keep-path').check();
    await page.getByTestId('forwarding-save').click();
    await page.getByTestId('forwarding-saved').waitFor();
    await expect(visit('/taart?x=1')).resolves.toMatchObject({ status: 301, location: 'https://goudenkorst.nl/winkel/taart?x=1' });
  });

  it('shows field errors for a bad target and changes nothing', async () => {
    await page.getByLabel('Doel-URL', { exact: true }).fill('ab');
    await page.getByTestId('forwarding-save').click();
    await expect(page.getByText('De ingevoerde URL is ongeldig. Voer een geldige URL voor het doorsturen.').waitFor()).resolves.toBeUndefined();
    await expect(visit('/taart')).resolves.toMatchObject({ status: 301, location: 'https://goudenkorst.nl/winkel/taart' });
  });

  it('frames the target by IFRAME with the title given, points the A record at an IP by DNS, and removes it all by NONE', async () => {
    await saveForward(page, 'IFRAME', async () => {
      await page.getByLabel('Doel-URL', { exact: true }).fill('https://goudenkorst.nl/winkel');
      await page.getByLabel('Titel van de pagina').fill('Bakkerij De Gouden Korst');
    });
    const framed = await visit('/');
    expect(framed.status).toBe(200);
    expect(framed.body).toContain('<title>Bakkerij De Gouden Korst</title>');
    expect(framed.body).toContain('<meta name="robots" content="noindex">');

    await saveForward(page, 'DNS', () => page.getByLabel('IP-adres', { exact: true }).fill('198.51.100.7'));
    await expect(records(page)).resolves.toEqual([`${WEBSHOP}A198.51.100.7`]);
    await page.getByTestId('forwarding-dns-link').click();
    await page.getByTestId('dns-page').waitFor();
    await expect(page.locator('[data-testid="dns-record"][data-name="@"][data-type="A"]').getAttribute('data-value')).resolves.toBe('198.51.100.7');
    await page.goBack();
    await page.getByTestId('forwarding-page').waitFor();

    await saveForward(page, 'NONE');
    await expect(records(page)).resolves.toEqual([]);
    expect((await visit('/')).status).toBe(404);
    expect(errors).toEqual([]);
  });

  /**
   * Issue 40 item 4: a person forwards a domain that has its own website address, switches the
   * forward off, and finds the address back on the DNS page (not a domain without web address).
   */
  async function switchOffGivesTheAddressBack(page: Page, shot: string) {
    const apexA = page.locator('[data-testid="dns-record"][data-name="@"][data-type="A"]');
    await page.goto(`${shop.url}/account/dns-beheren?name=${WEBSHOP}`);
    await page.getByTestId('dns-page').waitFor();
    await expect(apexA.getAttribute('data-value')).resolves.toBe('203.0.113.10');

    await page.goto(`${shop.url}/account/domein-doorsturen?name=${WEBSHOP}`);
    await page.getByTestId('forwarding-page').waitFor();
    await saveForward(page, 'HTTP', () => page.getByLabel('Doel-URL', { exact: true }).fill('https://goudenkorst.nl'));
    await expect(page.getByTestId('forwarding-replaced-record').allTextContents()).resolves.toEqual([`${WEBSHOP}A203.0.113.10`, `${WEBSHOP}AAAA2001:db8::10`, `www.${WEBSHOP}CNAME${WEBSHOP}.`]);
    await expect(page.getByTestId('forwarding-replaced').textContent()).resolves.toContain('Zet je de doorsturing uit, dan komen ze terug.');
    await expect(sidewaysOverflow(page)).resolves.toEqual([]);
    await screenshot(page, `${shot}-forwarded`);

    await saveForward(page, 'NONE');
    await expect(page.getByTestId('forwarding-replaced').count()).resolves.toBe(0);
    await page.getByTestId('forwarding-dns-link').click();
    await page.getByTestId('dns-page').waitFor();
    await apexA.waitFor();
    await expect(apexA.getAttribute('data-value')).resolves.toBe('203.0.113.10');
    await expect(page.locator('[data-testid="dns-record"][data-name="www"][data-type="CNAME"]').getAttribute('data-value')).resolves.toBe(`${WEBSHOP}.`);
    await expect(page.locator('[data-testid="dns-record"][data-value="203.0.113.80"]').count()).resolves.toBe(0);
    await screenshot(page, `${shot}-dns-after`);
  }

  it('gives the domain its own A record back when an HTTP forward is switched off, at 1280 px', async () => {
    await switchOffGivesTheAddressBack(page, 'forwarding-switch-off-1280');
    expect(errors).toEqual([]);
  });

  it('gives the domain its own A record back when an HTTP forward is switched off, at 390 px', async () => {
    const phone = await browser.newContext({ ...mobile, bypassCSP: true, storageState: await context.storageState() });
    const small = await phone.newPage();
    const phoneErrors = collectPageErrors(small, { allowHttpErrors: true });
    await switchOffGivesTheAddressBack(small, 'forwarding-switch-off-390');
    await phone.close();
    expect(phoneErrors).toEqual([]);
    await page.goto(`${shop.url}/account/domein-doorsturen?name=${WEBSHOP}`);
    await page.getByTestId('forwarding-page').waitFor();
  });

  it('leaves www as the customer set it while forwarded, and says which record it did not put back', async () => {
    await saveForward(page, 'HTTP', () => page.getByLabel('Doel-URL', { exact: true }).fill('https://goudenkorst.nl'));
    await page.getByTestId('forwarding-dns-link').click();
    await page.getByTestId('dns-page').waitFor();
    const www = page.locator('[data-testid="dns-record"][data-name="www"][data-type="A"]');
    await www.getByRole('button', { name: /wijzigen/ }).click();
    const edit = page.getByTestId('dns-edit-form');
    await edit.getByLabel('Waarde').fill('192.0.2.5');
    await edit.getByRole('button', { name: 'Opslaan' }).click();
    const done = page.getByTestId('dns-success');
    await done.getByRole('button', { name: 'Sluiten' }).click();
    await expect.poll(() => www.getAttribute('data-value')).toBe('192.0.2.5');
    await page.goBack();
    await page.getByTestId('forwarding-page').waitFor();

    await saveForward(page, 'NONE');
    const warning = page.getByTestId('forwarding-not-restored');
    await expect(warning.textContent()).resolves.toContain('Deze records zijn niet teruggezet, omdat je hun naam sinds de doorsturing zelf hebt gewijzigd:');
    await expect(warning.getByTestId('forwarding-not-restored-record').allTextContents()).resolves.toEqual([`www.${WEBSHOP}CNAME${WEBSHOP}.`]);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await screenshot(page, 'forwarding-not-restored-1280');
    await page.getByTestId('forwarding-dns-link').click();
    await page.getByTestId('dns-page').waitFor();
    await expect(www.getAttribute('data-value')).resolves.toBe('192.0.2.5');
    await expect(page.locator('[data-testid="dns-record"][data-name="@"][data-type="A"]').getAttribute('data-value')).resolves.toBe('203.0.113.10');
    await page.goBack();
    await page.getByTestId('forwarding-page').waitFor();
    expect(errors).toEqual([]);
  });

  it("offers e-mail by mx, google or office, each opening the DNS page's preset with its changes to be shown first", async () => {
    const mail = page.getByTestId('forwarding-mail');
    await expect(mail.getByRole('link').allTextContents()).resolves.toEqual(['Onze mailservers (mx)', 'Google Workspace (google)', 'Microsoft 365 (office)']);
    await page.getByTestId('forwarding-mail-google').click();
    await page.waitForURL(/\/account\/dns-beheren\?name=goudenkorst-webshop\.com&mail=google$/);
    const presets = page.getByTestId('dns-mail-presets');
    await expect(presets.getByRole('radio', { name: 'Google Workspace (google)' }).isChecked()).resolves.toBe(true);
    await presets.getByRole('button', { name: 'Bekijk de wijzigingen' }).click();
    await page.getByText('smtp.google.com').first().waitFor();
    await page.goBack();
    await page.getByTestId('forwarding-page').waitFor();
    expect(errors).toEqual([]);
  });

  it('fits a phone', async () => {
    const phone = await browser.newContext({ ...mobile, bypassCSP: true, storageState: await context.storageState() });
    const small = await phone.newPage();
    await small.goto(`${shop.url}/account/domein-doorsturen?name=${WEBSHOP}`);
    await small.getByTestId('forwarding-page').waitFor();
    await typeRadio(small, 'HTTP').check();
    await expect(sidewaysOverflow(small)).resolves.toEqual([]);
    await expect(axeViolations(small)).resolves.toEqual([]);
    await screenshot(small, 'forwarding-page-phone');
    await phone.close();
  });
});
