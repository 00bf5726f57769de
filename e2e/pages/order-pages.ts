import type { Locator, Page } from 'playwright-core';

/** The simulated provider's page (served by the shop itself) with its three outcomes. */
export class SimulatedPaymentPage {
  constructor(readonly page: Page) {}

  async waitFor() {
    await this.page.waitForURL(/\/betalen\/simulatie\//);
    await this.page.getByRole('heading', { name: 'Kavel testbetaling' }).waitFor();
  }

  async choose(outcome: 'Betaald' | 'Geannuleerd' | 'Verlopen') {
    await this.page.getByRole('button', { name: outcome, exact: true }).click();
  }
}

/** `/bestellen/{id}/betalingsstatus` and `/bestellen/{id}/overzicht`. */
export class OrderResultPages {
  readonly status: Locator;
  readonly pay: Locator;
  readonly summary: Locator;
  readonly invoiceText: Locator;

  constructor(readonly page: Page) {
    this.status = page.getByTestId('payment-status');
    this.pay = page.getByTestId('payment-status-pay');
    this.summary = page.getByTestId('order-summary');
    this.invoiceText = page.getByTestId('order-invoice-text');
  }

  async waitForStatusPage() {
    await this.page.waitForURL(/\/bestellen\/\d+\/betalingsstatus$/);
    await this.page.getByTestId('payment-status-page').waitFor();
  }

  async waitForSummary() {
    await this.page.waitForURL(/\/bestellen\/\d+\/overzicht$/);
    await this.invoiceText.waitFor();
  }

  orderId(): number {
    return Number(/\/bestellen\/(\d+)\//.exec(this.page.url())?.[1]);
  }
}

/** The account lists the order summary leads to. */
export class AccountPages {
  constructor(readonly page: Page) {}

  domain(name: string): Locator {
    return this.page.locator(`[data-testid="account-domain"][data-domain="${name}"]`);
  }

  hostingPackage(domain: string): Locator {
    return this.page.locator(`[data-testid="account-hosting-package"][data-domain="${domain}"]`);
  }

  /** Reloads until `locator` shows: products are set up right after the payment, in the background. */
  async waitAfterReloads(locator: Locator, attempts = 15) {
    for (let attempt = 1; ; attempt++) {
      // The list (or its empty text) has loaded.
      await this.page.locator('.account-list, .account-area__empty').first().waitFor();
      if (await locator.count()) return;
      if (attempt === attempts) throw new Error(`not shown after ${attempts} reloads: ${locator.toString()}`);
      await this.page.waitForTimeout(500);
      await this.page.reload();
    }
  }
}
