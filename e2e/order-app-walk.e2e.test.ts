import { LOCAL_BASKET_STORAGE_KEY, type TLocalBasket } from '@kavel/core';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { OrderResultPages } from './pages/order-pages.ts';
import { desktop, inFreshPage, mobile, screenshot } from './support/browser.ts';
import { type RunningShop } from './support/server.ts';
import { mailedLink, useShopBrowserAndMail, type SmtpCatcher } from './support/shop-with-mail.ts';

let shop: RunningShop;
let browser: Browser;
let smtp: SmtpCatcher;
useShopBrowserAndMail((running) => ({ shop, browser, smtp } = running));

const DEMO = { email: 'klant@demo.kavel.nl', password: 'kavel-demo-wachtwoord' };
const SUB_USER = { email: 'medewerker@demo.kavel.nl', password: DEMO.password };
const WIDTHS: readonly [string, BrowserContextOptions][] = [
  ['1280', desktop],
  ['390', mobile],
];
const flat = (text: string | null) => (text ?? '').replace(/\s+/g, ' ');

/** A fresh browser context at one width; the page's errors must stay empty (refusals the test asks for aside). */
const inBrowser = (options: BrowserContextOptions, run: (page: Page) => Promise<void>, allowHttpErrors = false) =>
  inFreshPage(browser, { ...options, allowHttpErrors }, run);

async function logIn(page: Page, account: { email: string; password: string }) {
  const form = page.getByTestId('order-app-login-form');
  await form.getByLabel('E-mailadres of gebruikersnaam').fill(account.email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Inloggen', exact: true }).click();
}

async function storeLocalBasket(page: Page, item: TLocalBasket) {
  await page.goto(`${shop.url}/`);
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [LOCAL_BASKET_STORAGE_KEY, JSON.stringify(item)] as const);
}

/** The hosting page's 'Bestellen' on Basic webhosting, which asks for the domain first. */
async function orderBasicHosting(page: Page) {
  await page.goto(`${shop.url}/webhosting`);
  await page.locator('[data-testid="product-card"][data-product-code="HOSTING_BASIC"]').getByRole('button', { name: 'Basic webhosting bestellen' }).click();
  return page.getByTestId('hosting-domain-question');
}

/** Types a new name into the 'which domain' form and follows it to the order page, where the domain carries the package. */
async function continueWithNewDomain(page: Page, domain: string) {
  const form = page.getByTestId('hosting-domain-form');
  await form.getByLabel('Domeinnaam voor het pakket').fill(domain);
  await form.getByRole('button', { name: 'Verder met deze domeinnaam' }).click();
  await page.waitForURL(`${shop.url}/bestelprocedure#step-2`);
  const card = page.locator('[data-testid="service-card"]', { hasText: domain });
  await card.waitFor();
  await expect.poll(async () => flat(await card.textContent())).toMatch(/Basic webhosting/);
}

describe.each(WIDTHS)('the order app as a person walks it, at %s px', (width, viewport) => {
  it('asks on the hosting page which domain a package is for, and puts a new name with the package on the order page', async () => {
    await inBrowser(viewport, async (page) => {
      const question = await orderBasicHosting(page);
      await question.getByRole('heading', { name: 'Voor welke domeinnaam is Basic webhosting?' }).waitFor();
      await screenshot(page, `order-app-walk-hosting-question-${width}`);
      await continueWithNewDomain(page, `bakkerij-vers-${width}-${Date.now()}.nl`);
      await screenshot(page, `order-app-walk-hosting-order-page-${width}`);
    });
  });

  it('continues an order-app registration in the order app after activation; a customer without a domain is asked for one, never shown a summary they cannot order from', async () => {
    await inBrowser(viewport, async (page) => {
      const question = await orderBasicHosting(page);
      await question.getByRole('button', { name: 'Kies uit mijn domeinnamen' }).click();
      await page.waitForURL(`${shop.url}/bestellen/inloggen`);
      const address = `hosting-${width}-${Date.now()}@example.nl`;
      const register = page.getByTestId('order-app-registration-form');
      await register.getByLabel('E-mailadres').fill(address);
      await register.getByLabel('Voornaam').fill('Sanne');
      await register.getByLabel('Achternaam').fill('de Vries');
      await register.getByRole('button').last().click();
      await page.getByTestId('successfully-registered').waitFor();

      const mail = await smtp.waitFor((m) => m.to.includes(address), 10_000);
      await page.goto(mailedLink(mail, '/account/activeren', shop.url));
      const passwords = page.getByTestId('set-password-form');
      await passwords.getByLabel('Wachtwoord', { exact: true }).fill('Vers-Brood-Elke-Dag-2026!');
      await passwords.getByLabel('Herhaal wachtwoord').fill('Vers-Brood-Elke-Dag-2026!');
      await passwords.getByRole('button', { name: 'Activeer mijn account' }).click();
      await page.getByTestId('activation-done').waitFor();
      await screenshot(page, `order-app-walk-activated-${width}`);
      // Item 2: the order continues in the order app, with the stored package.
      await page.getByRole('link', { name: 'Verder met je bestelling' }).click();
      await page.waitForURL(`${shop.url}/bestellen/gegevens-invullen`);

      const data = page.getByTestId('customer-data-form');
      await data.getByLabel('Telefoonnummer').fill('020 123 4567');
      await data.getByLabel('Postcode').fill('1012 JS');
      await data.getByLabel('Huisnummer').fill('1');
      await expect.poll(() => data.getByLabel('Straat').inputValue()).toBe('Dam');
      await data.getByRole('button', { name: 'Doorgaan' }).click();

      // Item 1: no disabled order button; the summary asks for the domain.
      await page.waitForURL(`${shop.url}/bestellen/samenvatting`);
      await page.getByTestId('summary-domain-first').waitFor();
      await expect(page.getByTestId('summary-row-title').textContent()).resolves.toBe('Basic webhosting');
      await expect(page.getByTestId('summary-order').count()).resolves.toBe(0);
      await screenshot(page, `order-app-walk-summary-domain-first-${width}`);
      await continueWithNewDomain(page, `sanne-bakt-${width}-${Date.now()}.nl`);
      await expect(page.evaluate((key) => window.localStorage.getItem(key), LOCAL_BASKET_STORAGE_KEY)).resolves.toBeNull();
    });
  });

  it('tells a sub-user on the summary that they cannot order, with the order button disabled', async () => {
    await inBrowser(viewport, async (page) => {
      await storeLocalBasket(page, { type: 'vpspackage', productId: 6201, productCode: 'VPS_S' });
      await page.goto(`${shop.url}/bestellen/inloggen`);
      await logIn(page, SUB_USER);
      await page.waitForURL(`${shop.url}/bestellen/samenvatting`);
      const warning = page.getByTestId('summary-sub-user');
      await warning.getByText('Je bent ingelogd als subgebruiker en kunt daarom niet bestellen. Log in als gewone gebruiker.').waitFor();
      await expect(page.getByTestId('summary-terms').isDisabled()).resolves.toBe(true);
      await expect(page.getByTestId('summary-order').isDisabled()).resolves.toBe(true);
      await screenshot(page, `order-app-walk-sub-user-${width}`);
    });
  });

  it('writes a monthly Cloudflare Pro order per month, on the summary and on the order summary', async () => {
    const domain = width === '1280' ? 'goudenkorst.nl' : 'goudenkorst-webshop.com';
    await inBrowser(viewport, async (page) => {
      await page.goto(`${shop.url}/website/ssl-certificaat`);
      await page.getByRole('button', { name: 'Cloudflare Pro bestellen' }).click();
      await page.waitForURL(`${shop.url}/bestellen/inloggen`);
      await logIn(page, DEMO);
      await page.waitForURL(`${shop.url}/bestellen/samenvatting`);
      await page.getByTestId('summary-domain-choice').selectOption(domain);
      await expect.poll(() => page.getByTestId('summary-row-title').textContent()).toBe(domain);
      expect(flat(await page.getByTestId('summary-prices').innerText())).toMatch(/Per maand excl\. btw € 20,00/);
      await page.getByTestId('summary-terms').check();
      await page.getByTestId('summary-order').click();
      await new OrderResultPages(page).waitForSummary();
      const line = flat(await page.getByTestId('order-line').first().textContent());
      expect(line).toMatch(/€ 20,00 per maand/);
      expect(line).not.toMatch(/jaar/);
      await screenshot(page, `order-app-walk-order-summary-monthly-${width}`);
    });
  });

  it('asks for the transfer code before sending the order', async () => {
    await inBrowser(viewport, async (page) => {
      await storeLocalBasket(page, { type: 'domain', productId: 1001, productCode: 'DOMAIN_NL', domain: 'oudegracht-design.nl', transfer: true });
      await page.goto(`${shop.url}/bestellen/inloggen`);
      await logIn(page, DEMO);
      await page.waitForURL(`${shop.url}/bestellen/samenvatting`);
      await page.getByTestId('summary-transfer-code').waitFor();
      const orders: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/bestellen')) orders.push(request.url());
      });
      await page.getByTestId('summary-terms').check();
      await page.getByTestId('summary-order').click();
      // Said under the field, and nothing was sent (no refusal from the server).
      await page.getByTestId('summary-row').getByText('Vul de verhuiscode in.').waitFor();
      await expect(page.getByTestId('summary-order-failed').count()).resolves.toBe(0);
      await expect(page.getByTestId('summary-transfer-code').evaluate((input) => input === document.activeElement)).resolves.toBe(true);
      expect(orders).toEqual([]);
      await screenshot(page, `order-app-walk-transfer-code-${width}`);
      await page.getByLabel('Verhuiscode*').fill('AUTH-1234-CODE');
      await expect(page.getByText('Vul de verhuiscode in.').count()).resolves.toBe(0);
    });
  });
});

describe('unknown order-app paths', () => {
  it('answer 404 and go to /errors/404', async () => {
    await inBrowser(
      desktop,
      async (page) => {
        const response = await page.goto(`${shop.url}/bestellen/bestaat-niet`);
        expect(response?.status()).toBe(404);
        await page.waitForURL(`${shop.url}/errors/404`);
        await page.getByTestId('not-found').waitFor();
      },
      true,
    );
  });
});
