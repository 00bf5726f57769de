import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ExtraServicesPage, HostingChoicePage, logInOnAccountPage, orderOnAccount } from './pages/account-hosting-pages.ts';
import { CheckoutPage } from './pages/checkout-page.ts';
import { OrderPage } from './pages/order-page.ts';
import { AccountPages, OrderResultPages } from './pages/order-pages.ts';
import { ServicesPage } from './pages/services-page.ts';
import { axeViolations } from './support/axe.ts';
import { desktop, mobile, screenshot } from './support/browser.ts';
import { watchPage } from './support/page-problems.ts';
import { type RunningShop } from './support/server.ts';
import { useShopAndBrowser } from './support/shop-and-browser.ts';

const DEMO = { email: 'klant@demo.kavel.nl', password: 'kavel-demo-wachtwoord' };
const RESELLER = { email: 'reseller@demo.kavel.nl', password: 'kavel-demo-wachtwoord' };
const CUSTOMER_PACKAGES = ['HOSTING_INTRO', 'HOSTING_BASIC', 'HOSTING_PREMIUM', 'HOSTING_PROFESSIONAL', 'HOSTING_XL', 'HOSTING_XXL', 'HOSTING_3XL'];
const STEP_2_URL = /\/bestelprocedure\?hostingUpgrade=true#step-2$/;
const NEW_DOMAIN = 'bakkerijhetanker.nl';

let shop: RunningShop;
let browser: Browser;
/** The hosting account of NEW_DOMAIN, once ordered. */
let accountId = 0;
useShopAndBrowser((running) => ({ shop, browser } = running));

/** Step 2 of an upgrade of NEW_DOMAIN's package, which has SSL already: SSL is ticked, disabled and 'Al actief', as on the extras page. */
async function expectActiveExtraNotOffered(services: ServicesPage) {
  await services.card(NEW_DOMAIN).waitFor();
  const ssl = services.extra(NEW_DOMAIN, 'SSL_DV');
  await expect.poll(() => ssl.isDisabled()).toBe(true);
  await expect(ssl.isChecked()).resolves.toBe(true);
  await expect(services.card(NEW_DOMAIN).locator('[data-testid="extra-service"][data-product-code="SSL_DV"]').textContent()).resolves.toContain('Al actief');
  // Only what is new is in the basket: no second SSL.
  await expect(services.basketChildren(NEW_DOMAIN).allTextContents()).resolves.not.toContainEqual(expect.stringContaining('SSL'));
}

const menuLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Accountmenu' }).getByRole('link', { name });

describe('hosting from the account: a package for an own domain, another package, and extras', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const choice = () => new HostingChoicePage(page);
  const extras = () => new ExtraServicesPage(page);
  const services = () => new ServicesPage(page);
  beforeAll(async () => {
    context = await browser.newContext({ ...desktop, bypassCSP: true });
    page = await context.newPage();
    errors = watchPage(page);
  });
  afterAll(() => context.close());
  afterEach(() => expect(errors).toEqual([]));

  it("the domains list offers 'Hosting toevoegen' for goudenkorst.nl, which opens the customer packages", async () => {
    await page.goto(`${shop.url}/account/diensten/domeinen`);
    await logInOnAccountPage(page, DEMO.email, DEMO.password);
    const account = new AccountPages(page);
    await account.domain('goudenkorst.nl').waitFor();
    const link = account.domain('goudenkorst.nl').getByRole('link', { name: 'Hosting toevoegen voor goudenkorst.nl' });
    await expect(link.getAttribute('href')).resolves.toBe('/account/webhosting?domein=goudenkorst.nl');
    await screenshot(page, 'account-domains-add-hosting');
    await link.click();
    await page.waitForURL(/\/account\/webhosting\?domein=goudenkorst\.nl$/);
    await choice().root.waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Hosting toevoegen');
    await expect(choice().root.textContent()).resolves.toContain('Kies een hostingpakket voor goudenkorst.nl.');
    await expect(menuLink(page, 'Domeinnamen').getAttribute('aria-current')).resolves.toBe('true');
    await expect(choice().codes()).resolves.toEqual(CUSTOMER_PACKAGES);

    const basic = choice().card('HOSTING_BASIC');
    await expect(basic.getByRole('heading').textContent()).resolves.toBe('Basic webhosting');
    await expect(basic.locator('s').textContent()).resolves.toMatch(/^€\s?4,99$/);
    await expect(basic.locator('.price').textContent()).resolves.toMatch(/€\s?4,99.*€\s?2,49 p\/m/);
    await expect(basic.getByRole('listitem').allTextContents()).resolves.toEqual([
      '3000MB SSD opslag',
      '10GB dataverkeer',
      '5 mailboxen',
      '1 database',
      '1 website',
      'Gratis SSL-certificaat',
      'PHP 7 en 5',
    ]);
    const form = await choice().form('HOSTING_BASIC');
    expect(form).toMatchObject({ method: 'post', action: '/account/webhosting-toevoegen' });
    expect(form.fields).toEqual({ _csrf: expect.stringMatching(/.{10,}/), domain: 'goudenkorst.nl', productCode: 'HOSTING_BASIC', productId: expect.stringMatching(/^\d+$/) });
    // A customer's packages: none of them is the reseller's 'Meest gekozen'.
    await expect(page.getByText('Meest gekozen').count()).resolves.toBe(0);
    await screenshot(page, 'account-hosting-choice');
    await expect(axeViolations(page, 'body')).resolves.toEqual([]);

    // At 768 px the menu is still beside the page, with two cards a row; just below it goes on top, one card a row.
    const rowsOf = () => choice().cards.evaluateAll((cards) => new Set(cards.map((card) => Math.round(card.getBoundingClientRect().top))).size);
    const menuBeside = () => page.evaluate(() => document.querySelector('.account-area__nav')!.getBoundingClientRect().right <= document.querySelector('.account-area__main')!.getBoundingClientRect().left);
    await page.setViewportSize({ width: 768, height: 900 });
    await expect(menuBeside()).resolves.toBe(true);
    await expect(rowsOf()).resolves.toBe(4);
    await screenshot(page, 'account-hosting-choice-768');
    await page.setViewportSize({ width: 767, height: 900 });
    await expect(menuBeside()).resolves.toBe(false);
    await expect(rowsOf()).resolves.toBe(7);
    await page.setViewportSize(desktop.viewport!);
  });

  it("'Kies' Basic opens step 2 with goudenkorst.nl and Basic webhosting, without the holder choice", async () => {
    await choice().choose('Basic webhosting');
    await page.waitForURL(STEP_2_URL);
    await services().card('goudenkorst.nl').waitFor();
    await expect.poll(() => page.getByTestId('step-indicator-2').getAttribute('data-current')).toBe('true');
    await expect.poll(() => services().packages('goudenkorst.nl').getAttribute('data-product-code')).toBe('HOSTING_BASIC');
    await expect(services().basketChildren('goudenkorst.nl').allTextContents()).resolves.toEqual([expect.stringContaining('Basic webhosting')]);
    await expect(services().card('goudenkorst.nl').getByTestId('holder-button').count()).resolves.toBe(0);
    // Out of the basket again, so the next order holds only the new domain.
    await page.getByTestId('basket-item').getByRole('button', { name: /Verwijder goudenkorst\.nl/ }).click();
    await page.getByTestId('basket-empty').waitFor();
  });

  it("after an order of a new domain with Basic and SSL, its package offers 'Pakket wijzigen' and 'Diensten toevoegen'", async () => {
    await orderOnAccount(page, shop.url, NEW_DOMAIN.replace('.nl', ''), 'Basic webhosting', 'SSL_DV');
    await page.goto(`${shop.url}/account/diensten/hostingpakketten`);
    const account = new AccountPages(page);
    await account.waitAfterReloads(account.hostingPackage(NEW_DOMAIN));
    const item = account.hostingPackage(NEW_DOMAIN);
    const change = item.getByRole('link', { name: `Pakket wijzigen voor ${NEW_DOMAIN}` });
    const add = item.getByRole('link', { name: `Diensten toevoegen voor ${NEW_DOMAIN}` });
    accountId = Number(/\?id=(\d+)$/.exec((await change.getAttribute('href')) ?? '')?.[1]);
    expect(accountId).toBeGreaterThan(0);
    await expect(add.getAttribute('href')).resolves.toBe(`/account/diensten-toevoegen?id=${accountId}`);
    await screenshot(page, 'account-hosting-links');
    await expect(axeViolations(page, 'body')).resolves.toEqual([]);
    // The domain has hosting now: the domains list no longer offers it.
    await menuLink(page, 'Domeinnamen').click();
    await account.domain(NEW_DOMAIN).waitFor();
    await expect(account.domain(NEW_DOMAIN).getByRole('link', { name: /Hosting toevoegen/ }).count()).resolves.toBe(0);
    await expect(account.domain('goudenkorst.nl').getByRole('link', { name: /Hosting toevoegen/ }).count()).resolves.toBe(1);
  });

  it("'Pakket wijzigen' marks Basic as the current package; 'Kies' Premium opens step 2 with the upgrade", async () => {
    await menuLink(page, 'Hostingpakketten').click();
    await page.getByRole('link', { name: `Pakket wijzigen voor ${NEW_DOMAIN}` }).click();
    await page.waitForURL(new RegExp(`/account/webhosting\\?id=${accountId}$`));
    await choice().root.waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Pakket wijzigen');
    await expect(choice().root.textContent()).resolves.toContain(`${NEW_DOMAIN} heeft nu Basic webhosting.`);
    await expect(menuLink(page, 'Hostingpakketten').getAttribute('aria-current')).resolves.toBe('true');
    const basic = choice().card('HOSTING_BASIC');
    await expect(basic.getAttribute('data-current')).resolves.toBe('true');
    await expect(basic.textContent()).resolves.toContain('Je huidige pakket');
    await expect(basic.getByRole('button', { name: 'Kies Basic webhosting' }).isDisabled()).resolves.toBe(true);
    await expect(page.locator('[data-testid="package-card"][data-current]').count()).resolves.toBe(1);
    const form = await choice().form('HOSTING_PREMIUM');
    expect(form).toMatchObject({ action: '/account/webhosting-upgraden' });
    expect(form.fields).toMatchObject({ hostingPackageId: String(accountId), productCode: 'HOSTING_PREMIUM' });
    await screenshot(page, 'account-hosting-upgrade');
    await expect(axeViolations(page, 'body')).resolves.toEqual([]);

    await choice().choose('Premium webhosting');
    await page.waitForURL(STEP_2_URL);
    await services().card(NEW_DOMAIN).waitFor();
    await expect.poll(() => services().packages(NEW_DOMAIN).getAttribute('data-product-code')).toBe('HOSTING_PREMIUM');
    await expect(services().basketChildren(NEW_DOMAIN).allTextContents()).resolves.toEqual([expect.stringContaining('Premium webhosting')]);
  });

  it("'Diensten toevoegen' shows SSL as active; ticking Premium Spamfilter and 'Toevoegen' puts it under the domain at step 2", async () => {
    await page.goto(`${shop.url}/account/diensten/hostingpakketten`);
    await page.getByRole('link', { name: `Diensten toevoegen voor ${NEW_DOMAIN}` }).click();
    await page.waitForURL(new RegExp(`/account/diensten-toevoegen\\?id=${accountId}$`));
    await extras().root.waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Diensten toevoegen');
    await expect(extras().rows.count()).resolves.toBe(7);
    // Every price stands beside its name before anything is clicked or ticked.
    const prices = await extras().rows.evaluateAll((rows) =>
      rows.map((row) => [row.getAttribute('data-product-code'), row.querySelector('[data-testid="extra-service-price"]')?.textContent?.replace(/\s/g, ' ')]),
    );
    expect(Object.fromEntries(prices)).toEqual({
      SSL_DV: '€ 19,95 p/j',
      SSL_WILDCARD: '€ 99,00 p/j',
      EXTRA_IPV4: '€ 30,00 p/j',
      PREMIUM_SPAMFILTER: '€ 24,00 p/j',
      PRO_SLA: '€ 99,00 p/j',
      PREMIUM_SUPPORT: '€ 149,00 p/j',
      WEBSITE_MIGRATION: 'Gratis',
    });
    await expect(extras().row('PRO_SLA').getByTestId('extra-service-price').isVisible()).resolves.toBe(true);
    // The package has SSL already: ticked, disabled and said so.
    await expect(extras().checkbox('SSL_DV').isChecked()).resolves.toBe(true);
    await expect(extras().checkbox('SSL_DV').isDisabled()).resolves.toBe(true);
    await expect(extras().row('SSL_DV').textContent()).resolves.toContain('Al actief');
    await expect(extras().add.count()).resolves.toBe(0);

    // The info toggle tells the yearly price.
    const info = extras().info('PREMIUM_SPAMFILTER');
    await expect(info.getAttribute('aria-label')).resolves.toBe('Meer over Premium Spamfilter');
    await expect(info.getAttribute('aria-expanded')).resolves.toBe('false');
    await info.click();
    await expect(info.getAttribute('aria-expanded')).resolves.toBe('true');
    // The popover adds what the extra does to the price.
    await expect(extras().row('PREMIUM_SPAMFILTER').locator('.extra-row__info').textContent()).resolves.toMatch(/^Houdt 99,999% van de spam tegen.*Premium Spamfilter: €\s?24,00 p\/j, exclusief btw\.$/);

    // By keyboard: Space ticks the box, and 'Toevoegen' appears.
    await extras().checkbox('PREMIUM_SPAMFILTER').focus();
    await page.keyboard.press('Space');
    await extras().add.waitFor();
    await expect(extras().total.textContent()).resolves.toMatch(/€\s?24,00 p\/j/);
    await expect(extras().hiddenField('hostingPackageId')).resolves.toBe(String(accountId));
    await expect(extras().hiddenField('extraServices').then((value) => JSON.parse(value ?? '[]'))).resolves.toEqual([
      { productId: expect.any(Number), productCode: 'PREMIUM_SPAMFILTER' },
    ]);
    await screenshot(page, 'account-extra-services');
    await expect(axeViolations(page, 'body')).resolves.toEqual([]);

    await extras().add.click();
    await page.waitForURL(STEP_2_URL);
    await services().card(NEW_DOMAIN).waitFor();
    // The upgrade chosen before stays; the extra comes under the domain.
    await expect
      .poll(() => services().basketChildren(NEW_DOMAIN).allTextContents())
      .toEqual([expect.stringContaining('Premium webhosting'), expect.stringContaining('Premium Spamfilter')]);
    await expect(services().extra(NEW_DOMAIN, 'PREMIUM_SPAMFILTER').isChecked()).resolves.toBe(true);
    await expectActiveExtraNotOffered(services());
    await screenshot(page, 'upgrade-step2-active-extra-1280');
  });

  it("without a domain the packages show, and 'Kies' opens 'Kies eerst een domeinnaam' with the ways to a domain", async () => {
    await page.goto(`${shop.url}/account/webhosting`);
    await choice().root.waitFor();
    await expect(choice().cards.count()).resolves.toBe(7);
    const modal = page.getByTestId('missing-domain-modal');
    await expect(modal.isVisible()).resolves.toBe(false);
    await choice().choose('Basic webhosting');
    await modal.getByRole('heading', { name: 'Kies eerst een domeinnaam' }).waitFor();
    // The bakery's other domain has no hosting: offered as a way on, next to the search.
    await expect(modal.getByRole('link', { name: 'goudenkorst-webshop.com' }).getAttribute('href')).resolves.toBe('/account/webhosting?domein=goudenkorst-webshop.com');
    await expect(modal.getByRole('link', { name: 'Zoek een domeinnaam' }).getAttribute('href')).resolves.toBe('/bestelprocedure#step-1');
    await screenshot(page, 'account-hosting-missing-domain');
    await expect(axeViolations(page, 'body')).resolves.toEqual([]);
    await modal.getByRole('link', { name: 'goudenkorst-webshop.com' }).click();
    await page.waitForURL(/\/account\/webhosting\?domein=goudenkorst-webshop\.com$/);
    await expect.poll(() => choice().root.getAttribute('data-mode')).toBe('add');
  });

  it('an unknown id or domain gets a clear message and the way back', async () => {
    const cases = [
      { path: '/account/webhosting?id=999999', text: 'Dit hostingpakket staat niet in je account.', back: 'Terug naar je hostingpakketten' },
      { path: '/account/webhosting?id=abc', text: 'Dit hostingpakket staat niet in je account.', back: 'Terug naar je hostingpakketten' },
      { path: '/account/webhosting?domein=iemandanders.nl', text: 'De domeinnaam iemandanders.nl staat niet in je account.', back: 'Terug naar je domeinnamen' },
      { path: `/account/webhosting?domein=${NEW_DOMAIN}`, text: `${NEW_DOMAIN} heeft al een hostingpakket.`, back: 'Pakket wijzigen' },
      { path: '/account/diensten-toevoegen?id=999999', text: 'Dit hostingpakket staat niet in je account.', back: 'Terug naar je hostingpakketten' },
    ];
    for (const { path, text, back } of cases) {
      await page.goto(`${shop.url}${path}`);
      await choice().notice.waitFor();
      await expect(choice().notice.textContent(), path).resolves.toContain(text);
      await expect(choice().notice.getByRole('link', { name: back }).count(), path).resolves.toBe(1);
      await expect(choice().cards.count()).resolves.toBe(0);
    }
    await expect(axeViolations(page, 'body')).resolves.toEqual([]);
    await choice().notice.getByRole('link', { name: 'Terug naar je hostingpakketten' }).click();
    await page.waitForURL(/\/account\/diensten\/hostingpakketten$/);
  });
});

describe('the two pages on a phone, and in English', () => {
  it('shows one card per row and the extras list at 390 px, in Dutch and in English', async () => {
    const context = await browser.newContext({ ...mobile, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchPage(page);
    try {
      await page.goto(`${shop.url}/account/webhosting?domein=goudenkorst.nl`);
      await logInOnAccountPage(page, DEMO.email, DEMO.password);
      const choice = new HostingChoicePage(page);
      await choice.root.waitFor();
      const boxes = await choice.cards.evaluateAll((cards) => cards.slice(0, 2).map((card) => card.getBoundingClientRect()));
      expect(boxes[1]!.top).toBeGreaterThan(boxes[0]!.bottom);
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
      await screenshot(page, 'account-mobile-hosting-choice');
      await expect(axeViolations(page, 'body')).resolves.toEqual([]);

      await page.goto(`${shop.url}/account/diensten-toevoegen?id=${accountId}`);
      const extras = new ExtraServicesPage(page);
      await extras.root.waitFor();
      await extras.checkbox('PRO_SLA').check();
      await extras.info('PRO_SLA').click();
      await extras.add.waitFor();
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
      await screenshot(page, 'account-mobile-extra-services');
      await expect(axeViolations(page, 'body')).resolves.toEqual([]);
      // On to step 2: the package's SSL is not offered again there either.
      await extras.add.click();
      await page.waitForURL(STEP_2_URL);
      await expectActiveExtraNotOffered(new ServicesPage(page));
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
      await screenshot(page, 'upgrade-step2-active-extra-390');
      await expect(axeViolations(page, 'body')).resolves.toEqual([]);

      await page.goto(`${shop.url}/account/webhosting?id=${accountId}&lang=en`);
      await choice.root.waitFor();
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Change package');
      await expect(choice.card('HOSTING_BASIC').textContent()).resolves.toContain('Your current package');
      await expect(page.getByRole('button', { name: 'Choose Premium webhosting' }).isEnabled()).resolves.toBe(true);
      await expect(choice.card('HOSTING_PREMIUM').textContent()).resolves.toContain('p/m');
      await page.goto(`${shop.url}/account/diensten-toevoegen?id=${accountId}`);
      await extras.root.waitFor();
      await expect(extras.row('SSL_DV').textContent()).resolves.toContain('Already active');
      await extras.info('EXTRA_IPV4').click();
      await expect(extras.row('EXTRA_IPV4').textContent()).resolves.toMatch(/€\s?30\.00 p\/y, excluding VAT\./);
      await screenshot(page, 'account-mobile-extra-services-en');
      await expect(axeViolations(page, 'body')).resolves.toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

async function orderInResellerWizard(page: Page, base: string, name: string) {
  const order = new OrderPage(page);
  await page.goto(`${base}/bestelprocedure-reseller`);
  await order.input.waitFor();
  await order.search(name);
  await order.settledStatuses();
  await order.toggle('nl');
  await order.waitForStatus('nl', 'added');
  await order.continueToStep3();
  const checkout = new CheckoutPage(page);
  await checkout.terms.check();
  await checkout.choose('Op rekening');
  await checkout.pay.click();
  await new OrderResultPages(page).waitForSummary();
}

describe('a reseller', () => {
  it('gets the reseller packages besides the customer packages, and not other customers\' accounts', async () => {
    const context = await browser.newContext({ ...desktop, bypassCSP: true });
    const page = await context.newPage();
    const errors = watchPage(page);
    try {
      await page.goto(`${shop.url}/account`);
      await logInOnAccountPage(page, RESELLER.email, RESELLER.password);
      // A reseller orders in the reseller wizard: the domain alone, paid on account.
      await orderInResellerWizard(page, shop.url, 'webbureaudemo');
      await page.goto(`${shop.url}/account/diensten/domeinen`);
      const account = new AccountPages(page);
      await account.waitAfterReloads(account.domain('webbureaudemo.nl'));
      await account.domain('webbureaudemo.nl').getByRole('link', { name: 'Hosting toevoegen voor webbureaudemo.nl' }).click();
      const choice = new HostingChoicePage(page);
      await choice.root.waitFor();
      await expect(choice.codes()).resolves.toEqual([...CUSTOMER_PACKAGES, 'RESELLER_INTRO', 'RESELLER_BASIC', 'RESELLER_PREMIUM', 'RESELLER_PROFESSIONAL']);
      await expect(axeViolations(page, 'body')).resolves.toEqual([]);
      // Someone else's hosting account is as unknown as one that does not exist.
      for (const path of [`/account/webhosting?id=${accountId}`, `/account/diensten-toevoegen?id=${accountId}`]) {
        await page.goto(`${shop.url}${path}`);
        await choice.notice.waitFor();
        await expect(choice.notice.textContent(), path).resolves.toContain('Dit hostingpakket staat niet in je account.');
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
