import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startPowerDns, type TestPowerDns } from '../packages/server/test/support/powerdns.ts';
import { logInOnAccountPage } from './pages/account-hosting-pages.ts';
import { axeViolations } from './support/axe.ts';
import { mobile, screenshot } from './support/browser.ts';
import { type RunningShop } from './support/server.ts';
import { useShopAndBrowser } from './support/shop-and-browser.ts';
import { useSharedPage } from './support/shared-page.ts';

const PASSWORD = 'kavel-demo-wachtwoord';
const WEBSHOP = 'goudenkorst-webshop.com';

let shop: RunningShop;
let browser: Browser;
let powerDns: TestPowerDns | undefined;

/**
 * A real PowerDNS that already holds the webshop's zone with a delegation of `www` the shop does
 * not know about (someone changed the server by hand): the default zone's `www CNAME` then
 * conflicts with it, PowerDNS refuses the zone, and the DNS page must say so rather than list
 * records the DNS does not serve.
 */
useShopAndBrowser(
  (running) => ({ shop, browser } = running),
  async () => {
    powerDns = await startPowerDns();
    const created = await fetch(`${powerDns.apiUrl}/api/v1/servers/localhost/zones`, {
      method: 'POST',
      headers: { 'X-API-Key': powerDns.apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: `${WEBSHOP}.`,
        kind: 'Native',
        nameservers: ['ns1.kavel.nl.', 'ns2.kavel.nl.'],
        rrsets: [{ name: `www.${WEBSHOP}.`, type: 'NS', ttl: 3600, records: [{ content: 'ns.elders.example.', disabled: false }] }],
      }),
    });
    if (created.status !== 201) throw new Error(`PowerDNS did not create the zone: ${created.status} ${await created.text()}`);
    return { DNS_ADAPTER: 'powerdns', POWERDNS_API_URL: powerDns.apiUrl, POWERDNS_API_KEY: powerDns.apiKey };
  },
);
afterAll(async () => {
  await powerDns?.stop();
});

const notice = (page: Page) => page.getByTestId('dns-not-published');

/** Opens the webshop's DNS page again until the notice is `state` (the publishing job runs in the background). */
async function reloadUntil(page: Page, state: 'visible' | 'detached'): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto(`${shop.url}/account/dns-beheren?name=${WEBSHOP}`);
        await page.getByTestId('dns-page').waitFor();
        return (await notice(page).count()) === (state === 'visible' ? 1 : 0);
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
}

describe('a zone the DNS server refuses: the DNS page says it is not published yet, and why', () => {
  let page: Page;
  let errors: string[];
  useSharedPage(() => browser, (shared) => ({ page, errors } = shared));

  it("shows 'Nog niet gepubliceerd' with the record PowerDNS refused, at 1280 and 390 px", async () => {
    await page.goto(`${shop.url}/account/dns-beheren?name=${WEBSHOP}`);
    await logInOnAccountPage(page, 'klant@demo.kavel.nl', PASSWORD);
    await reloadUntil(page, 'visible');
    await expect(notice(page).textContent()).resolves.toMatch(
      /^Nog niet gepubliceerd: de DNS-server weigert het record www CNAME\. Wijzig of verwijder dit record; daarna wordt de zone opnieuw gepubliceerd\. Laatste poging: .+\.$/,
    );
    await screenshot(page, 'dns-not-published-1280');
    await expect(axeViolations(page, '[data-testid="dns-page"]')).resolves.toEqual([]);

    const phone = await browser.newContext({ ...mobile, storageState: await page.context().storageState() });
    try {
      const small = await phone.newPage();
      await small.goto(`${shop.url}/account/dns-beheren?name=${WEBSHOP}`);
      await notice(small).waitFor();
      // The notice wraps inside the screen rather than widening the page.
      await expect(small.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
      await screenshot(small, 'dns-not-published-390');
    } finally {
      await phone.close();
    }
  });

  it('publishes the zone once the refused record is removed, and the notice goes', async () => {
    await page.getByRole('button', { name: /^Record www CNAME \S+ verwijderen$/ }).click();
    await page.getByTestId('dns-confirm').getByRole('button', { name: 'Ja, doorgaan' }).click();
    await page.getByTestId('dns-success').waitFor();
    await reloadUntil(page, 'detached');
    expect(errors).toEqual([]);
  });
});
