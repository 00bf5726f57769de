import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutPage, orderDomain } from './pages/checkout-page.ts';
import { OrderPage } from './pages/order-page.ts';
import { OrderResultPages, SimulatedPaymentPage } from './pages/order-pages.ts';
import { ServicesPage } from './pages/services-page.ts';
import { axeViolations } from './support/axe.ts';
import { desktop, mobile, screenshot, screenshotDir } from './support/browser.ts';
import { watchPage } from './support/page-problems.ts';
import { startShop, type RunningShop } from './support/server.ts';
import { useShopAndBrowser } from './support/shop-and-browser.ts';

/** What a customer found walking through the order flow in a browser, each fixed and kept fixed here. */

const DEMO = { email: 'klant@demo.kavel.nl', password: 'kavel-demo-wachtwoord' };
const ONLINE = 'Online betalen (iDEAL, creditcard)';

let shop: RunningShop;
let browser: Browser;
useShopAndBrowser((running) => ({ shop, browser } = running));

/** A page of its own, with every console error and failed call counted against the test. */
async function openPage(options = desktop): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ ...options, bypassCSP: true });
  const page = await context.newPage();
  return { context, page, errors: watchPage(page) };
}

/** Logs the demo customer in through the API, as another tab of the same browser would. */
async function logInByApi(page: Page, base: string) {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const login = await page.request.post(`${base}/api/login`, { data: { username: DEMO.email, password: DEMO.password }, headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } });
  expect(login.status()).toBe(200);
}

/** Cents from '€ 98,81' (or '−€ 10,00'). */
const centsOf = (text: string | null) => Number((/(\d+(?:\.\d{3})*),(\d{2})/.exec(text ?? '') ?? []).slice(1, 3).join('').replace(/\./g, ''));

describe('the order summary shows the discount code like the invoice (issue 10 item 3)', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => ({ context, page, errors } = await openPage()));
  afterAll(() => context.close());
  afterEach(() => expect(errors).toEqual([]));

  it('KAVEL2026: the lines, minus the discount line, make the total excl. VAT', async () => {
    await orderDomain(page, shop.url, 'kortingsbakker', 'Basic webhosting');
    await page.getByTestId('discount-input').fill('KAVEL2026');
    await page.getByTestId('discount-apply').click();
    await page.getByTestId('discount-applied').waitFor();
    const checkout = new CheckoutPage(page);
    await page.getByTestId('basket-continue').click();
    await checkout.step.waitFor();
    await checkout.declineBenefits();
    await checkout.logIn(DEMO.email, DEMO.password);
    await checkout.terms.check();
    await checkout.choose('Op rekening');
    await checkout.pay.click();
    const result = new OrderResultPages(page);
    await result.waitForSummary();

    const discount = page.getByTestId('order-discount');
    await expect(discount.textContent()).resolves.toMatch(/^Kortingscode KAVEL2026\s*−€\s?10,00$/);
    const order = (await (await page.request.get(`${shop.url}/api/bestellen/${result.orderId()}`)).json()) as { lines: { price: number }[] };
    const lines = order.lines.reduce((sum, line) => sum + line.price, 0);
    const excl = await page.getByTestId('order-totals').locator('.basket-totals__row').filter({ hasText: 'Totaal excl. btw' }).locator('dd').textContent();
    expect(centsOf(excl)).toBe(lines - 1000);
    await page.getByTestId('order-lines').screenshot({ path: `${screenshotDir}/defects-summary-discount.png` });
  });
});

describe('step 2 shows who will hold the domain (issue 10 item 4)', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => ({ context, page, errors } = await openPage()));
  afterAll(() => context.close());
  afterEach(() => expect(errors).toEqual([]));

  it("the card names the standard holder with its e-mail and phone, and then the holder chosen in the modal", async () => {
    const order = new OrderPage(page);
    await order.open(shop.url);
    await logInByApi(page, shop.url);
    await order.open(shop.url);
    await order.search('houderbakker');
    await order.settledStatuses();
    await order.toggle('nl');
    await order.waitForStatus('nl', 'added');
    await page.getByTestId('basket-continue').click();
    const services = new ServicesPage(page);
    const card = services.card('houderbakker.nl');
    await card.waitFor();
    const whois = (await (await page.request.get(`${shop.url}/api/account/whois`)).json()) as {
      standard: { label: string; email: string; phone: string };
      custom: { id: number; label: string }[];
    };
    expect(whois.standard.email).toBe(DEMO.email);
    expect(whois.standard.phone).not.toBe('');
    const current = card.getByTestId('holder-current');
    await current.waitFor();
    await expect(current.textContent()).resolves.toBe(`Domeinhouder: Standaard (${whois.standard.label})${whois.standard.email} · ${whois.standard.phone}`);

    await card.getByTestId('holder-button').click();
    const modal = page.getByTestId('holder-modal');
    const standard = modal.getByRole('radio', { name: /^Standaard/ });
    await standard.waitFor();
    // The standard holder's e-mail address and phone number, as spec 000 section 3 lists them.
    await expect(modal.locator('.radio-group__option').first().textContent()).resolves.toContain(`${whois.standard.email} · ${whois.standard.phone}`);
    const chosen = whois.custom[0]!;
    await modal.getByRole('radio', { name: chosen.label, exact: true }).check();
    await screenshot(page, 'defects-holder-modal');
    await modal.getByTestId('holder-use').click();
    await expect.poll(() => modal.isVisible()).toBe(false);
    await expect.poll(() => current.textContent()).toBe(`Domeinhouder: ${chosen.label}`);
    await expect(current.getAttribute('data-custom-whois-id')).resolves.toBe(String(chosen.id));
    await card.screenshot({ path: `${screenshotDir}/defects-holder-card.png` });
    await expect(axeViolations(page, '#step-2')).resolves.toEqual([]);
  });
});

describe('the smart-benefits offer for a domain without hosting (issue 10 item 2)', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => ({ context, page, errors } = await openPage()));
  afterAll(() => context.close());

  it('offers SSL only together with the hosting, and says a refusal inside the offer, never in a second modal', async () => {
    await orderDomain(page, shop.url, 'alleensslbakker', null);
    const checkout = new CheckoutPage(page);
    await page.getByTestId('basket-continue').click();
    await checkout.benefitsModal.waitFor();
    const intro = checkout.benefit('ADD_INTRO_HOSTING').getByRole('checkbox');
    const ssl = checkout.benefit('ADD_SSL').getByRole('checkbox');
    await expect(ssl.isDisabled()).resolves.toBe(true);
    await expect(checkout.benefit('ADD_SSL').textContent()).resolves.toContain('Alleen samen met webhosting');
    await intro.check();
    await expect(ssl.isEnabled()).resolves.toBe(true);
    await ssl.check();
    // Without the hosting the certificate goes too.
    await intro.uncheck();
    await expect(ssl.isChecked()).resolves.toBe(false);
    await expect(ssl.isDisabled()).resolves.toBe(true);
    await intro.check();
    await ssl.check();
    await screenshot(page, 'defects-benefits-ssl-with-hosting');

    // Meanwhile the domain gets Basic hosting (another tab): the Intro offer no longer applies.
    const xsrf = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
    const catalogue = (await (await page.request.get(`${shop.url}/api/catalogue`)).json()) as { hostingPackages: { productId: number; productCode: string }[] };
    const basic = catalogue.hostingPackages.find((candidate) => candidate.productCode === 'HOSTING_BASIC')!;
    const basket = (await (await page.request.get(`${shop.url}/api/bestelprocedure/getBasket`)).json()) as { items: { unique: string; title: string }[] };
    const domain = basket.items.find((item) => item.title === 'alleensslbakker.nl')!;
    const added = await page.request.post(`${shop.url}/api/bestelprocedure/addItem`, {
      data: { productId: basic.productId, productCode: basic.productCode, parentId: domain.unique },
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
    });
    expect(added.status()).toBe(200);
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/bestelprocedure/acceptAdditionalService'));
    await checkout.benefitsModal.getByRole('button', { name: 'Toevoegen' }).click();
    expect((await refused).status()).toBeGreaterThanOrEqual(400);
    const inside = checkout.benefitsModal.getByTestId('smart-benefits-error');
    await inside.waitFor();
    await expect(inside.textContent()).resolves.not.toBe('');
    await expect(page.locator('dialog[open]').count()).resolves.toBe(1);
    await expect(checkout.errorModal.isVisible()).resolves.toBe(false);
    await screenshot(page, 'defects-benefits-error-inside');
    await expect(axeViolations(page, '[data-testid="smart-benefits-modal"]')).resolves.toEqual([]);
    // The refused call is the point of this test; nothing else failed.
    expect(errors.filter((error) => !error.includes('/acceptAdditionalService'))).toEqual([]);
  });
});

describe('the basket on a phone (issue 10 item 13)', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => ({ context, page, errors } = await openPage(mobile)));
  afterAll(() => context.close());
  afterEach(() => expect(errors).toEqual([]));

  const bar = () => page.getByTestId('basket-bar');
  /** The bar lies wholly inside the screen as it is, without scrolling to it. */
  const barInView = () =>
    page.evaluate(() => {
      const box = document.querySelector('[data-testid="basket-bar"]')?.getBoundingClientRect();
      return Boolean(box && box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight);
    });

  it('a sticky bar keeps the total and Continue on screen; Continue goes to step 2, then to step 3', async () => {
    const order = new OrderPage(page);
    await order.open(shop.url);
    await expect(bar().count()).resolves.toBe(0);
    await order.search('telefoonbakker');
    await order.settledStatuses();
    await order.toggle('nl');
    await order.waitForStatus('nl', 'added');
    await order.toggle('com');
    await order.waitForStatus('com', 'added');
    await order.row('nl').scrollIntoViewIfNeeded();
    await expect.poll(barInView).toBe(true);
    // The basket's own Continue is far below: the bar is the way on.
    const ownContinue = await page.getByTestId('basket-continue').boundingBox();
    expect(ownContinue!.y).toBeGreaterThan(mobile.viewport!.height);
    await expect.poll(() => page.getByTestId('basket-bar-total').textContent()).toBe(
      (await page.getByTestId('basket-total-incl').locator('dd').textContent()) ?? '',
    );
    await expect(bar().textContent()).resolves.toContain('2 in je selectie');
    await screenshot(page, 'defects-phone-basket-bar');
    await page.screenshot({ path: `${screenshotDir}/defects-phone-basket-bar-viewport.png` });
    await expect(axeViolations(page, 'body')).resolves.toEqual([]);

    await page.getByTestId('basket-bar-continue').tap();
    await expect.poll(() => page.getByTestId('step-indicator-2').getAttribute('data-current')).toBe('true');
    await expect.poll(barInView).toBe(true);
    await page.getByTestId('basket-bar-continue').tap();
    const checkout = new CheckoutPage(page);
    await checkout.step.waitFor();
    await checkout.declineBenefits();
    await expect.poll(() => page.getByTestId('step-indicator-3').getAttribute('data-current')).toBe('true');
    // Step 3 has its own Pay: no Continue any more.
    await expect.poll(() => bar().count()).toBe(0);
  });

  it('steps aside while the basket itself, with its Continue, is on screen', async () => {
    await page.goto(`${shop.url}/bestelprocedure`);
    await page.getByTestId('basket-continue').waitFor();
    await expect.poll(barInView).toBe(true);
    await page.getByTestId('basket-continue').scrollIntoViewIfNeeded();
    await expect.poll(() => bar().isVisible()).toBe(false);
  });
});

describe('the birth date on the registration form (issue 10 item 12)', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  // An English-language browser: a native date input would show mm/dd/yyyy here.
  beforeAll(async () => ({ context, page, errors } = await openPage({ ...desktop, locale: 'en-US' })));
  afterAll(() => context.close());
  afterEach(() => expect(errors).toEqual([]));

  it('takes yyyy-mm-dd and offers a Dutch calendar with the week from Monday', async () => {
    await orderDomain(page, shop.url, 'geboortebakker', null);
    const checkout = new CheckoutPage(page);
    await page.getByTestId('basket-continue').click();
    await checkout.declineBenefits();
    await page.getByTestId('tab-new-customer').click();
    const form = page.getByTestId('registration-form');
    const field = form.getByLabel('Geboortedatum', { exact: true });
    await field.waitFor();
    await expect(field.getAttribute('type')).resolves.toBe('text');
    await expect(field.getAttribute('placeholder')).resolves.toBe('jjjj-mm-dd');

    const toggle = form.getByRole('button', { name: 'Kalender openen' });
    await toggle.click();
    const calendar = form.getByRole('dialog', { name: 'Kalender' });
    await calendar.getByRole('grid').waitFor();
    const weekdays = await calendar.locator('thead th').allTextContents();
    expect(weekdays.map((day) => day.trim().toLowerCase())).toEqual(['ma', 'di', 'wo', 'do', 'vr', 'za', 'zo']);
    await calendar.getByLabel('Kies het jaar').selectOption('1985');
    await calendar.getByLabel('Kies de maand').selectOption({ label: 'mei' });
    await screenshot(page, 'defects-birth-date-calendar');
    await expect(axeViolations(page, '[data-testid="registration-form"]')).resolves.toEqual([]);
    await calendar.getByRole('button', { name: /14 mei 1985/ }).click();
    await expect(field.inputValue()).resolves.toBe('1985-05-14');
    await expect.poll(() => calendar.count()).toBe(0);
    await expect(toggle.evaluate((button) => button === document.activeElement)).resolves.toBe(true);

    // Typed by hand it is taken as it stands; a date in the future is refused in Dutch.
    await field.fill('2999-01-01');
    await form.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect.poll(() => form.locator('.birth-date .field__error').textContent()).not.toBe('');
    // By keyboard: the calendar opens, Escape closes it and focus returns to its button.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await calendar.getByRole('grid').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => calendar.count()).toBe(0);
    await expect(toggle.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    // With the focus back on its button (as before the calendar's code has loaded), Escape closes it too.
    await page.keyboard.press('Enter');
    await calendar.getByRole('grid').waitFor();
    await toggle.focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => calendar.count()).toBe(0);
    await expect(toggle.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
  });
});

describe('online payment keeps the login on the address the shop was opened at (issue 10 item 1)', () => {
  // PUBLIC_URL unset: the configured base is http://localhost:PORT, the browser uses 127.0.0.1.
  let unset: RunningShop;
  beforeAll(async () => {
    unset = await startShop({ PUBLIC_URL: undefined });
  });
  afterAll(() => unset?.stop());

  it("opened at 127.0.0.1: paying online and 'Betaald' land on the order summary, still logged in", async () => {
    const { context, page, errors } = await openPage();
    try {
      await orderDomain(page, unset.url, 'hostnaambakker', 'Basic webhosting');
      const checkout = new CheckoutPage(page);
      await page.getByTestId('basket-continue').click();
      await checkout.declineBenefits();
      await checkout.logIn(DEMO.email, DEMO.password);
      await checkout.terms.check();
      await checkout.choose(ONLINE);
      await checkout.pay.click();
      const provider = new SimulatedPaymentPage(page);
      await provider.waitFor();
      expect(new URL(page.url()).origin).toBe(unset.url);
      await provider.choose('Betaald');
      const result = new OrderResultPages(page);
      await result.waitForSummary();
      expect(new URL(page.url()).origin).toBe(unset.url);
      await expect(page.getByTestId('order-login-needed').count()).resolves.toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('logged out, the order page asks for a login and then goes back to the order', async () => {
    const first = await openPage();
    let orderId = 0;
    try {
      await orderDomain(first.page, unset.url, 'terugbakker', null);
      const checkout = new CheckoutPage(first.page);
      await first.page.getByTestId('basket-continue').click();
      await checkout.declineBenefits();
      await checkout.logIn(DEMO.email, DEMO.password);
      await checkout.terms.check();
      await checkout.choose('Op rekening');
      await checkout.pay.click();
      await new OrderResultPages(first.page).waitForSummary();
      orderId = new OrderResultPages(first.page).orderId();
    } finally {
      await first.context.close();
    }

    const { context, page, errors } = await openPage();
    try {
      await page.goto(`${unset.url}/bestellen/${orderId}/betalingsstatus`);
      await page.getByTestId('order-login-needed').waitFor();
      await page.getByTestId('order-login-link').click();
      await page.waitForURL(/\/bestellen\/inloggen\?returnTo=/);
      const form = page.getByTestId('order-app-login-form');
      await form.getByLabel('E-mailadres of gebruikersnaam').fill(DEMO.email);
      await form.getByLabel('Wachtwoord', { exact: true }).fill(DEMO.password);
      await form.getByRole('button', { name: 'Inloggen', exact: true }).click();
      // Back at the order: its status page, which shows the summary of an order that needs no payment.
      const result = new OrderResultPages(page);
      await result.waitForSummary();
      expect(result.orderId()).toBe(orderId);
      // The 401s of the visit before the login are the page asking who is there.
      expect(errors.filter((error) => !error.startsWith('401 '))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('with PUBLIC_URL set, another host name is sent there first (issue 10 item 1)', () => {
  it('localhost goes to 127.0.0.1 (the PUBLIC_URL of the test shop) before a cookie is set', async () => {
    const { context, page } = await openPage();
    try {
      const port = new URL(shop.url).port;
      await page.goto(`http://localhost:${port}/bestelprocedure?lang=en`);
      expect(page.url()).toBe(`${shop.url}/bestelprocedure?lang=en`);
      await new OrderPage(page).input.waitFor();
      const cookies = await context.cookies();
      expect(cookies.every((cookie) => cookie.domain === '127.0.0.1')).toBe(true);
    } finally {
      await context.close();
    }
  });
});
