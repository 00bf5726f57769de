import type { Locator, Page } from 'playwright-core';
import { CheckoutPage, orderDomain } from './checkout-page.ts';
import { OrderResultPages } from './order-pages.ts';

/** The account area's login form, shown in place of a page to a visitor. */
export async function logInOnAccountPage(page: Page, email: string, password: string) {
  await page.getByTestId('account-login-needed').waitFor();
  const form = page.getByTestId('login-form');
  await form.getByLabel('E-mailadres').fill(email);
  await form.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await page.getByTestId('account-login-needed').waitFor({ state: 'detached' });
}

/**
 * Step 1 to the order summary for `name`.nl, paying on account (the quickest), by a customer who
 * is logged in: `hosting` ('Basic webhosting') or registration only, and one extra if given.
 */
export async function orderOnAccount(page: Page, base: string, name: string, hosting: string | null, extraCode?: string) {
  const services = await orderDomain(page, base, name, hosting);
  if (extraCode) {
    await services.extra(`${name}.nl`, extraCode).check();
    await services.basketChildren(`${name}.nl`).nth(1).waitFor();
  }
  const checkout = new CheckoutPage(page);
  await page.getByTestId('basket-continue').click();
  await checkout.step.waitFor();
  await checkout.declineBenefits();
  await checkout.terms.check();
  await checkout.choose('Op rekening');
  await checkout.pay.click();
  await new OrderResultPages(page).waitForSummary();
}

/** `/account/webhosting?domein=…` or `?id=…`: a card per package, each 'Kies' a form post. */
export class HostingChoicePage {
  readonly root: Locator;
  readonly cards: Locator;
  readonly notice: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('hosting-choice');
    this.cards = page.getByTestId('package-card');
    this.notice = page.getByTestId('choice-notice');
  }

  card(productCode: string): Locator {
    return this.page.locator(`[data-testid="package-card"][data-product-code="${productCode}"]`);
  }

  async codes(): Promise<string[]> {
    return this.cards.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-product-code') ?? ''));
  }

  /** The card's form as it will be posted: its action and hidden fields. */
  async form(productCode: string): Promise<{ method: string; action: string; fields: Record<string, string> }> {
    return this.card(productCode)
      .locator('form')
      .evaluate((form: HTMLFormElement) => ({
        method: form.method,
        action: new URL(form.action).pathname,
        fields: Object.fromEntries([...form.querySelectorAll<HTMLInputElement>('input[type=hidden]')].map((input) => [input.name, input.value])),
      }));
  }

  async choose(productName: string) {
    await this.page.getByRole('button', { name: `Kies ${productName}`, exact: true }).click();
  }
}

/** `/account/diensten-toevoegen?id=…`: a checkbox per extra, an info toggle with the yearly price, and 'Toevoegen'. */
export class ExtraServicesPage {
  readonly root: Locator;
  readonly rows: Locator;
  readonly add: Locator;
  readonly total: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('extra-services');
    this.rows = page.getByTestId('extra-service-row');
    this.add = page.getByTestId('extra-services-add');
    this.total = page.getByTestId('extra-services-total');
  }

  row(productCode: string): Locator {
    return this.page.locator(`[data-testid="extra-service-row"][data-product-code="${productCode}"]`);
  }

  checkbox(productCode: string): Locator {
    return this.row(productCode).getByRole('checkbox');
  }

  info(productCode: string): Locator {
    return this.row(productCode).getByTestId('extra-service-info');
  }

  async hiddenField(name: string): Promise<string | null> {
    return this.root.locator(`form input[type=hidden][name="${name}"]`).getAttribute('value');
  }
}
