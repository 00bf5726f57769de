import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { collectPageErrors, desktop } from './browser.ts';

export interface SharedPage {
  context: BrowserContext;
  page: Page;
  /** The page's errors (uncaught errors and console errors) since it opened. */
  errors: string[];
}

/**
 * One desktop page that the tests of a `describe` share, walking on from where the last one
 * stopped. The policy is bypassed because axe-core is injected as an inline script, which the
 * shop's Content-Security-Policy refuses.
 */
export function useSharedPage(browser: () => Browser, ready: (shared: SharedPage) => void, options: { allowHttpErrors?: boolean } = {}): void {
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    context = await browser().newContext({ ...desktop, bypassCSP: true });
    const page = await context.newPage();
    ready({ context, page, errors: collectPageErrors(page, options) });
  });
  afterAll(() => context?.close());
}
