import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OrderPage } from './pages/order-page.ts';
import { ServicesPage } from './pages/services-page.ts';
import { axeViolations } from './support/axe.ts';
import { collectPageErrors, desktop, mobile, screenshot, screenshotDir } from './support/browser.ts';
import { type RunningShop } from './support/server.ts';
import { useShopAndBrowser } from './support/shop-and-browser.ts';
import hostingPackages from '../packages/server/src/features/catalogue/data/hosting-packages.json' with { type: 'json' };

const URL_MESSAGE = 'De ingevoerde URL is ongeldig. Voer een geldige URL voor het doorsturen.';
const OWNER_MESSAGE = /^Je hebt nog niet aangevinkt dat je de eigenaar van de te verhuizen domeinnaam bent/;

let shop: RunningShop;
let browser: Browser;
useShopAndBrowser((running) => ({ shop, browser } = running));

/** Puts mijnbakkerij.nl (free) and google.com (taken: a transfer) in the basket and continues to step 2. */
async function fillBasketAndContinue(page: Page) {
  const order = new OrderPage(page);
  await order.open(shop.url);
  await order.search('mijnbakkerij');
  await order.settledStatuses();
  await order.toggle('nl');
  await order.waitForStatus('nl', 'added');
  await order.search('google');
  expect((await order.settledStatuses()).com).toBe('migrate');
  await order.toggle('com');
  await order.waitForStatus('com', 'added');
  await page.getByTestId('basket-continue').click();
  await page.getByTestId('service-card').nth(1).waitFor();
}


describe('step 2: services per domain', () => {
  let context: BrowserContext;
  let page: Page;
  let services: ServicesPage;
  let errors: string[];
  beforeAll(async () => {
    context = await browser.newContext({ ...desktop, bypassCSP: true });
    page = await context.newPage();
    errors = collectPageErrors(page, { allowHttpErrors: true });
    services = new ServicesPage(page);
  });
  afterAll(() => context.close());
  afterEach(() => expect(errors).toEqual([]));

  it('shows a card per domain with hosting chosen and three packages, Intro first', async () => {
    await fillBasketAndContinue(page);
    await expect(services.cards.count()).resolves.toBe(2);
    await expect(services.cards.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-domain')))).resolves.toEqual(['mijnbakkerij.nl', 'google.com']);
    const card = services.card('mijnbakkerij.nl');
    await expect(card.getByRole('radio', { name: 'Hosting' }).isChecked()).resolves.toBe(true);
    await expect(services.packages('mijnbakkerij.nl').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-product-code')))).resolves.toEqual([
      'HOSTING_INTRO',
      'HOSTING_BASIC',
      'HOSTING_PREMIUM',
    ]);
    const intro = services.packages('mijnbakkerij.nl').first();
    await expect(intro.textContent()).resolves.toMatch(/€\s?1,49[\s\S]*p\/m/);
    await expect(intro.locator('s').textContent()).resolves.toMatch(/2,49/);
    await expect(intro.textContent()).resolves.toContain('1 mailbox');
    await expect(intro.textContent()).resolves.toContain('Gratis SSL-certificaat');
  });

  it('chooses Basic, extras and WordPress, and lists them under the domain in the basket', async () => {
    const card = services.card('mijnbakkerij.nl');
    await card.getByRole('button', { name: 'Kies Basic webhosting' }).click();
    await card.getByTestId('hosting-change').waitFor();
    await expect(services.packages('mijnbakkerij.nl').count()).resolves.toBe(1);
    await expect(services.packages('mijnbakkerij.nl').getAttribute('data-product-code')).resolves.toBe('HOSTING_BASIC');
    await expect(card.getByTestId('hosting-change').textContent()).resolves.toMatch(/^Wijzigen/);

    await services.extra('mijnbakkerij.nl', 'PREMIUM_SPAMFILTER').check();
    await expect.poll(() => services.extra('mijnbakkerij.nl', 'PREMIUM_SPAMFILTER').isEnabled()).toBe(true);
    await services.extra('mijnbakkerij.nl', 'SSL_DV').check();
    await expect.poll(() => services.extra('mijnbakkerij.nl', 'SSL_DV').isChecked()).toBe(true);
    // The basket shows the certificate before the next choice is made.
    await expect.poll(() => services.basketChildren('mijnbakkerij.nl').count()).toBe(3);
    await card.getByLabel('Gratis installatie').selectOption({ label: 'Wordpress' });
    await expect.poll(() => services.basketChildren('mijnbakkerij.nl').count()).toBe(4);
    const children = await services.basketChildren('mijnbakkerij.nl').allTextContents();
    expect(children.join('|')).toMatch(/Basic webhosting[\s\S]*per jaar/);
    expect(children.join('|')).toContain('Premium Spamfilter');
    expect(children.join('|')).toContain('SSL Domeinvalidatie standaard');
    expect(children.find((child) => child.includes('Wordpress'))).toMatch(/Gratis$/);
    await screenshot(page, 'step2-desktop-hosting');
  });

  it('refuses an unknown discount code and applies WELKOM10', async () => {
    await page.getByTestId('discount-apply').click();
    await expect(page.getByTestId('discount-error').textContent()).resolves.toBe('Dit veld is verplicht.');
    await page.getByTestId('discount-input').fill('ONBEKEND');
    await page.getByTestId('discount-apply').click();
    await expect.poll(() => page.getByTestId('discount-error').textContent()).toMatch(/onbekend/);
    const before = await services.total();
    await page.getByTestId('discount-input').fill('welkom10');
    await page.getByTestId('discount-apply').click();
    await page.getByTestId('discount-applied').waitFor();
    await expect(page.getByTestId('discount-applied').textContent()).resolves.toContain('WELKOM10');
    await expect.poll(() => services.total()).not.toBe(before);
  });

  it('switching the period to 5 years re-prices the basket', async () => {
    const before = await services.total();
    await page.getByTestId('period-switch').getByRole('radio', { name: '5 jaar' }).check();
    await expect.poll(() => services.total()).not.toBe(before);
    await expect(page.getByTestId('basket').textContent()).resolves.toContain('per 5 jaar');
    await page.getByTestId('period-switch').getByRole('radio', { name: '1 jaar' }).check();
    await expect.poll(() => services.total()).toBe(before);
  });

  it('switching to redirect removes the hosting and asks for a valid URL', async () => {
    await services.chooseType('mijnbakkerij.nl', 'Doorsturen', 'REDIRECT');
    await expect.poll(() => services.packages('mijnbakkerij.nl').count()).toBe(0);
    await expect.poll(() => services.basketChildren('mijnbakkerij.nl').count()).toBe(0);
    const card = services.card('mijnbakkerij.nl');
    const input = card.getByLabel('Doorstuur-URL');
    await expect(input.getAttribute('type')).resolves.toBe('url');
    await input.fill('ftp:/x');
    await card.getByTestId('redirect-add').click();
    await expect(card.getByTestId('redirect-error').textContent()).resolves.toBe(URL_MESSAGE);
    // Without a scheme it is taken as https, and the hint says so before it is saved.
    await input.fill('www.example.nl/winkel');
    await expect.poll(() => card.locator('.field__hint').textContent()).toBe('Wordt opgeslagen als https://www.example.nl/winkel');
    await card.getByTestId('redirect-add').click();
    await expect.poll(() => input.isDisabled()).toBe(true);
    await expect(input.inputValue()).resolves.toBe('https://www.example.nl/winkel');
    await expect(services.basketChildren('mijnbakkerij.nl').textContent()).resolves.toContain('https://www.example.nl/winkel');
  });

  it('unlocks the DNS checkbox of a transfer only after the owner box', async () => {
    const card = services.card('google.com');
    await expect(card.getByTestId('transfer-dns').isDisabled()).resolves.toBe(true);
    await expect(card.getByTestId('transfer-save').isDisabled()).resolves.toBe(true);
    // Not logged in: the DNS is copied, no profile can be chosen.
    await expect(card.getByRole('radio', { name: 'Huidige DNS kopiëren' }).isChecked()).resolves.toBe(true);
    await expect(card.getByRole('radio', { name: 'DNS-profiel gebruiken' }).isDisabled()).resolves.toBe(true);
    await card.getByLabel('Ik ben de eigenaar van deze domeinnaam en wil hem verhuizen').check();
    await expect(card.getByTestId('transfer-dns').isEnabled()).resolves.toBe(true);
    await expect(card.getByTestId('transfer-save').isEnabled()).resolves.toBe(true);
    await card.getByTestId('transfer-owner').uncheck();
  });

  it('Continue with the owner box unticked marks it and shows the order error modal', async () => {
    await page.getByTestId('basket-continue').click();
    await services.errorModal.getByText(OWNER_MESSAGE).waitFor();
    await expect(services.errorModal.getByRole('heading').textContent()).resolves.toBe('Er is een probleem met je bestelling.');
    const owner = services.card('google.com').getByTestId('transfer-owner');
    await expect(owner.getAttribute('data-invalid')).resolves.toBe('true');
    await expect(owner.getAttribute('aria-invalid')).resolves.toBe('true');
    await screenshot(page, 'step2-desktop-error-modal');
    await services.errorModal.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => services.errorModal.isVisible()).toBe(false);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe('transfer-owner');
    await expect(page.getByTestId('step-3').count()).resolves.toBe(0);
  });

  it('has no axe-core violations on step 2', async () => {
    await expect(axeViolations(page, '#step-2')).resolves.toEqual([]);
  });

  it('with the owner box saved, Continue opens step 3', async () => {
    const card = services.card('google.com');
    // A code with a space inside is refused with what is wrong; spaces around it are trimmed.
    await card.getByTestId('transfer-code').fill('Xk9# code');
    await card.getByTestId('transfer-owner').check();
    await card.getByTestId('transfer-save').click();
    await expect.poll(() => card.locator('.field__error').first().textContent()).toBe('Een verhuiscode bevat geen spaties. Haal de spatie uit de code.');
    await card.getByTestId('transfer-code').fill('  Xk9#-code ');
    await card.getByTestId('transfer-save').click();
    await expect.poll(() => card.getByTestId('transfer-saved').textContent()).toBe('Opgeslagen');
    await expect(card.getByTestId('transfer-saved').getAttribute('role')).resolves.toBe('status');
    await expect(card.getByTestId('transfer-code').inputValue()).resolves.toBe('Xk9#-code');
    await expect.poll(() => card.getByTestId('transfer-owner').getAttribute('data-invalid')).toBeNull();
    await expect(card.getByTestId('transfer-save').isDisabled()).resolves.toBe(true);
    await screenshot(page, 'step2-transfer-saved');
    await page.getByTestId('basket-continue').click();
    await page.getByTestId('step-3').waitFor();
    await screenshot(page, 'step2-desktop-valid');
  });

  it('logged in: the first DNS profile is preselected and a custom holder can be chosen', async () => {
    const xsrf = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const login = await page.request.post(`${shop.url}/api/login`, {
      data: { username: 'klant@demo.kavel.nl', password: 'kavel-demo-wachtwoord' },
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
    });
    expect(login.status()).toBe(200);
    await page.reload();
    const card = services.card('google.com');
    await card.waitFor();
    const profile = card.getByTestId('transfer-dns-profile');
    await profile.waitFor();
    const firstId = await profile.locator('option').first().getAttribute('value');
    await expect(profile.inputValue()).resolves.toBe(firstId);
    await expect(card.getByRole('radio', { name: 'DNS-profiel gebruiken' }).isEnabled()).resolves.toBe(true);

    await services.card('mijnbakkerij.nl').getByTestId('holder-button').click();
    const modal = page.getByTestId('holder-modal');
    await modal.getByRole('radio').first().waitFor();
    const labels = await modal.getByRole('radio').evaluateAll((radios) => radios.map((radio) => radio.parentElement?.textContent ?? ''));
    expect(labels[0]).toMatch(/^Standaard/);
    expect(labels.length).toBeGreaterThanOrEqual(4);
    await modal.getByRole('radio').nth(1).check();
    await screenshot(page, 'step2-desktop-holder-modal');
    await modal.getByTestId('holder-use').click();
    await expect.poll(() => modal.isVisible()).toBe(false);
    const basket = (await (await page.request.get(`${shop.url}/api/bestelprocedure/getBasket`)).json()) as {
      items: { title: string; options: { customWhoisId?: number | null } }[];
    };
    expect(basket.items.find((item) => item.title === 'mijnbakkerij.nl')?.options.customWhoisId).toEqual(expect.any(Number));
  });

  it('creating a holder shows the field errors per field, then chooses the new holder', async () => {
    await services.card('google.com').getByTestId('holder-button').click();
    const modal = page.getByTestId('holder-modal');
    await modal.getByRole('radio', { name: 'Nieuwe domeinhouder' }).check();
    const form = modal.getByTestId('holder-form');
    await form.waitFor();
    await form.getByTestId('holder-create').click();
    await expect.poll(() => form.locator('.field__error').count()).toBeGreaterThanOrEqual(8);
    await expect(form.getByLabel('Land').inputValue()).resolves.toBe('NL');
    await form.getByLabel('Voornaam').fill('Piet');
    await form.getByLabel('Achternaam').fill('Bakker');
    await form.getByLabel('Straat').fill('Dorpsstraat');
    await form.getByLabel('Huisnummer', { exact: true }).fill('5');
    await form.getByLabel('Postcode').fill('1234ab');
    await form.getByLabel('Plaats').fill('Utrecht');
    await form.getByLabel('Telefoonnummer').fill('+31 20 555 0199');
    await form.getByLabel('E-mailadres').fill('piet@example.nl');
    await form.getByTestId('holder-create').click();
    await expect.poll(() => modal.isVisible()).toBe(false);
    const whois = (await (await page.request.get(`${shop.url}/api/account/whois`)).json()) as { custom: { id: number; label: string }[] };
    const created = whois.custom.find((holder) => holder.label.includes('Piet'));
    const basket = (await (await page.request.get(`${shop.url}/api/bestelprocedure/getBasket`)).json()) as {
      items: { title: string; options: { customWhoisId?: number | null } }[];
    };
    expect(basket.items.find((item) => item.title === 'google.com')?.options.customWhoisId).toBe(created?.id);
  });
});

describe('step 2 on a phone', () => {
  it('stacks the cards and the basket, without axe-core violations', async () => {
    const context = await browser.newContext({ ...mobile, bypassCSP: true });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    try {
      await fillBasketAndContinue(page);
      const services = new ServicesPage(page);
      await expect(services.packages('mijnbakkerij.nl').count()).resolves.toBe(3);
      await page.getByTestId('step-2').scrollIntoViewIfNeeded();
      await screenshot(page, 'step2-mobile');
      await services.card('google.com').screenshot({ path: `${screenshotDir}/step2-mobile-transfer-card.png` });
      await expect(axeViolations(page, '#step-2')).resolves.toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('adding hosting to a domain the customer owns', () => {
  it('puts the domain with the package in the basket and opens the order page at step 2 without the holder choice', async () => {
    const context = await browser.newContext(desktop);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    try {
      await page.goto(`${shop.url}/bestelprocedure`);
      const xsrf = async () => decodeURIComponent((await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
      const login = await page.request.post(`${shop.url}/api/login`, {
        data: { username: 'klant@demo.kavel.nl', password: 'kavel-demo-wachtwoord' },
        headers: { 'X-XSRF-TOKEN': await xsrf() },
      });
      expect(login.status()).toBe(200);
      // The form post of the hosting packages page ('Choose'), as the browser sends it.
      const basic = hostingPackages.find((p) => p.productCode === 'HOSTING_BASIC')!;
      const posted = await page.request.post(`${shop.url}/account/webhosting-toevoegen`, {
        form: { _csrf: await xsrf(), domain: 'goudenkorst.nl', productCode: basic.productCode, productId: String(basic.productId) },
        maxRedirects: 0,
      });
      expect(posted.status()).toBe(303);
      const location = posted.headers()['location']!;
      expect(location).toMatch(/^\/bestelprocedure\?hostingUpgrade=true#step-2$/);
      await page.goto(`${shop.url}${location}`);
      const services = new ServicesPage(page);
      await services.card('goudenkorst.nl').waitFor();
      await expect.poll(() => page.getByTestId('step-indicator-2').getAttribute('data-current')).toBe('true');
      await expect.poll(() => services.packages('goudenkorst.nl').getAttribute('data-product-code')).toBe('HOSTING_BASIC');
      await expect(services.card('goudenkorst.nl').getByTestId('holder-button').count()).resolves.toBe(0);
      await screenshot(page, 'step2-hosting-entry');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
