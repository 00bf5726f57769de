import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { startShop, type RunningShop } from './server.ts';

export interface ShopAndBrowser {
  shop: RunningShop;
  browser: Browser;
}

/**
 * One real shop process and one Chromium for a test file, started together before its tests and
 * stopped after them. `ready` receives both (the file keeps them in its own variables);
 * `env` gives the shop's environment, and may first start what the shop needs (a mail catcher).
 */
export function useShopAndBrowser(
  ready: (running: ShopAndBrowser) => void,
  env: () => Promise<Record<string, string | undefined>> | Record<string, string | undefined> = () => ({}),
): void {
  let running: Partial<ShopAndBrowser> = {};
  beforeAll(async () => {
    const [shop, browser] = await Promise.all([Promise.resolve(env()).then((vars) => startShop(vars)), launchBrowser()]);
    running = { shop, browser };
    ready({ shop, browser });
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.shop?.stop();
  });
}
