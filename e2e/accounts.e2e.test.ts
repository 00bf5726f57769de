import type { CaughtMail } from '@kavel/server/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutPage } from './pages/checkout-page.ts';
import { OrderPage } from './pages/order-page.ts';
import { collectPageErrors, desktop, screenshot } from './support/browser.ts';
import { type RunningShop } from './support/server.ts';
import { mailedLink, useShopBrowserAndMail, type SmtpCatcher } from './support/shop-with-mail.ts';

let shop: RunningShop;
let browser: Browser;
let smtp: SmtpCatcher;
useShopBrowserAndMail((running) => ({ shop, browser, smtp } = running));

const email = `bakker-${Date.now()}@example.nl`;
const password = 'een-lang-wachtwoord-2026';
const linkOf = (mail: CaughtMail, path: string) => mailedLink(mail, path, shop.url);

describe('accounts in the order page', () => {
  let context: BrowserContext;
  let page: Page;
  let order: OrderPage;
  let errors: string[];
  beforeAll(async () => {
    context = await browser.newContext(desktop);
    page = await context.newPage();
    errors = collectPageErrors(page, { allowHttpErrors: true });
    order = new OrderPage(page);
  });
  afterAll(() => context.close());

  it('registers a new customer from step 3 and shows the waiting-for-activation message', async () => {
    await order.open(shop.url);
    await order.search('mijnbakkerij');
    await order.settledStatuses();
    await order.toggle('nl');
    await order.waitForStatus('nl', 'added');
    await order.continueToStep3();
    // Opening step 3 offers hosting for the domain first (the smart benefits).
    await new CheckoutPage(page).declineBenefits();
    await page.getByTestId('tab-new-customer').click();
    const form = page.getByTestId('registration-form');
    await form.waitFor();
    await form.getByLabel('Bedrijfsnaam').fill('Bakkerij Het Zoete Brood');
    await form.getByLabel('Voornaam').fill('Anna');
    await form.getByLabel('Achternaam').fill('de Bakker');
    // A Dutch postcode and house number fill in the street and place (the lookup of the BAG).
    await form.getByLabel('Huisnummer').fill('1');
    await form.getByLabel('Postcode').fill('1012 js');
    await expect.poll(() => form.getByLabel('Straat').inputValue()).toBe('Dam');
    await expect(form.getByLabel('Plaats').inputValue()).resolves.toBe('Amsterdam');
    // What the customer types stays: another number of another street does not overwrite it.
    await form.getByLabel('Straat').fill('Kalverstraat');
    await form.getByLabel('Huisnummer').fill('12');
    await form.getByLabel('Postcode').fill('1012 AB');
    await expect.poll(() => form.getByLabel('Plaats').inputValue()).toBe('Amsterdam');
    await expect(form.getByLabel('Straat').inputValue()).resolves.toBe('Kalverstraat');
    await form.getByLabel('Telefoonnummer').fill('020 1234567');
    await form.getByLabel('E-mailadres').fill(email);
    const passwordInput = form.getByLabel('Wachtwoord', { exact: true });
    const lengthRule = page.getByTestId('password-rule');
    const strengthRule = page.getByTestId('password-strength-rule');
    await passwordInput.fill('te-kort');
    await expect(lengthRule.getAttribute('data-met')).resolves.not.toBe('true');
    await expect(strengthRule.textContent()).resolves.toBe('Moeilijk te raden: geen bekend wachtwoord, woord, naam of patroon');
    // Long enough but easy to guess: the length rule is met, the strength rule is not, and the
    // submit is refused with the strength rule turned red.
    await passwordInput.fill('wachtwoordwachtwoord');
    await expect.poll(() => lengthRule.getAttribute('data-met')).toBe('true');
    await expect.poll(() => strengthRule.getAttribute('data-met')).toBe('false');
    await form.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect.poll(() => strengthRule.evaluate((line) => line.parentElement!.className)).toContain('is-invalid');
    await expect(passwordInput.getAttribute('aria-invalid')).resolves.toBe('true');
    await screenshot(page, 'accounts-registration-weak-password');
    expect(await page.getByTestId('awaiting-activation').count()).toBe(0);
    // Made of the customer's own e-mail address: refused too.
    await passwordInput.fill(email);
    await expect.poll(() => strengthRule.getAttribute('data-met')).toBe('false');
    await passwordInput.fill(password);
    await expect.poll(() => lengthRule.getAttribute('data-met')).toBe('true');
    await expect.poll(() => strengthRule.getAttribute('data-met')).toBe('true');
    await screenshot(page, 'accounts-registration-form');
    await form.getByRole('button', { name: 'Account aanmaken' }).click();
    await page.getByTestId('awaiting-activation').waitFor();
    await expect(page.getByTestId('awaiting-activation').textContent()).resolves.toContain(email);
    await expect(page.getByTestId('resend-activation').isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('resend-activation').textContent()).resolves.toMatch(/\(\d+ seconden\)/);
    await screenshot(page, 'accounts-awaiting-activation');
  });

  it('activates the account through the e-mailed link and is logged in with the basket kept', async () => {
    const mail = await smtp.waitFor((m) => m.to.includes(email) && /activ/i.test(m.subject), 10_000);
    await page.goto(linkOf(mail, '/account/activeren'));
    await page.getByTestId('activation-page').waitFor();
    await page.getByTestId('activate-button').click();
    await page.getByTestId('activation-done').waitFor();
    await page.goto(`${shop.url}/bestelprocedure?finalStep=true`);
    await page.getByTestId('customer-summary').waitFor();
    // Step 3 opens logged in: the basket is validated and the offer comes once in this page visit.
    await new CheckoutPage(page).declineBenefits();
    await expect(page.getByTestId('customer-summary').textContent()).resolves.toContain('Anna');
    await expect.poll(() => order.basketItems.count()).toBe(1);
  });

  it('logs out, fails to log in until the captcha shows, solves it, logs in and keeps the basket', async () => {
    await page.getByTestId('logout-button').click();
    // Logged out, the session's basket is a new, empty one; the customer's stays with the customer.
    await expect.poll(() => order.basketItems.count()).toBe(0);
    await order.search('anderebakker');
    await order.settledStatuses();
    await order.toggle('com');
    await order.waitForStatus('com', 'added');
    await order.continueToStep3();
    await page.getByTestId('tab-existing-customer').click();
    const form = page.getByTestId('login-form');
    await form.waitFor();
    for (let attempt = 1; attempt <= 6; attempt++) {
      await form.getByLabel('E-mailadres').fill(email);
      await form.getByLabel('Wachtwoord', { exact: true }).fill(`verkeerd-wachtwoord-${attempt}`);
      await form.getByRole('button', { name: 'Inloggen', exact: true }).click();
      await page.getByTestId('login-error').waitFor();
      if (await page.getByTestId('captcha-widget').isVisible()) break;
    }
    await expect(page.getByTestId('captcha-widget').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('login-error').textContent()).resolves.toMatch(/\S/);
    await screenshot(page, 'accounts-login-captcha');

    // One more wrong guess with a solved captcha: the next login demands twice the work, which the
    // widget only gets by asking for the challenge of the username it is about to send.
    await page.getByTestId('captcha-widget').click();
    await expect.poll(() => page.getByTestId('captcha-widget').getAttribute('data-status'), { timeout: 30_000 }).toBe('solved');
    await form.getByLabel('Wachtwoord', { exact: true }).fill('nog-een-verkeerd-wachtwoord');
    await form.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect.poll(() => page.getByTestId('captcha-widget').getAttribute('data-status')).toBe('idle');
    await expect(page.getByTestId('login-error').textContent()).resolves.toBe('Onjuist e-mailadres of wachtwoord.');

    await page.getByTestId('captcha-widget').click();
    await expect.poll(() => page.getByTestId('captcha-widget').getAttribute('data-status'), { timeout: 60_000 }).toBe('solved');
    await form.getByLabel('Wachtwoord', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await page.getByTestId('customer-summary').waitFor();
    // The customer's basket is kept and the anonymous one merged into it.
    await expect.poll(() => order.basketItems.allTextContents()).toEqual([expect.stringContaining('mijnbakkerij.nl'), expect.stringContaining('anderebakker.com')]);
    await screenshot(page, 'accounts-logged-in');
    expect(errors).toEqual([]);
  });

  it('sends a reset link for a forgotten password, and the link sets a new password once', async () => {
    await page.getByTestId('logout-button').click();
    await order.search('vergeetachtig');
    await order.settledStatuses();
    await order.toggle('nl');
    await order.waitForStatus('nl', 'added');
    await order.continueToStep3();
    await page.getByTestId('tab-existing-customer').click();
    await page.getByTestId('forgot-password-link').click();
    const forgot = page.getByTestId('forgot-password-form');
    await forgot.getByLabel('E-mailadres').fill(email);
    await forgot.getByRole('button', { name: 'Verstuur' }).click();
    await page.getByTestId('reset-message').waitFor();
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.text.includes('/account/wachtwoord-herstellen'), 10_000);
    const link = linkOf(mail, '/account/wachtwoord-herstellen');
    await page.goto(link);
    const reset = page.getByTestId('reset-page');
    await reset.waitFor();
    await reset.getByLabel('Wachtwoord', { exact: true }).fill('aaaaaaaaaaaaaa');
    await reset.getByLabel('Herhaal wachtwoord').fill('aaaaaaaaaaaaaa');
    await reset.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await expect.poll(() => reset.getByTestId('password-strength-rule').getAttribute('data-met')).toBe('false');
    await expect.poll(() => reset.getByTestId('password-strength-rule').evaluate((line) => line.parentElement!.className)).toContain('is-invalid');
    expect(await page.getByTestId('reset-message').count()).toBe(0);
    await reset.getByLabel('Wachtwoord', { exact: true }).fill('nog-een-lang-wachtwoord');
    await reset.getByLabel('Herhaal wachtwoord').fill('nog-een-lang-wachtwoord');
    await expect.poll(() => reset.getByTestId('password-strength-rule').getAttribute('data-met')).toBe('true');
    await reset.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await page.getByTestId('reset-message').waitFor();
    await page.goto(link);
    await page.getByTestId('dead-link').waitFor();
  });
});
