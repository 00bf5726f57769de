import type { Locator, Page } from 'playwright-core';

/** Step 2 as a person uses it: a service card per domain, the period and the discount code. */
export class ServicesPage {
  readonly cards: Locator;
  readonly errorModal: Locator;

  constructor(readonly page: Page) {
    this.cards = page.getByTestId('service-card');
    this.errorModal = page.getByTestId('order-error-modal');
  }

  card(domain: string): Locator {
    return this.page.locator(`[data-testid="service-card"][data-domain="${domain}"]`);
  }

  packages(domain: string): Locator {
    return this.card(domain).getByTestId('hosting-package');
  }

  async chooseType(domain: string, label: 'Hosting' | 'Alleen registratie' | 'Doorsturen', type: string) {
    await this.card(domain).getByRole('radio', { name: label }).check();
    await this.page.waitForSelector(`[data-testid="service-card"][data-domain="${domain}"][data-service-type="${type}"]`);
  }

  extra(domain: string, code: string): Locator {
    return this.card(domain).locator(`[data-testid="extra-service"][data-product-code="${code}"] input`);
  }

  /** The side basket's connected items under a domain. */
  basketChildren(domain: string): Locator {
    return this.page.getByTestId('basket-item').filter({ hasText: domain }).getByTestId('basket-child');
  }

  async total(): Promise<string> {
    return (await this.page.getByTestId('basket-total-incl').textContent()) ?? '';
  }
}
