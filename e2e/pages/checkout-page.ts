import type { Locator, Page } from 'playwright-core';
import { OrderPage } from './order-page.ts';
import { ServicesPage } from './services-page.ts';

/** Step 3 as a customer uses it: the smart-benefits modal, the login, the terms, payment and Pay. */
export class CheckoutPage {
  readonly step: Locator;
  readonly benefitsModal: Locator;
  readonly errorModal: Locator;
  readonly terms: Locator;
  readonly methods: Locator;
  readonly pay: Locator;

  constructor(readonly page: Page) {
    this.step = page.getByTestId('step-3');
    this.benefitsModal = page.getByTestId('smart-benefits-modal');
    this.errorModal = page.getByTestId('order-error-modal');
    this.terms = page.getByTestId('terms-checkbox');
    this.methods = page.getByTestId('payment-method');
    this.pay = page.getByTestId('pay-button');
  }

  /** One offer of the smart-benefits modal by its service type (`UPGRADE_TO_PREMIUM_HOSTING`, `ADD_SSL`). */
  benefit(type: string): Locator {
    return this.benefitsModal.locator(`[data-testid="smart-benefit"][data-service-type="${type}"]`);
  }

  async acceptBenefits(...types: string[]) {
    for (const type of types) await this.benefit(type).getByRole('checkbox').check();
    await this.benefitsModal.getByRole('button', { name: 'Toevoegen' }).click();
    await this.benefitsModal.waitFor({ state: 'hidden' });
  }

  /** Waits for the offer (it follows the proposals) and says 'No, thanks'. */
  async declineBenefits() {
    await this.benefitsModal.waitFor();
    await this.benefitsModal.getByRole('button', { name: 'Nee, bedankt' }).click();
    await this.benefitsModal.waitFor({ state: 'hidden' });
  }

  /** Logs in with step 3's 'I am already a customer' form. */
  async logIn(email: string, password: string) {
    await this.page.getByTestId('tab-existing-customer').click();
    const form = this.page.getByTestId('login-form');
    await form.getByLabel('E-mailadres').fill(email);
    await form.getByLabel('Wachtwoord', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await this.page.getByTestId('customer-summary').waitFor();
  }

  method(code: string): Locator {
    return this.page.locator(`[data-testid="payment-method"][data-method="${code}"]`);
  }

  async choose(label: string) {
    await this.page.getByTestId('payment-methods').getByRole('radio', { name: label }).check();
  }
}

/** Step 1 and 2: `name`.nl in the basket, with `hosting` chosen ('Basic webhosting') or registration only. */
export async function orderDomain(page: Page, base: string, name: string, hosting: string | null): Promise<ServicesPage> {
  const order = new OrderPage(page);
  await order.open(base);
  await order.search(name);
  await order.settledStatuses();
  await order.toggle('nl');
  await order.waitForStatus('nl', 'added');
  await page.getByTestId('basket-continue').click();
  const services = new ServicesPage(page);
  const domain = `${name}.nl`;
  await services.card(domain).waitFor();
  if (hosting) {
    await services.card(domain).getByRole('button', { name: `Kies ${hosting}` }).click();
    await services.card(domain).getByTestId('hosting-change').waitFor();
  } else {
    await services.chooseType(domain, 'Alleen registratie', 'REGISTRATION_ONLY');
  }
  return services;
}
