import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HostingChoicePage, logInOnAccountPage } from './pages/account-hosting-pages.ts';
import { CheckoutPage } from './pages/checkout-page.ts';
import { OrderResultPages } from './pages/order-pages.ts';
import { OrderPage } from './pages/order-page.ts';
import { ServicesPage } from './pages/services-page.ts';
import { axeViolations } from './support/axe.ts';
import { desktop, mobile, screenshot, screenshotDir } from './support/browser.ts';
import { sidewaysOverflow } from './support/page-width.ts';
import { type RunningShop } from './support/server.ts';
import { useShopAndBrowser } from './support/shop-and-browser.ts';
import { useSharedPage } from './support/shared-page.ts';

const PASSWORD = 'kavel-demo-wachtwoord';
const RESELLER = 'reseller@demo.kavel.nl';
const NAMES = ['kaaswinkel-utrecht', 'fietsenmaker-utrecht', 'bloemenhuis-utrecht'];
const RESELLER_CODES = ['RESELLER_INTRO', 'RESELLER_BASIC', 'RESELLER_PREMIUM', 'RESELLER_PROFESSIONAL'];

let shop: RunningShop;
let browser: Browser;
useShopAndBrowser((running) => ({ shop, browser } = running));

/** Logs in with the login form the reseller page shows a visitor. */
async function logInOnResellerPage(page: Page, email: string) {
  const form = page.getByTestId('login-form');
  await form.getByLabel('E-mailadres').fill(email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Inloggen', exact: true }).click();
}

async function addNl(order: OrderPage, name: string) {
  await order.search(name);
  await order.settledStatuses();
  await order.toggle('nl');
  await order.waitForStatus('nl', 'added');
}

describe('the reseller wizard: three .nl domains with Reseller basic, paid on account', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  useSharedPage(() => browser, (shared) => ({ context, page, errors } = shared));
  const order = () => new OrderPage(page);
  const services = () => new ServicesPage(page);
  const checkout = () => new CheckoutPage(page);

  it('asks a visitor to log in; the reseller then opens /bestelprocedure and lands on /bestelprocedure-reseller', async () => {
    // The shell fetches the wizard's own chunk with the entry, not the shop's order page.
    const shell = await (await fetch(`${shop.url}/bestelprocedure-reseller`)).text();
    expect(shell).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/reseller-order-page-[\w-]{8}\.js">/);
    expect(shell).not.toMatch(/href="\/assets\/order-page-[\w-]{8}\.js"/);
    await page.goto(`${shop.url}/bestelprocedure-reseller`);
    await page.getByTestId('reseller-login-needed').waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Bestellen als reseller');
    await screenshot(page, 'reseller-login');
    await expect(axeViolations(page)).resolves.toEqual([]);
    await logInOnResellerPage(page, RESELLER);
    await order().input.waitFor();

    await page.goto(`${shop.url}/bestelprocedure`);
    await page.waitForURL(/\/bestelprocedure-reseller$/);
    await order().input.waitFor();
    await expect(page.title()).resolves.toContain('Bestellen als reseller');
    expect(errors).toEqual([]);
  });

  it('prices three .nl registrations at staffel 2 with the introduction discount from the third', async () => {
    await addNl(order(), NAMES[0]!);
    await page.getByTestId('reseller-price-list').getByText('Staffel 2', { exact: true }).waitFor();
    await expect(page.getByTestId('reseller-price-list').textContent()).resolves.toContain('20% korting op domeinnamen, 15% op resellerhosting.');
    // 20% off the welcome price (€ 1,99) and the regular one (€ 7,99).
    await expect(order().basketItems.first().textContent()).resolves.toMatch(/€\s?6,39.*€\s?1,59/);
    await addNl(order(), NAMES[1]!);
    await addNl(order(), NAMES[2]!);
    await page.getByTestId('reseller-price-list').getByText('Staffel 2 · introductiekorting 10% op het eerste jaar').waitFor();
    // And 10% off the first year once three registrations are in the basket: € 1,43.
    await expect(order().basketItems.allTextContents()).resolves.toEqual(NAMES.map(() => expect.stringMatching(/€\s?6,39.*€\s?1,43/)));
    // The rows of the search show the same prices.
    await expect(order().row('nl').textContent()).resolves.toMatch(/€\s?6,39.*€\s?1,43/);
    await screenshot(page, 'reseller-step1');
    expect(errors).toEqual([]);
  });

  it("offers the first three reseller packages per domain, Reseller basic as 'Meest gekozen'; choosing shows only that one with 'change'", async () => {
    await page.getByTestId('basket-continue').click();
    await page.locator('[data-testid="step-indicator-2"][data-current]').waitFor();
    const domain = `${NAMES[0]}.nl`;
    await services().card(domain).waitFor();
    await expect(services().cards.count()).resolves.toBe(3);
    const codes = () => services().packages(domain).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-product-code')));
    await expect(codes()).resolves.toEqual(RESELLER_CODES.slice(0, 3));
    const basic = services().packages(domain).filter({ hasText: 'Reseller basic' });
    await expect(basic.getByTestId('most-chosen').textContent()).resolves.toBe('Meest gekozen');
    await expect(services().card(domain).getByTestId('most-chosen').count()).resolves.toBe(1);
    const features = await basic.locator('li').allTextContents();
    expect(features).toEqual(expect.arrayContaining(['40 websites', 'Onbeperkt mailboxen', 'Onbeperkt databases', 'Gratis SSL-certificaat', 'PHP 7 en 5']));
    // Staffel 2 takes 15% off the reseller packages (€ 29,99 and € 14,99 per month).
    await expect(basic.locator('.price').textContent()).resolves.toMatch(/€\s?25,49.*€\s?12,74 p\/m/);
    await page.locator('#step-2').scrollIntoViewIfNeeded();
    await screenshot(page, 'reseller-step2-offer');

    await services().card(domain).getByRole('button', { name: 'Kies Reseller basic' }).click();
    await services().card(domain).getByTestId('hosting-change').waitFor();
    await expect(codes()).resolves.toEqual(['RESELLER_BASIC']);
    await expect(services().basketChildren(domain).allTextContents()).resolves.toEqual([expect.stringContaining('Reseller basic')]);
    await services().card(domain).getByTestId('hosting-change').click();
    await expect.poll(codes).toEqual(RESELLER_CODES.slice(0, 3));
    await expect.poll(() => services().basketChildren(domain).count()).toBe(0);
    await services().card(domain).getByRole('button', { name: 'Kies Reseller basic' }).click();
    await services().card(domain).getByTestId('hosting-change').waitFor();
    await services().card(domain).screenshot({ path: `${screenshotDir}/reseller-step2-chosen-card.png` });
    await screenshot(page, 'reseller-step2-chosen');
    await expect(axeViolations(page, '#step-2')).resolves.toEqual([]);
    expect(errors).toEqual([]);
  });

  it('validates the basket when step 3 opens: a transfer added elsewhere without its code is FAILED, and the basket is read again', async () => {
    // Another tab of the same reseller adds bol.nl (taken: a transfer) without a code.
    const other = await context.newPage();
    const elsewhere = new OrderPage(other);
    await other.goto(`${shop.url}/bestelprocedure-reseller`);
    await elsewhere.input.waitFor();
    await elsewhere.search('bol');
    await elsewhere.settledStatuses();
    await elsewhere.toggle('nl');
    await elsewhere.waitForStatus('nl', 'added');
    await other.close();

    const validated = page.waitForResponse((response) => response.url().endsWith('/api/bestelprocedure/reseller/validateBasket'));
    await page.getByTestId('basket-continue').click();
    await expect((await validated).json()).resolves.toMatchObject({ status: 'FAILED' });
    await checkout().errorModal.getByText(/^Je hebt nog niet aangevinkt dat je de eigenaar van de te verhuizen domeinnaam bent/).waitFor();
    await screenshot(page, 'reseller-validation-failed');
    await checkout().errorModal.getByRole('button').first().click();
    // The basket was read again: the transfer is in it, with its card in step 2.
    await services().card('bol.nl').waitFor();
    expect(errors).toEqual([]);
  });

  it('saves a transfer only with the ownership box ticked, then Continue checks step 2 first', async () => {
    await page.getByTestId('step-indicator-2').click();
    const card = services().card('bol.nl');
    await expect(card.getByTestId('domain-kind').textContent()).resolves.toMatch(/Verhuizing/);
    // A code with a space is refused under the field, before anything is sent.
    await card.getByTestId('transfer-code').fill('Xk9# code');
    await expect(card.getByTestId('transfer-save').isDisabled()).resolves.toBe(true);
    // Continue with the box unticked: the card is marked and the modal says why.
    await page.getByTestId('basket-continue').click();
    await checkout().errorModal.getByText(/^Je hebt nog niet aangevinkt/).waitFor();
    await checkout().errorModal.getByRole('button').first().click();
    await card.getByTestId('transfer-owner-error').waitFor();
    await card.getByTestId('transfer-owner').check();
    await card.getByTestId('transfer-save').click();
    await card.getByText('Een verhuiscode bevat geen spaties.', { exact: false }).waitFor();
    await card.getByTestId('transfer-code').fill('Xk9#-code');
    await card.getByTestId('transfer-save').click();
    await card.getByTestId('transfer-saved').getByText('Verhuizing opgeslagen.').waitFor();
    await expect.poll(() => card.getByTestId('transfer-owner-error').count()).toBe(0);
    await card.screenshot({ path: `${screenshotDir}/reseller-transfer-card.png` });
    await expect(axeViolations(page, '#step-2')).resolves.toEqual([]);
    // Not part of this order after all.
    await page.getByTestId('basket').getByRole('button', { name: 'Verwijder bol.nl' }).click();
    await card.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('shows the payment methods once the terms are accepted and pays on account, landing on the returned URL', async () => {
    await page.locator('[data-testid="step-indicator-2"][data-current]').waitFor();
    const validated = page.waitForResponse((response) => response.url().endsWith('/api/bestelprocedure/reseller/validateBasket'));
    await page.getByTestId('basket-continue').click();
    await expect((await validated).json()).resolves.toEqual({ status: 'OK', message: '' });
    await checkout().step.waitFor();
    await expect(checkout().errorModal.isVisible()).resolves.toBe(false);
    await page.getByTestId('customer-summary').waitFor();
    await expect(checkout().terms.isChecked()).resolves.toBe(false);
    await expect(checkout().methods.count()).resolves.toBe(0);
    await checkout().terms.check();
    await expect.poll(() => checkout().methods.count()).toBeGreaterThan(0);
    await expect(checkout().pay.isDisabled()).resolves.toBe(true);
    await checkout().choose('Op rekening');
    await expect(checkout().pay.isEnabled()).resolves.toBe(true);
    await checkout().step.scrollIntoViewIfNeeded();
    await screenshot(page, 'reseller-step3');
    await expect(axeViolations(page, '#step-3')).resolves.toEqual([]);

    const placed = page.waitForResponse((response) => response.url().endsWith('/bestelprocedure-reseller/purchase'));
    await checkout().pay.click();
    const { returnUrl } = (await (await placed).json()) as { returnUrl: string };
    await expect(checkout().pay.isDisabled()).resolves.toBe(true);
    await page.getByTestId('redirecting').getByText('Je wordt doorgestuurd').waitFor();
    await page.waitForURL((url) => url.href === new URL(returnUrl, shop.url).href);
    await new OrderResultPages(page).waitForSummary();
    const lines = (await page.getByTestId('order-line').allTextContents()).join('|');
    for (const name of NAMES) expect(lines).toContain(`${name}.nl`);
    expect(lines).toContain('Reseller basic');
    await screenshot(page, 'reseller-order-summary');
    expect(errors).toEqual([]);
  });

  it('lays the wizard out for a phone', async () => {
    const phone = await browser.newContext({ ...mobile, bypassCSP: true, storageState: await context.storageState() });
    const small = await phone.newPage();
    try {
      await small.goto(`${shop.url}/bestelprocedure-reseller`);
      const phoneOrder = new OrderPage(small);
      await phoneOrder.input.waitFor();
      await addNl(phoneOrder, 'tuincentrum-utrecht');
      await small.getByTestId('basket-bar-continue').click();
      await new ServicesPage(small).card('tuincentrum-utrecht.nl').getByRole('button', { name: 'Kies Reseller basic' }).click();
      await new ServicesPage(small).card('tuincentrum-utrecht.nl').getByTestId('hosting-change').waitFor();
      expect(await sidewaysOverflow(small)).toEqual([]);
      await screenshot(small, 'reseller-phone');
      await expect(axeViolations(small, 'main')).resolves.toEqual([]);
      // Reloaded with a reseller package in the basket, the page opens at step 2.
      await small.reload();
      await small.locator('[data-testid="step-indicator-2"][data-current]').waitFor();
    } finally {
      await phone.close();
    }
  });

  it("shows a reseller the four reseller packages on the hosting packages page, 'Meest gekozen' on Reseller basic", async () => {
    await page.goto(`${shop.url}/account/webhosting?domein=oudegracht-design.nl`);
    const choice = new HostingChoicePage(page);
    await choice.root.waitFor();
    const codes = await choice.codes();
    expect(codes.filter((code) => code.startsWith('RESELLER_'))).toEqual(RESELLER_CODES);
    expect(codes.filter((code) => code.startsWith('HOSTING_'))).toHaveLength(7);
    await expect(choice.card('RESELLER_BASIC').textContent()).resolves.toContain('Meest gekozen');
    await expect(page.getByText('Meest gekozen').count()).resolves.toBe(1);
    await expect(choice.card('RESELLER_BASIC').textContent()).resolves.toContain('PHP 7 en 5');
    await choice.card('RESELLER_BASIC').scrollIntoViewIfNeeded();
    await screenshot(page, 'reseller-hosting-packages');
    await expect(axeViolations(page)).resolves.toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('a customer who is no reseller', () => {
  it('is told the reseller wizard is for resellers, with a link to the order page', async () => {
    const other = await browser.newContext(desktop);
    const page = await other.newPage();
    try {
      await page.goto(`${shop.url}/account`);
      await logInOnAccountPage(page, 'klant@demo.kavel.nl', PASSWORD);
      await page.goto(`${shop.url}/bestelprocedure-reseller`);
      const notice = page.getByTestId('reseller-only');
      await notice.waitFor();
      await expect(notice.textContent()).resolves.toContain('Dit kan alleen met een reseller-account.');
      await expect(notice.getByRole('link').getAttribute('href')).resolves.toBe('/bestelprocedure');
      await screenshot(page, 'reseller-only');
    } finally {
      await other.close();
    }
  });
});

