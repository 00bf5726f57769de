import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInOnAccountPage } from './pages/account-hosting-pages.ts';
import { axeViolations } from './support/axe.ts';
import { desktop, mobile, screenshot } from './support/browser.ts';
import { sidewaysOverflow } from './support/page-width.ts';
import { type RunningShop } from './support/server.ts';
import { useShopAndBrowser } from './support/shop-and-browser.ts';
import { useSharedPage } from './support/shared-page.ts';

const PASSWORD = 'kavel-demo-wachtwoord';

let shop: RunningShop;
let browser: Browser;
useShopAndBrowser((running) => ({ shop, browser } = running));

describe("a reseller's API keys page", () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  useSharedPage(() => browser, (shared) => ({ context, page, errors } = shared));

  it("shows 'API-sleutels' in a reseller's menu, makes a key whose secret shows once and works, and revokes it", async () => {
    await page.goto(`${shop.url}/account`);
    await logInOnAccountPage(page, 'reseller@demo.kavel.nl', PASSWORD);
    await page.getByRole('navigation').getByRole('link', { name: 'API-sleutels' }).click();
    await page.waitForURL(/\/account\/api-sleutels$/);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('API-sleutels');
    await page.getByText('Je hebt nog geen API-sleutels.').waitFor();

    await page.getByLabel('Naam').fill('Klantportaal');
    await page.getByRole('checkbox', { name: 'dns:read' }).check();
    await page.getByRole('button', { name: 'Sleutel aanmaken' }).click();
    const secret = (await page.getByTestId('api-key-secret').locator('code').textContent())!;
    expect(secret).toMatch(/^kvl_[0-9a-f]{12}_/);
    await page.getByTestId('api-keys').getByRole('heading', { name: 'Klantportaal' }).waitFor();
    await expect(page.getByTestId('api-keys').textContent()).resolves.toContain('availability:read, domains:read, dns:read');
    await expect(page.getByTestId('api-keys').textContent()).resolves.not.toContain(secret);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await screenshot(page, 'api-keys-created');

    const answer = await fetch(`${shop.url}/api/reseller/v1/domains`, { headers: { authorization: `Bearer ${secret}` } });
    expect(answer.status).toBe(200);
    expect(JSON.stringify(await answer.json())).toContain('oudegracht-design.nl');

    await page.getByRole('button', { name: 'Intrekken Klantportaal' }).click();
    await page.getByTestId('api-keys').getByText('Ingetrokken').waitFor();
    expect((await fetch(`${shop.url}/api/reseller/v1/domains`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(401);
    expect(errors).toEqual([]);
  });

  it('lays the page out for a phone', async () => {
    const phone = await browser.newContext({ ...mobile, storageState: await context.storageState() });
    const small = await phone.newPage();
    await small.goto(`${shop.url}/account/api-sleutels`);
    await small.getByTestId('api-keys').waitFor();
    expect(await sidewaysOverflow(small)).toEqual([]);
    await screenshot(small, 'api-keys-phone');
    await phone.close();
  });

  it("shows no 'API-sleutels' to a customer who is not a reseller", async () => {
    const other = await browser.newContext(desktop);
    const customer = await other.newPage();
    await customer.goto(`${shop.url}/account`);
    await logInOnAccountPage(customer, 'klant@demo.kavel.nl', PASSWORD);
    await customer.getByRole('navigation').getByRole('link', { name: 'Domeinnamen' }).waitFor();
    await customer.getByRole('link', { name: 'Facturen' }).first().waitFor();
    expect(await customer.getByRole('link', { name: 'API-sleutels' }).count()).toBe(0);
    await other.close();
  });
});
