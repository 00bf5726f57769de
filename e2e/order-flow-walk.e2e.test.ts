import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OrderPage } from './pages/order-page.ts';
import { ServicesPage } from './pages/services-page.ts';
import { axeViolations } from './support/axe.ts';
import { sidewaysOverflow } from './support/page-width.ts';
import { collectPageErrors, desktop, mobile, screenshot } from './support/browser.ts';
import { type RunningShop } from './support/server.ts';
import { useShopAndBrowser } from './support/shop-and-browser.ts';

let shop: RunningShop;
let browser: Browser;
useShopAndBrowser((running) => ({ shop, browser } = running));

const widths: [string, BrowserContextOptions][] = [
  ['1280', desktop],
  ['390', mobile],
];

const currentStep = (page: Page) => page.locator('[data-testid^="step-indicator-"][data-current]').getAttribute('data-testid');

/** 'Doorgaan' as a person taps it: on the sticky bar when it shows (a phone), else in the basket. */
async function clickContinue(page: Page) {
  const bar = page.getByTestId('basket-bar-continue');
  await ((await bar.isVisible()) ? bar : page.getByTestId('basket-continue')).click();
}

/** The reason under the search field, found the way a screen reader finds it: through the input's aria-describedby. */
const describedBy = (page: Page) =>
  page.getByTestId('domain-input').evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );

describe.each(widths)('the order page walked at %s px', (width, viewport) => {
  let context: BrowserContext;
  let page: Page;
  let order: OrderPage;
  let errors: string[];
  const name = `herladen${width}`;
  beforeAll(async () => {
    context = await browser.newContext({ ...viewport, bypassCSP: true });
    page = await context.newPage();
    errors = collectPageErrors(page);
    order = new OrderPage(page);
  });
  afterAll(() => context.close());
  afterEach(() => expect(errors).toEqual([]));

  it("has 'Mijn account' in its header, as every other page", async () => {
    await order.open(shop.url);
    const link = page.getByRole('banner').getByRole('link', { name: 'Mijn account' });
    await expect(link.getAttribute('href')).resolves.toBe('/account');
    await expect(link.isVisible()).resolves.toBe(true);
    await expect(sidewaysOverflow(page)).resolves.toEqual([]);
    await screenshot(page, `walk-${width}-header`);
  });

  it("leads to the account area, where the same link is marked as the current place", async () => {
    await page.getByRole('banner').getByRole('link', { name: 'Mijn account' }).click();
    await page.waitForURL(/\/account$/);
    await page.getByTestId('account-login-needed').waitFor();
    const link = page.getByRole('banner').getByRole('link', { name: 'Mijn account' });
    await expect(link.getAttribute('aria-current')).resolves.toBe('page');
    await expect(sidewaysOverflow(page)).resolves.toEqual([]);
    await screenshot(page, `walk-${width}-account-header`);
    await order.open(shop.url);
  });

  it("says why 'abc-' cannot be searched, next to the field", async () => {
    await order.input.fill('abc-');
    await expect.poll(() => order.check.isDisabled()).toBe(true);
    await expect.poll(() => describedBy(page)).toBe('Een domeinnaam mag niet op een streepje eindigen.');
    await expect(order.input.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByTestId('domain-input-error').isVisible()).resolves.toBe(true);
    await screenshot(page, `walk-${width}-trailing-hyphen`);
    // Typing on makes it a valid name: the reason goes, Check can be pressed.
    await order.input.fill('abc-d');
    await expect.poll(() => order.check.isDisabled()).toBe(false);
    await expect(describedBy(page)).resolves.toBe('');
  });

  it("keeps accented letters and says they are not supported yet: 'zö-ë' does not become 'z-'", async () => {
    await order.input.fill('zö-ë');
    const dialog = page.getByTestId('invalid-domain-modal');
    await dialog.waitFor();
    await expect(order.input.inputValue()).resolves.toBe('zö-ë');
    await expect(dialog.textContent()).resolves.toContain('Ongeldige domeinnaam.');
    await expect(dialog.textContent()).resolves.toContain('Letters met accenten (zoals ö en ë) worden nog niet ondersteund.');
    await screenshot(page, `walk-${width}-accents-modal`);
    await dialog.getByRole('button').first().click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(describedBy(page)).resolves.toBe('Letters met accenten (zoals ö en ë) worden nog niet ondersteund.');
    await expect(order.check.isDisabled()).resolves.toBe(true);
    await screenshot(page, `walk-${width}-accents`);
  });

  it('says why a name that is too short was refused when Check is pressed', async () => {
    await order.input.fill('ab');
    await order.check.click();
    const dialog = page.getByTestId('invalid-domain-modal');
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('Een domeinnaam heeft minstens 3 tekens (zonder extensie).');
    await dialog.getByRole('button').first().click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(describedBy(page)).resolves.toBe('Een domeinnaam heeft minstens 3 tekens (zonder extensie).');
    await expect(axeViolations(page, 'body')).resolves.toEqual([]);
  });

  it("after a reload at step 2, one 'Doorgaan' opens step 3", async () => {
    await order.open(shop.url);
    await order.search(name);
    await order.settledStatuses();
    await order.toggle('nl');
    await order.waitForStatus('nl', 'added');
    await page.getByTestId('basket-continue').click();
    await expect.poll(() => currentStep(page)).toBe('step-indicator-2');
    await new ServicesPage(page).chooseType(`${name}.nl`, 'Alleen registratie', 'REGISTRATION_ONLY');

    await page.reload();
    await order.basketItems.first().waitFor();
    // The page opens at the step it was at, and that is the step it counts as current.
    await expect.poll(() => currentStep(page)).toBe('step-indicator-2');
    await screenshot(page, `walk-${width}-reloaded-at-step-2`);
    await clickContinue(page);
    await expect.poll(() => currentStep(page)).toBe('step-indicator-3');
    await page.getByTestId('step-3').waitFor();
    await expect.poll(() => new URL(page.url()).hash).toBe('#step-3');
    // A reload at step 3 opens step 2: step 3 is reached through step 2's check, and opens with one click.
    await page.reload();
    await order.basketItems.first().waitFor();
    await expect.poll(() => currentStep(page)).toBe('step-indicator-2');
    await clickContinue(page);
    await expect.poll(() => currentStep(page)).toBe('step-indicator-3');
  });

  it("opened at #step-2 with a domain in the basket, one 'Doorgaan' opens step 3", async () => {
    await page.goto('about:blank');
    await page.goto(`${shop.url}/bestelprocedure#step-2`);
    await order.basketItems.first().waitFor();
    await expect.poll(() => currentStep(page)).toBe('step-indicator-2');
    await clickContinue(page);
    await expect.poll(() => currentStep(page)).toBe('step-indicator-3');
    await screenshot(page, `walk-${width}-step-3-after-one-click`);
  });

  it('a reload without a step in the address opens at step 1, and one click goes to step 2', async () => {
    await page.goto(`${shop.url}/bestelprocedure`);
    await order.basketItems.first().waitFor();
    await expect.poll(() => currentStep(page)).toBe('step-indicator-1');
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
    await clickContinue(page);
    await expect.poll(() => currentStep(page)).toBe('step-indicator-2');
    await expect.poll(() => new URL(page.url()).hash).toBe('#step-2');
  });
});

describe('the refused name in English', () => {
  it("says why 'abc-' and 'café' cannot be searched", async () => {
    const context = await browser.newContext(mobile);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    try {
      const order = new OrderPage(page);
      await order.open(shop.url, '?lang=en');
      await order.input.fill('abc-');
      await expect.poll(() => describedBy(page)).toBe('A domain name cannot end with a hyphen.');
      await order.input.fill('café');
      const dialog = page.getByTestId('invalid-domain-modal');
      await dialog.waitFor();
      await expect(dialog.textContent()).resolves.toContain('Letters with accents (such as é) are not supported yet.');
      await expect(page.getByRole('banner').getByRole('link', { name: 'My account' }).getAttribute('href')).resolves.toBe('/account');
      await screenshot(page, 'walk-390-accents-en');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the SSL page with an accented name', () => {
  it("keeps 'café.nl' and says accented letters are not supported yet", async () => {
    const context = await browser.newContext(desktop);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    try {
      await page.goto(`${shop.url}/website/ssl-certificaat`);
      const field = page.getByLabel('Domeinnaam voor het certificaat');
      await field.fill('café.nl');
      await page.getByText('Letters met accenten (zoals é) worden nog niet ondersteund.').waitFor();
      await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
      await screenshot(page, 'walk-1280-ssl-accents');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
