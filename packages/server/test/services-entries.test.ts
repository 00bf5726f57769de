import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestShop, basketCalls, basketFrom, databaseKinds, loginAs, products, TestClient } from './support/index.ts';

const { nl, com, basic, premium, resellerBasic, spamfilter } = products;
const ADD = '/account/webhosting-toevoegen';
const UPGRADE = '/account/webhosting-upgraden';
const hostingFields = (domain: string, product: { productId: number; productCode: string } = basic) => ({
  domain,
  productCode: product.productCode,
  productId: String(product.productId),
});

describe.each(databaseKinds)('step 2: hosting entries from the account on $name', (kind) => {
  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ app } = shop), { demoAccounts: true });

  it('sends a visitor who is not logged in to the login page, and refuses a form without the token', async () => {
    const visitor = new TestClient(app);
    for (const [url, fields] of [
      [ADD, hostingFields('goudenkorst.nl')],
      [UPGRADE, { hostingPackageId: '1', productCode: basic.productCode, productId: String(basic.productId) }],
    ] as const) {
      const response = await visitor.postForm(url, fields);
      expect(response.statusCode, url).toBe(303);
      expect(response.headers.location, url).toBe('/bestellen/inloggen');
      expect((await visitor.postForm(url, fields, { csrf: false })).statusCode, url).toBe(403);
    }
    expect((await basketCalls(visitor).get()).empty).toBe(true);
  });

  it("puts the customer's own domain in the basket, already paid, with the chosen hosting, and opens step 2", async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const calls = basketCalls(bakery);
    await calls.addDomain(nl, 'nieuw-erbij.nl');
    const response = await bakery.postForm(ADD, hostingFields('GoudenKorst.nl'));
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/bestelprocedure?hostingUpgrade=true#step-2');

    const basket = await calls.get();
    expect(basket.hostingUpgrade).toBe(true);
    const owned = basket.items.find((item) => item.title === 'goudenkorst.nl')!;
    expect(owned).toMatchObject({ productType: 'DOMAIN', invoiced: true, productId: nl.productId, discountedPricePerPeriod: 0, originalPricePerPeriod: 0 });
    expect(owned.options.serviceType).toBe('HOSTING');
    expect(owned.connectedItem).toMatchObject([{ productType: 'LINUX_PACKAGE', productCode: basic.productCode, discountedPricePerPeriod: 4488 }]);
    expect(basket.totalPricePerPeriodExcludeTax).toBe(nl.discountedPrice + 4488);

    // Another package replaces the first; extras chosen meanwhile stay.
    await calls.addChild(owned.unique, spamfilter);
    await bakery.postForm(ADD, hostingFields('goudenkorst.nl', premium));
    const again = await calls.domain('goudenkorst.nl');
    expect(again.unique).toBe(owned.unique);
    expect(again.connectedItem.map((child) => child.productCode)).toEqual([premium.productCode, spamfilter.productCode]);

    expect(basketFrom(await calls.call('removeItem', { unique: owned.unique })).hostingUpgrade).toBe(false);
  });

  it('turns a transfer of the own domain into the paid domain with hosting', async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const calls = basketCalls(bakery);
    const transfer = basketFrom(await calls.addDomain(com, 'goudenkorst-webshop.com')).items.find((item) => item.title === 'goudenkorst-webshop.com')!;
    expect(transfer.productType).toBe('DOMAIN_TRANSFER');
    await bakery.postForm(ADD, hostingFields('goudenkorst-webshop.com'));
    const owned = await calls.domain('goudenkorst-webshop.com');
    expect(owned).toMatchObject({ productType: 'DOMAIN', invoiced: true, productId: com.productId, discountedPricePerPeriod: 0 });
    expect(owned.unique).not.toBe(transfer.unique);
    expect(owned.connectedItem.map((child) => child.productCode)).toEqual([basic.productCode]);
  });

  it("refuses a domain the customer does not have, and packages that are not for sale here", async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const before = await basketCalls(bakery).get();
    const notOwned = await bakery.postForm(ADD, hostingFields('google.com'));
    expect(notOwned.statusCode).toBe(404);
    expect(notOwned.json().message).toBe('Niet gevonden.');
    const reseller = await loginAs(app, 'reseller@demo.kavel.nl');
    expect((await reseller.postForm(ADD, hostingFields('goudenkorst.nl'))).statusCode).toBe(404);
    expect((await bakery.postForm(ADD, hostingFields('goudenkorst.nl', resellerBasic))).statusCode).toBe(400);
    expect((await bakery.postForm(ADD, { ...hostingFields('goudenkorst.nl'), productCode: premium.productCode })).statusCode).toBe(400);
    expect((await bakery.postForm(ADD, { domain: 'goudenkorst.nl' })).statusCode).toBe(400);
    expect(await basketCalls(bakery).get()).toEqual(before);
  });

  it('answers 404 for a hosting package id to upgrade, since no hosting account exists yet', async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const response = await bakery.postForm(UPGRADE, { hostingPackageId: '4711', productCode: premium.productCode, productId: String(premium.productId) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Niet gevonden.', fieldErrors: { hostingPackageId: 'Niet gevonden.' } });
    expect((await bakery.postForm(UPGRADE, { hostingPackageId: 'abc', productCode: premium.productCode, productId: '1' })).statusCode).toBe(400);
  });
});
