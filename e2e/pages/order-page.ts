import type { Locator, Page } from 'playwright-core';

/** The order page as a person uses it: the search field, the extension rows, the side basket. */
export class OrderPage {
  readonly input: Locator;
  readonly check: Locator;
  readonly rows: Locator;
  readonly basket: Locator;
  readonly basketItems: Locator;

  constructor(readonly page: Page) {
    this.input = page.getByTestId('domain-input');
    this.check = page.getByTestId('check-button');
    this.rows = page.locator('[data-testid^="extension-row-"]');
    this.basket = page.getByTestId('basket');
    this.basketItems = page.getByTestId('basket-item');
  }

  async open(base: string, query = '') {
    await this.page.goto(`${base}/bestelprocedure${query}`);
    await this.input.waitFor();
  }

  /**
   * Continue from the basket to step 2, then to step 3, as a person does: the second click comes
   * once step 2 is the current step (on a busy machine it may take a moment to open).
   */
  async continueToStep3() {
    const continueButton = this.page.getByTestId('basket-continue');
    await continueButton.click();
    await this.page.locator('[data-testid="step-indicator-2"][data-current]').waitFor();
    await continueButton.click();
    await this.page.locator('[data-testid="step-indicator-3"][data-current]').waitFor();
  }

  row(extension: string): Locator {
    return this.page.getByTestId(`extension-row-${extension}`);
  }

  /** Searches and waits until the rows are those of this name (not of the previous search). */
  async search(name: string) {
    await this.input.fill(name);
    await this.check.click();
    const label = name.split('.')[0]!.toLowerCase();
    await this.page.waitForFunction((expected) => {
      const rows = [...document.querySelectorAll('[data-testid^="extension-row-"]')];
      return rows.length > 0 && rows.every((row) => row.textContent?.includes(`${expected}.`));
    }, label);
  }

  /** Waits until no row is loading any more and returns each row's status by extension. */
  async settledStatuses(): Promise<Record<string, string>> {
    await this.page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('[data-testid^="extension-row-"]')];
      return rows.length > 0 && rows.every((r) => !['loading', 'in-progress'].includes(r.getAttribute('data-status') ?? ''));
    });
    return this.rows.evaluateAll((rows) =>
      Object.fromEntries(rows.map((r) => [r.getAttribute('data-testid')!.replace('extension-row-', ''), r.getAttribute('data-status')!])),
    );
  }

  async statusOf(extension: string): Promise<string | null> {
    return this.row(extension).getAttribute('data-status');
  }

  /** Clicks the row's one button (add, transfer, or remove once added). */
  async toggle(extension: string) {
    await this.row(extension).getByRole('button').click();
  }

  async waitForStatus(extension: string, status: string) {
    await this.page.waitForSelector(`[data-testid="extension-row-${extension}"][data-status="${status}"]`);
  }
}
