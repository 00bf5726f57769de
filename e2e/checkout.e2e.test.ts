import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutPage, orderDomain } from './pages/checkout-page.ts';
import { AccountPages, OrderResultPages, SimulatedPaymentPage } from './pages/order-pages.ts';
import type { ServicesPage } from './pages/services-page.ts';
import { axeViolations } from './support/axe.ts';
import { collectPageErrors, desktop, mobile, screenshot, screenshotDir } from './support/browser.ts';
import { watchPage } from './support/page-problems.ts';
import { type RunningShop } from './support/server.ts';
import { useShopAndBrowser } from './support/shop-and-browser.ts';

const DEMO = { email: 'klant@demo.kavel.nl', password: 'kavel-demo-wachtwoord' };
const INVOICE_NUMBER = /\b\d{4}-\d{6}\b/;

let shop: RunningShop;
let browser: Browser;
useShopAndBrowser((running) => ({ shop, browser } = running));

describe('checkout: smart benefits, paying online, a cancelled payment paid again', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let checkout: CheckoutPage;
  let services: ServicesPage;
  const result = () => new OrderResultPages(page);
  beforeAll(async () => {
    context = await browser.newContext({ ...desktop, bypassCSP: true });
    page = await context.newPage();
    errors = watchPage(page);
    checkout = new CheckoutPage(page);
  });
  afterAll(() => context.close());
  afterEach(() => expect(errors).toEqual([]));

  it('offers Premium and an SSL certificate when step 3 opens, unticked, with the price difference', async () => {
    services = await orderDomain(page, shop.url, 'mijnbakkerij', 'Basic webhosting');
    await page.getByTestId('basket-continue').click();
    await checkout.step.waitFor();
    await checkout.benefitsModal.waitFor();
    const premium = checkout.benefit('UPGRADE_TO_PREMIUM_HOSTING');
    const ssl = checkout.benefit('ADD_SSL');
    await expect(premium.textContent()).resolves.toMatch(/Upgrade naar Premium webhosting voor mijnbakkerij\.nl\s*\+ €\s?1,50 p\/m/);
    await expect(ssl.textContent()).resolves.toMatch(/mijnbakkerij\.nl\s*\+ €\s?19,95 p\/j/);
    await expect(premium.getByRole('checkbox').isChecked()).resolves.toBe(false);
    await expect(ssl.getByRole('checkbox').isChecked()).resolves.toBe(false);
    await expect(checkout.benefitsModal.getByRole('button', { name: 'Toevoegen' }).isDisabled()).resolves.toBe(true);
    // The rest of the page is inert while the native dialog is open: focus stays inside.
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).resolves.toBe(true);
    await premium.getByRole('checkbox').check();
    await screenshot(page, 'checkout-smart-benefits');
    await checkout.benefitsModal.screenshot({ path: `${screenshotDir}/checkout-smart-benefits-modal.png` });
  });

  it('accepting both puts Premium and the certificate in the basket and goes to step 3', async () => {
    await checkout.acceptBenefits('ADD_SSL');
    await expect.poll(() => services.basketChildren('mijnbakkerij.nl').allTextContents()).toEqual([
      expect.stringContaining('Premium webhosting'),
      expect.stringContaining('SSL Domeinvalidatie standaard'),
    ]);
    await expect(page.getByTestId('step-indicator-3').getAttribute('data-current')).resolves.toBe('true');
  });

  it('after logging in, the terms come first; the payment methods follow with their surcharge', async () => {
    const validated = page.waitForResponse((response) => response.url().endsWith('/api/bestelprocedure/validateBasket'));
    await checkout.logIn(DEMO.email, DEMO.password);
    // Logging in validates the basket: it passes, and the offer is not made twice.
    await expect((await validated).json()).resolves.toEqual({ status: 'OK', message: '' });
    await expect(checkout.errorModal.isVisible()).resolves.toBe(false);
    await expect(checkout.benefitsModal.isVisible()).resolves.toBe(false);
    await expect(checkout.terms.isChecked()).resolves.toBe(false);
    await expect(checkout.methods.count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: /Lees de algemene voorwaarden/ }).getAttribute('href')).resolves.toBe('/algemene-voorwaarden');
    await checkout.terms.check();
    await expect.poll(() => checkout.methods.count()).toBe(3);
    await expect(checkout.methods.evaluateAll((rows) => rows.map((row) => row.textContent))).resolves.toEqual([
      expect.stringContaining('Online betalen (iDEAL, creditcard)'),
      expect.stringContaining('Op rekening'),
      expect.stringContaining('Automatische incasso'),
    ]);
    // A new domain is in the order: no administration fee on account, so no surcharge is shown.
    await expect(page.getByTestId('payment-surcharge').count()).resolves.toBe(0);
    await expect(checkout.pay.isDisabled()).resolves.toBe(true);
    await checkout.choose('Online betalen (iDEAL, creditcard)');
    await expect(checkout.pay.isEnabled()).resolves.toBe(true);
    await checkout.step.scrollIntoViewIfNeeded();
    await screenshot(page, 'checkout-step3-payment');
    await checkout.step.screenshot({ path: `${screenshotDir}/checkout-step3-payment-section.png` });
    await expect(axeViolations(page, '#step-3')).resolves.toEqual([]);
  });

  it('direct debit asks for an IBAN, the account holder and the mandate before Pay is enabled', async () => {
    await checkout.choose('Automatische incasso');
    const form = page.getByTestId('direct-debit');
    await form.waitFor();
    await expect(checkout.pay.isDisabled()).resolves.toBe(true);
    await form.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 01');
    await form.getByLabel('Naam rekeninghouder').fill('Bakkerij De Gouden Korst');
    await expect(form.locator('.field__error').first().textContent()).resolves.toMatch(/geldig IBAN/);
    await form.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 00');
    await form.getByRole('checkbox').check();
    await expect.poll(() => checkout.pay.isEnabled()).toBe(true);
    await screenshot(page, 'checkout-step3-direct-debit');
    await checkout.step.screenshot({ path: `${screenshotDir}/checkout-step3-direct-debit-section.png` });
    await expect(axeViolations(page, '#step-3')).resolves.toEqual([]);
    await checkout.choose('Online betalen (iDEAL, creditcard)');
  });

  it('Pay places the order and, 1.5 s later, opens the simulated payment page', async () => {
    await checkout.pay.click();
    await expect(checkout.pay.isDisabled()).resolves.toBe(true);
    await page.getByTestId('redirecting').getByText('Je wordt doorgestuurd').waitFor();
    await new SimulatedPaymentPage(page).waitFor();
    await screenshot(page, 'checkout-simulated-provider');
  });

  it('a cancelled payment shows Geannuleerd. on the status page, and the order can be paid again', async () => {
    await new SimulatedPaymentPage(page).choose('Geannuleerd');
    await result().waitForStatusPage();
    await expect.poll(() => result().status.textContent()).toBe('Geannuleerd.');
    await expect(page.title()).resolves.toMatch(new RegExp(`${result().orderId()}.*Geannuleerd`));
    await expect(result().pay.isEnabled()).resolves.toBe(true);
    await screenshot(page, 'checkout-payment-cancelled');
    await expect(axeViolations(page, 'body')).resolves.toEqual([]);
    await result().pay.click();
    await new SimulatedPaymentPage(page).waitFor();
  });

  it('paid: the order summary names the invoice and the amount, the products and the totals', async () => {
    await new SimulatedPaymentPage(page).choose('Betaald');
    await result().waitForSummary();
    const text = (await result().invoiceText.textContent()) ?? '';
    expect(text).toMatch(new RegExp(`Factuur ${INVOICE_NUMBER.source} is aangemaakt voor €\\s?\\d+,\\d{2}\\.`));
    const total = (await page.getByTestId('order-total').textContent()) ?? '';
    expect(text).toContain(total);
    const lines = await page.getByTestId('order-line').allTextContents();
    expect(lines.join('|')).toContain('mijnbakkerij.nl');
    expect(lines.join('|')).toContain('Premium webhosting');
    expect(lines.join('|')).toContain('SSL Domeinvalidatie standaard');
    const invoiceHref = (await page.getByTestId('invoice-link').getAttribute('href')) ?? '';
    expect(invoiceHref).toMatch(/^\/account\/facturen\/\d+$/);
    const invoice = await page.request.get(`${shop.url}${invoiceHref}`);
    expect(invoice.status()).toBe(200);
    expect(await invoice.text()).toContain(INVOICE_NUMBER.exec(text)?.[0]);
    await expect(page.getByTestId('recommended-product').count()).resolves.toBeGreaterThan(0);
    await expect(page.locator('[data-testid="recommended-product"][data-product="domain"]').count()).resolves.toBe(0);
    await screenshot(page, 'checkout-order-summary');
    await expect(axeViolations(page, 'body')).resolves.toEqual([]);
  });

  it("'Ga verder naar product' leads to the domains, which list mijnbakkerij.nl; the hosting packages list Premium", async () => {
    await page.getByTestId('continue-to-product').click();
    await page.waitForURL(/\/account\/diensten\/domeinen\/?$/);
    const account = new AccountPages(page);
    await account.waitAfterReloads(account.domain('mijnbakkerij.nl'));
    await expect(account.domain('mijnbakkerij.nl').textContent()).resolves.toMatch(/Actief/);
    await screenshot(page, 'account-domains');
    await expect(axeViolations(page, 'body')).resolves.toEqual([]);
    await page.getByRole('navigation', { name: 'Accountmenu' }).getByRole('link', { name: 'Hostingpakketten' }).click();
    await account.waitAfterReloads(account.hostingPackage('mijnbakkerij.nl'));
    await expect(account.hostingPackage('mijnbakkerij.nl').textContent()).resolves.toContain('Premium webhosting');
    await screenshot(page, 'account-hosting');
    await page.getByRole('navigation', { name: 'Accountmenu' }).getByRole('link', { name: 'Facturen' }).click();
    await page.getByTestId('account-invoice').first().waitFor();
    await screenshot(page, 'account-invoices');
    await expect(axeViolations(page, 'body')).resolves.toEqual([]);
  });
});

describe('checkout on a phone: paying on account goes straight to the order summary', () => {
  it('logs in first, declines the offer, pays on account and sees the open-invoice wording', async () => {
    const context = await browser.newContext({ ...mobile, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchPage(page);
    const checkout = new CheckoutPage(page);
    try {
      // The order app's login, a form post, before the order starts.
      await page.goto(`${shop.url}/bestellen/inloggen`);
      const login = page.getByTestId('order-app-login-form');
      await login.getByLabel('E-mailadres of gebruikersnaam').fill(DEMO.email);
      await login.getByLabel('Wachtwoord', { exact: true }).fill(DEMO.password);
      await login.getByRole('button', { name: 'Inloggen', exact: true }).click();
      // The login returns to the order app's entry, which sends a customer without a local basket home.
      await page.waitForURL(`${shop.url}/`);

      await orderDomain(page, shop.url, 'mijnbloemist', null);
      await page.getByTestId('basket-continue').click();
      await checkout.step.waitFor();
      // Logged in when step 3 opens: the basket is validated, then the offer comes.
      await checkout.benefitsModal.waitFor();
      await expect(checkout.benefit('ADD_INTRO_HOSTING').textContent()).resolves.toContain('mijnbloemist.nl');
      await screenshot(page, 'checkout-mobile-smart-benefits');
      await checkout.declineBenefits();
      await checkout.terms.check();
      await checkout.choose('Op rekening');
      await checkout.step.scrollIntoViewIfNeeded();
      await screenshot(page, 'checkout-mobile-step3');
      await checkout.step.screenshot({ path: `${screenshotDir}/checkout-mobile-step3-section.png` });
      await expect(axeViolations(page, '#step-3')).resolves.toEqual([]);
      // Two quick clicks place one order: the button is disabled from the first.
      await checkout.pay.dblclick();
      const result = new OrderResultPages(page);
      await result.waitForSummary();
      const next = await page.request.get(`${shop.url}/api/bestellen/${result.orderId() + 1}`);
      expect(next.status()).toBe(404);
      await expect(result.invoiceText.textContent()).resolves.toMatch(new RegExp(`€\\s?\\d+,\\d{2} is toegevoegd aan factuur ${INVOICE_NUMBER.source}\\.`));
      await expect(page.getByTestId('continue-to-product').getAttribute('href')).resolves.toBe('/account/diensten/domeinen/');
      await screenshot(page, 'checkout-mobile-order-summary');
      await expect(axeViolations(page, 'body')).resolves.toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a basket that changed elsewhere: Pay shows the problem and the basket is read again', () => {
  it('shows the message in the order error modal and returns the emptied page to the top', async () => {
    const context = await browser.newContext(desktop);
    const page = await context.newPage();
    const errors = collectPageErrors(page, { allowHttpErrors: true });
    const checkout = new CheckoutPage(page);
    try {
      await orderDomain(page, shop.url, 'bakkerijdewit', null);
      await page.getByTestId('basket-continue').click();
      await checkout.step.waitFor();
      await checkout.declineBenefits();
      await checkout.logIn(DEMO.email, DEMO.password);
      await checkout.terms.check();
      await checkout.choose('Op rekening');
      // Meanwhile the same basket is emptied in another tab.
      const other = await context.newPage();
      await other.goto(`${shop.url}/bestelprocedure`);
      await other.getByTestId('basket-item').getByRole('button', { name: /Verwijder bakkerijdewit\.nl/ }).click();
      await other.getByTestId('basket-empty').waitFor();
      await other.close();

      const refused = page.waitForResponse((response) => response.url().endsWith('/bestelprocedure/purchase'));
      await checkout.pay.click();
      expect((await refused).status()).toBeGreaterThanOrEqual(400);
      await checkout.errorModal.waitFor();
      await expect(checkout.errorModal.getByRole('heading').textContent()).resolves.toBe('Er is een probleem met je bestelling.');
      await expect(checkout.errorModal.locator('p').textContent()).resolves.not.toBe('');
      await screenshot(page, 'checkout-pay-refused');
      await checkout.errorModal.getByRole('button', { name: 'OK' }).click();
      // The basket was read again: it is empty, so step 3 is gone.
      await page.getByTestId('basket-empty').waitFor();
      await expect(checkout.step.count()).resolves.toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the account pages and the general terms on a phone', () => {
  it('asks a visitor to log in, then shows the overview, the empty VPS list and the terms', async () => {
    const context = await browser.newContext({ ...mobile, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchPage(page);
    try {
      await page.goto(`${shop.url}/account`);
      await page.getByTestId('account-login-needed').waitFor();
      await screenshot(page, 'account-mobile-login');
      await expect(axeViolations(page, 'body')).resolves.toEqual([]);
      const form = page.getByTestId('login-form');
      await form.getByLabel('E-mailadres').fill(DEMO.email);
      await form.getByLabel('Wachtwoord', { exact: true }).fill(DEMO.password);
      await form.getByRole('button', { name: 'Inloggen', exact: true }).click();
      await page.getByText('Welkom, Femke de Vries.').waitFor();
      await screenshot(page, 'account-mobile-overview');
      await expect(axeViolations(page, 'body')).resolves.toEqual([]);

      await page.getByRole('navigation', { name: 'Accountmenu' }).getByRole('link', { name: 'Domeinnamen' }).click();
      const account = new AccountPages(page);
      await account.waitAfterReloads(account.domain('mijnbakkerij.nl'));
      await screenshot(page, 'account-mobile-domains');
      await page.getByRole('navigation', { name: 'Accountmenu' }).getByRole('link', { name: 'Facturen' }).click();
      await page.getByTestId('account-invoice').first().waitFor();
      await expect(page.getByTestId('account-invoice').count()).resolves.toBe(2);
      await screenshot(page, 'account-mobile-invoices');
      await page.getByRole('navigation', { name: 'Accountmenu' }).getByRole('link', { name: 'VPS-servers' }).click();
      await page.getByTestId('account-vps-empty').waitFor();

      await page.goto(`${shop.url}/algemene-voorwaarden`);
      await page.getByRole('heading', { name: 'Algemene voorwaarden', level: 1 }).waitFor();
      await screenshot(page, 'terms-mobile');
      await expect(axeViolations(page, 'body')).resolves.toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('a transfer waits for the losing registrar', () => {
  it('the order summary names the pending transfer and the date the registry expects it', async () => {
    const context = await browser.newContext({ ...desktop, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchPage(page);
    try {
      await page.goto(`${shop.url}/bestelprocedure`);
      const xsrf = async () => decodeURIComponent((await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
      const post = async (path: string, data: unknown) => {
        const response = await page.request.post(`${shop.url}${path}`, { data, headers: { 'X-XSRF-TOKEN': await xsrf() } });
        expect(response.status(), path).toBe(200);
        return response.json();
      };
      // The basket filled through the same calls the page makes; the order summary is the page under test.
      await post('/api/login', { username: DEMO.email, password: DEMO.password });
      const basket = await post('/api/bestelprocedure/addItem', { productId: 1001, productCode: 'DOMAIN_NL', title: 'facebook.nl' });
      const unique = basket.items.find((item: { title: string }) => item.title === 'facebook.nl').unique as string;
      await post('/api/bestelprocedure/addItem', { productId: 5002, productCode: 'TRANSFER_CODE', value: 'Fb-9#code', parentId: unique });
      await post('/api/bestelprocedure/setTransferOptions', { unique, ownerConfirmed: true });
      const order = await post('/bestelprocedure/purchase', { paymentMethod: 'MANUAL_PAYMENT', requestId: crypto.randomUUID(), termsAccepted: true, customWhois: [] });
      await page.goto(`${shop.url}/bestellen/${order.orderId}/overzicht`);
      const pending = page.getByTestId('order-pending-transfer');
      await pending.waitFor();
      await expect(pending.textContent()).resolves.toMatch(/^De verhuizing van facebook\.nl loopt\. De huidige provider heeft tot \d{1,2} \w+ \d{4} om \d{2}:\d{2} om te reageren/);
      await expect(page.getByTestId('order-status').getAttribute('data-status')).resolves.toBe('CONFIRMED');
      await screenshot(page, 'order-summary-transfer-pending');
      await expect(axeViolations(page, 'body')).resolves.toEqual([]);

      // The account's domain list shows the transfer while it runs, with its state, at both widths and in both languages.
      for (const [width, height] of [[1280, 900], [390, 844]] as const) {
        await page.setViewportSize({ width, height });
        await page.goto(`${shop.url}/account/diensten/domeinen?lang=nl`);
        const transfer = page.locator('[data-testid="account-domain-transfer"][data-domain="facebook.nl"]');
        await transfer.waitFor();
        await expect(transfer.getByTestId('account-domain-status').textContent()).resolves.toBe('Verhuizing loopt');
        await expect(transfer.textContent()).resolves.toMatch(/Verhuisd naar verwachting op\s*\d{1,2} \w+ \d{4}/);
        await expect(transfer.getByRole('link', { name: String(order.orderId) }).getAttribute('href')).resolves.toBe(`/bestellen/${order.orderId}/overzicht`);
        // The demo customer's own domains are still listed beside it.
        await page.locator('[data-testid="account-domain"][data-domain="goudenkorst.nl"]').waitFor();
        await screenshot(page, `account-domains-transfer-${width}`);
        await page.getByRole('link', { name: 'English' }).first().click();
        await expect(transfer.getByTestId('account-domain-status').textContent()).resolves.toBe('Transfer in progress');
        await screenshot(page, `account-domains-transfer-en-${width}`);
      }
      await expect(axeViolations(page, 'body')).resolves.toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
