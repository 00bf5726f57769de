/** A real shop process and Debian's Chromium, for the benchmarks that measure what a browser sees. */
import type { Browser, BrowserContext, Cookie } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/browser.ts';
import { logInOnAccountPage } from '../../e2e/pages/account-hosting-pages.ts';
import { startShop, type RunningShop } from '../../e2e/support/server.ts';
import { DEMO_PASSWORD } from '../../packages/server/src/features/accounts/demo-accounts.ts';

export const DEMO_CUSTOMER = 'klant@demo.kavel.nl';

export interface ShopInBrowser {
  shop: RunningShop;
  browser: Browser;
  close(): Promise<void>;
}

/** Starts the shop as `npm start` serves it (built front end, embedded database, demo accounts). */
export async function startShopInBrowser(): Promise<ShopInBrowser> {
  const shop = await startShop({ DEMO_ACCOUNTS: 'true' });
  const browser = await launchBrowser().catch(async (error: unknown) => {
    await shop.stop();
    throw error;
  });
  return {
    shop,
    browser,
    close: async () => {
      await browser.close();
      await shop.stop();
    },
  };
}

/** Logs the demo customer in through the account page, the way a person does; returns the browser's cookies for the shop. */
export async function demoCustomerCookies(context: BrowserContext, baseUrl: string): Promise<Cookie[]> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/account`);
  await logInOnAccountPage(page, DEMO_CUSTOMER, DEMO_PASSWORD);
  await page.close();
  return context.cookies(baseUrl);
}
