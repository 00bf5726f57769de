import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HostingChoicePage, logInOnAccountPage } from './pages/account-hosting-pages.ts';
import { CheckoutPage } from './pages/checkout-page.ts';
import { OrderResultPages } from './pages/order-pages.ts';
import { ServicesPage } from './pages/services-page.ts';
import { axeViolations } from './support/axe.ts';
import { desktop, screenshot } from './support/browser.ts';
import { watchPage } from './support/page-problems.ts';
import { type RunningShop } from './support/server.ts';
import { useShopAndBrowser } from './support/shop-and-browser.ts';

const DEMO = { email: 'klant@demo.kavel.nl', password: 'kavel-demo-wachtwoord' };
const OWN = 'goudenkorst.nl';

let shop: RunningShop;
let browser: Browser;
useShopAndBrowser((running) => ({ shop, browser } = running));

/**
 * The defect: the demo customer's own goudenkorst.nl, put in the basket with hosting from the
 * account, showed at step 2 as 'Registratie' with 'Alleen registratie' and 'Doorsturen', and its
 * order line read 'Registratie .nl goudenkorst.nl'.
 */
describe('a domain the customer owns, in the basket by a hosting choice from the account', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const services = () => new ServicesPage(page);
  beforeAll(async () => {
    context = await browser.newContext({ ...desktop, bypassCSP: true });
    page = await context.newPage();
    errors = watchPage(page);
  });
  afterAll(() => context.close());
  afterEach(() => expect(errors).toEqual([]));

  it("shows at step 2 as 'Eigen domein', with the hosting packages and neither registration nor forwarding", async () => {
    await page.goto(`${shop.url}/account/webhosting?domein=${OWN}`);
    await logInOnAccountPage(page, DEMO.email, DEMO.password);
    const choice = new HostingChoicePage(page);
    await choice.root.waitFor();
    await choice.choose('Basic webhosting');
    await page.waitForURL(/\/bestelprocedure\?hostingUpgrade=true#step-2$/);
    const card = services().card(OWN);
    await card.waitFor();
    await expect.poll(() => services().packages(OWN).getAttribute('data-product-code')).toBe('HOSTING_BASIC');

    await expect(card.getByTestId('domain-kind').textContent()).resolves.toBe('Eigen domein');
    await expect(card.textContent()).resolves.toContain('Deze domeinnaam heb je al.');
    await expect(card.getByRole('radio').count()).resolves.toBe(0);
    await expect(card.getByText('Alleen registratie').count()).resolves.toBe(0);
    await expect(card.getByText('Doorsturen').count()).resolves.toBe(0);
    await expect(card.getByText('Registratie', { exact: true }).count()).resolves.toBe(0);

    // The side basket: the name is the customer's own, nothing to pay for it; the package under it.
    const line = page.getByTestId('basket-item').filter({ hasText: OWN }).locator('.basket-item__line').first();
    await expect(line.textContent()).resolves.toBe('Eigen domeinAl in bezit');
    await expect(services().basketChildren(OWN).allTextContents()).resolves.toEqual([expect.stringContaining('Basic webhosting')]);
    await screenshot(page, 'own-domain-step-2');
    await expect(axeViolations(page, '[data-testid="service-card"]')).resolves.toEqual([]);
  });

  it("orders the hosting on account: the order's line for the name reads 'Eigen domein', already owned", async () => {
    const checkout = new CheckoutPage(page);
    await page.getByTestId('basket-continue').click();
    await checkout.step.waitFor();
    await checkout.terms.check();
    await checkout.choose('Op rekening');
    await checkout.pay.click();
    await new OrderResultPages(page).waitForSummary();

    const lines = page.getByTestId('order-line');
    const domainLine = lines.filter({ hasText: OWN }).first();
    await expect(domainLine.getAttribute('data-product-type')).resolves.toBe('DOMAIN');
    await expect(domainLine.locator('th').textContent()).resolves.toBe('Eigen domein');
    await expect(domainLine.locator('.order-lines__price').textContent()).resolves.toBe('Al in bezit');
    await expect(page.getByTestId('order-lines').textContent()).resolves.not.toContain('Registratie');
    await screenshot(page, 'own-domain-order-summary');
  });
});
