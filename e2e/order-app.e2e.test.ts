import { LOCAL_BASKET_STORAGE_KEY, type TLocalBasket } from '@kavel/core';
import type { CaughtMail } from '@kavel/server/testing';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { OrderResultPages, SimulatedPaymentPage } from './pages/order-pages.ts';
import { axeViolations } from './support/axe.ts';
import { desktop, inFreshPage, mobile, screenshot } from './support/browser.ts';
import { type RunningShop } from './support/server.ts';
import { mailedLink, useShopBrowserAndMail, type SmtpCatcher } from './support/shop-with-mail.ts';

let shop: RunningShop;
let browser: Browser;
let smtp: SmtpCatcher;
useShopBrowserAndMail((running) => ({ shop, browser, smtp } = running));

const DEMO = { email: 'klant@demo.kavel.nl', password: 'kavel-demo-wachtwoord' };
const linkOf = (mail: CaughtMail, path: string) => mailedLink(mail, path, shop.url);

/** A fresh browser context; `run` gets its page, whose errors must stay empty (HTTP refusals the test asks for aside). */
// CSP bypassed for the accessibility check's script only.
const inBrowser = (run: (page: Page) => Promise<void>, options: BrowserContextOptions & { allowHttpErrors?: boolean } = {}) =>
  inFreshPage(browser, { ...desktop, bypassCSP: true, ...options }, run);

/** What a product page leaves behind: the stored local basket. */
async function storeLocalBasket(page: Page, item: TLocalBasket) {
  await page.goto(`${shop.url}/`);
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [LOCAL_BASKET_STORAGE_KEY, JSON.stringify(item)] as const);
}

async function logIn(page: Page, account = DEMO) {
  const form = page.getByTestId('order-app-login-form');
  await form.getByLabel('E-mailadres of gebruikersnaam').fill(account.email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Inloggen', exact: true }).click();
}

const rowOf = (page: Page) => page.getByTestId('summary-row');
const flat = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');

describe('the order app', () => {
  it('walks a new customer from the certificate page through registration, data, summary and online payment to the order summary', async () => {
    await inBrowser(async (page) => {
      await page.goto(`${shop.url}/website/ssl-certificaat`);
      const rapid = page.locator('[data-testid="product-card"][data-product-code="SSL_RAPIDSSL"]');
      await page.getByLabel('Domeinnaam voor het certificaat').fill('goudenkorst.nl');
      await rapid.getByRole('button', { name: 'RapidSSL bestellen' }).click();

      // 1. The entry sends a visitor to login.
      await page.waitForURL(`${shop.url}/bestellen/inloggen`);
      await page.getByText('Je moet ingelogd zijn om je bestelling af te ronden.').waitFor();

      // 2. The short registration form, the thank-you screen with its countdown, the mailed link.
      const address = `ssl-${Date.now()}@example.nl`;
      const register = page.getByTestId('order-app-registration-form');
      await register.getByLabel('E-mailadres').fill(address);
      await register.getByLabel('Voornaam').fill('Piet');
      await register.getByLabel('Achternaam').fill('Jansen');
      await register.getByRole('button').last().click();
      await page.getByTestId('successfully-registered').waitFor();
      await page.getByText('Bedankt voor het aanmaken van jouw account.').waitFor();
      await expect(page.getByTestId('successfully-registered-heading').textContent()).resolves.toBe(`We hebben een verificatielink gestuurd naar ${address}`);
      await expect(page.getByRole('button', { name: /Activeringslink opnieuw verzenden \(\d+ seconden\)/ }).isDisabled()).resolves.toBe(true);
      await screenshot(page, 'order-app-successfully-registered');
      const mail = await smtp.waitFor((m) => m.to.includes(address), 10_000);
      await page.goto(linkOf(mail, '/account/activeren'));
      const passwords = page.getByTestId('set-password-form');
      await passwords.getByLabel('Wachtwoord', { exact: true }).fill('Brood-en-Banket-2026!');
      await passwords.getByLabel('Herhaal wachtwoord').fill('Brood-en-Banket-2026!');
      await passwords.getByRole('button', { name: 'Activeer mijn account' }).click();
      await page.getByTestId('activation-done').waitFor();

      // 3. Back at the entry: the data is incomplete.
      await page.goto(`${shop.url}/bestellen/`);
      await page.waitForURL(`${shop.url}/bestellen/gegevens-invullen`);
      const data = page.getByTestId('customer-data-form');
      await expect(data.getByLabel('Voornaam').inputValue()).resolves.toBe('Piet');
      // 4. The postcode and house number fill in street and city.
      await data.getByLabel('Telefoonnummer').fill('020 123 4567');
      await data.getByLabel('Postcode').fill('1012 JS');
      await data.getByLabel('Huisnummer').fill('1');
      await expect.poll(() => data.getByLabel('Straat').inputValue()).toBe('Dam');
      await expect(data.getByLabel('Plaats').inputValue()).resolves.toBe('Amsterdam');
      await screenshot(page, 'order-app-customer-data');
      await expect(axeViolations(page)).resolves.toEqual([]);
      await data.getByRole('button', { name: 'Doorgaan' }).click();

      // 5. The summary: the certificate, 'Per jaar', the VAT line, the total, the agreement.
      await page.waitForURL(`${shop.url}/bestellen/samenvatting`);
      await rowOf(page).waitFor();
      await expect(rowOf(page).getAttribute('data-type')).resolves.toBe('ssl');
      await expect(page.getByTestId('summary-common-name').textContent()).resolves.toBe('Common name: goudenkorst.nl');
      const prices = flat(await page.getByTestId('summary-prices').innerText());
      expect(prices).toMatch(/Per jaar excl\. btw € 24,95/);
      expect(prices).toMatch(/Btw 21% € 5,24/);
      expect(prices).toMatch(/Totaal € 30,19/);
      await page.getByTestId('summary-payment-info').waitFor();
      const order = page.getByRole('button', { name: 'Bestel en begin direct' });
      await expect(order.isDisabled()).resolves.toBe(true);
      await screenshot(page, 'order-app-summary-ssl');
      await expect(axeViolations(page)).resolves.toEqual([]);
      await page.getByText('Ik ga akkoord met de').click();
      await order.click();

      // 6. The provider's page; 7. the status page, then the order summary.
      const provider = new SimulatedPaymentPage(page);
      await provider.waitFor();
      await expect(page.evaluate((key) => window.localStorage.getItem(key), LOCAL_BASKET_STORAGE_KEY)).resolves.toBeNull();
      await provider.choose('Betaald');
      const result = new OrderResultPages(page);
      await result.waitForSummary();
      expect(flat(await result.invoiceText.textContent())).toMatch(/Factuur \d{4}-\d{6} is aangemaakt voor € 30,19\./);
      await expect(page.getByTestId('continue-to-product').getAttribute('href')).resolves.toBe('/account/diensten/domeinen/');
      await page.getByTestId('recommended-products').waitFor();
      await expect(page.getByTestId('recommended-products').textContent()).resolves.not.toMatch(/SSL-certificaat/);
      await screenshot(page, 'order-app-order-summary-ssl');
    });
  });

  it('places a VPS for a known customer on account, with its specification and a period of their choice', async () => {
    await inBrowser(async (page) => {
      await storeLocalBasket(page, { type: 'vpspackage', productId: 6202, productCode: 'VPS_M' });
      await page.goto(`${shop.url}/bestellen/`);
      await page.waitForURL(`${shop.url}/bestellen/inloggen`);
      await logIn(page);
      await page.waitForURL(`${shop.url}/bestellen/samenvatting`);
      await page.getByTestId('summary-vps-spec').waitFor();
      await expect(page.getByTestId('summary-vps-spec').textContent()).resolves.toBe('2 vCPU · 4 GB geheugen · 80 GB SSD · 4 TB dataverkeer');
      expect(flat(await page.getByTestId('summary-prices').innerText())).toMatch(/Per maand excl\. btw € 11,99/);
      await page.getByTestId('summary-period').selectOption('QUARTERLY');
      await expect.poll(async () => flat(await page.getByTestId('summary-prices').innerText())).toMatch(/Per kwartaal excl\. btw € 35,97/);
      // Known customers pay on account: no payment page, no info block.
      await expect(page.getByTestId('summary-payment-info').count()).resolves.toBe(0);
      await screenshot(page, 'order-app-summary-vps');
      await page.getByTestId('summary-terms').check();
      await page.getByRole('button', { name: 'Bestellen', exact: true }).click();
      const result = new OrderResultPages(page);
      await result.waitForSummary();
      expect(flat(await result.invoiceText.textContent())).toMatch(/€ 43,52 is toegevoegd aan factuur \d{4}-\d{6}\./);
      await expect(page.getByTestId('continue-to-product').getAttribute('href')).resolves.toBe('/account/diensten/vpsen/');
    }, mobile);
  });

  it('orders a hosting package from the hosting page for one of the customer\'s domains, on account', async () => {
    await inBrowser(async (page) => {
      await page.goto(`${shop.url}/webhosting`);
      await page.locator('[data-testid="product-card"][data-product-code="HOSTING_PREMIUM"]').getByRole('button', { name: 'Premium webhosting bestellen' }).click();
      await page.getByTestId('hosting-domain-question').getByRole('button', { name: 'Kies uit mijn domeinnamen' }).click();
      await page.waitForURL(`${shop.url}/bestellen/inloggen`);
      await logIn(page);
      await page.waitForURL(`${shop.url}/bestellen/samenvatting`);
      const choice = page.getByTestId('summary-domain-choice');
      await choice.waitFor();
      await choice.selectOption('goudenkorst-webshop.com');
      await expect.poll(() => rowOf(page).getByTestId('summary-row-title').textContent()).toBe('goudenkorst-webshop.com');
      // The welcome discount of the first months is on the row.
      await expect(rowOf(page).textContent()).resolves.toMatch(/Welkomstkorting eerste 6 maanden/);
      await screenshot(page, 'order-app-summary-hosting');
      await page.getByTestId('summary-terms').check();
      await page.getByTestId('summary-order').click();
      const result = new OrderResultPages(page);
      await result.waitForSummary();
      await expect(page.getByTestId('continue-to-product').getAttribute('href')).resolves.toBe('/account/diensten/hostingpakketten/');
    });
  });

  it('asks which domain Cloudflare protects before it orders, and a transfer code for a taken domain', async () => {
    await inBrowser(async (page) => {
      await storeLocalBasket(page, { type: 'cloudflare', productId: 6101, productCode: 'CLOUDFLARE_PRO' });
      await page.goto(`${shop.url}/bestellen/inloggen`);
      await logIn(page);
      await page.waitForURL(/\/bestellen\/?$/);
      await page.waitForURL(`${shop.url}/bestellen/samenvatting`);
      const choice = page.getByTestId('summary-domain-choice');
      await choice.waitFor();
      await page.getByTestId('summary-terms').check();
      await expect(page.getByTestId('summary-order').isDisabled()).resolves.toBe(true);
      await choice.selectOption('goudenkorst.nl');
      await expect.poll(() => rowOf(page).getByTestId('summary-row-title').textContent()).toBe('goudenkorst.nl');
      await screenshot(page, 'order-app-summary-cloudflare');
      await expect(axeViolations(page)).resolves.toEqual([]);
      await page.getByTestId('summary-order').click();
      await new OrderResultPages(page).waitForSummary();

      // A domain someone else holds is a transfer: the code is required.
      await storeLocalBasket(page, { type: 'domain', productId: 1001, productCode: 'DOMAIN_NL', domain: 'oudegracht-design.nl', transfer: true });
      await page.goto(`${shop.url}/bestellen/samenvatting`);
      await page.getByTestId('summary-transfer-code').waitFor();
      await expect(page.getByTestId('summary-domain-status').textContent()).resolves.toBe('Al geregistreerd: je verhuist deze domeinnaam naar ons.');
      await page.getByTestId('summary-terms').check();
      await page.getByTestId('summary-order').click();
      await page.getByText('Vul de verhuiscode in.').first().waitFor();
      await page.getByLabel('Verhuiscode*').fill('AUTH-1234-CODE');
      await page.getByTestId('summary-dns-later').check();
      await screenshot(page, 'order-app-summary-transfer');
      await page.getByTestId('summary-order').click();
      await new OrderResultPages(page).waitForSummary();
    }, { allowHttpErrors: true });
  });

  it("alerts 'Dit domein is al in uw bezit.' and goes to the account area; cancel returns to the product page; an empty basket goes home", async () => {
    await inBrowser(async (page) => {
      await storeLocalBasket(page, { type: 'domain', productId: 1001, productCode: 'DOMAIN_NL', domain: 'goudenkorst.nl', transfer: true });
      await page.goto(`${shop.url}/bestellen/inloggen`);
      await logIn(page);
      const alert = page.getByTestId('owned-domain-alert');
      await alert.getByText('Dit domein is al in uw bezit.').waitFor();
      await screenshot(page, 'order-app-owned-domain');
      await alert.getByRole('button', { name: 'Naar mijn account' }).click();
      await page.waitForURL(/\/account\//);

      await storeLocalBasket(page, { type: 'ssl', productId: 6001, productCode: 'SSL_RAPIDSSL', commonName: 'goudenkorst.nl' });
      await page.goto(`${shop.url}/bestellen/`);
      await page.waitForURL(`${shop.url}/bestellen/samenvatting`);
      await rowOf(page).waitFor();
      await page.getByTestId('summary-cancel').click();
      await page.waitForURL(`${shop.url}/website/ssl-certificaat`);
      await expect(page.evaluate((key) => window.localStorage.getItem(key), LOCAL_BASKET_STORAGE_KEY)).resolves.toBeNull();

      await page.goto(`${shop.url}/bestellen/`);
      await page.waitForURL(`${shop.url}/`);
      // The shop's home page, with its search.
      await page.getByTestId('home-search').waitFor();
      await page.goto(`${shop.url}/bestellen/samenvatting`);
      await page.waitForURL(`${shop.url}/`);
    }, { allowHttpErrors: true });
  });

  it('has the successfully-registered screen only with a local basket, and never names an address from its link', async () => {
    await inBrowser(async (page) => {
      await page.goto(`${shop.url}/bestellen/succesvol-geregistreerd?email=iemand@example.nl`);
      await page.waitForURL(`${shop.url}/errors/404`);
      await storeLocalBasket(page, { type: 'vpspackage', productId: 6201, productCode: 'VPS_S' });
      await page.goto(`${shop.url}/bestellen/succesvol-geregistreerd?email=Bel%20ons%20op%20090012345@example.nl`);
      const heading = page.getByTestId('successfully-registered-heading');
      await expect(heading.textContent()).resolves.toBe('We hebben een verificatielink gestuurd naar het e-mailadres waarmee je je hebt geregistreerd');
      await expect(page.getByText('090012345').count()).resolves.toBe(0);
      await expect(page.getByRole('button', { name: /Activeringslink opnieuw verzenden/ }).count()).resolves.toBe(0);
    });
  });

  it('shows the login errors, and warns a sub-user', async () => {
    await inBrowser(async (page) => {
      await page.goto(`${shop.url}/bestellen/inloggen?loginError=locked`);
      await page.getByText('Uw account is geblokkeerd.').waitFor();
      await page.goto(`${shop.url}/bestellen/inloggen?loginError=invalid`);
      await page.getByText('Ongeldige inloggegevens.').waitFor();
      await screenshot(page, 'order-app-login-mobile');
      await storeLocalBasket(page, { type: 'vpspackage', productId: 6201, productCode: 'VPS_S' });
      await page.goto(`${shop.url}/bestellen/inloggen`);
      await logIn(page, { email: 'medewerker@demo.kavel.nl', password: DEMO.password });
      await page.waitForURL(`${shop.url}/bestellen/samenvatting`);
      // Told on the summary, before any click: ordering is disabled there.
      await page.getByTestId('summary-sub-user').getByText(/subgebruiker/).waitFor();
      await expect(page.getByTestId('summary-order').isDisabled()).resolves.toBe(true);
    }, { ...mobile, allowHttpErrors: true });
  });
});
