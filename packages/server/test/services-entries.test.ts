import { EXTRA_SERVICES_DONE_PAGE } from '@kavel/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { hostingAccountExtras, hostingAccounts } from '../src/db/schema/index.ts';
import { useTestShop, basketCalls, basketFrom, customerIdOf, databaseKinds, loginAs, products, TestClient } from './support/index.ts';

const { nl, com, basic, premium, redirect, resellerBasic, spamfilter, ssl } = products;
type Product = { productId: number; productCode: string };
const ADD = '/account/webhosting-toevoegen';
const UPGRADE = '/account/webhosting-upgraden';
const EXTRAS = '/account/diensten-toevoegen';
const hostingFields = (domain: string, product: { productId: number; productCode: string } = basic) => ({
  domain,
  productCode: product.productCode,
  productId: String(product.productId),
});

describe.each(databaseKinds)('step 2: hosting entries from the account on $name', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ database, app } = shop), { demoAccounts: true });

  it('sends a visitor who is not logged in to the login page, and refuses a form without the token', async () => {
    const visitor = new TestClient(app);
    for (const [url, fields] of [
      [ADD, hostingFields('goudenkorst.nl')],
      [UPGRADE, { hostingPackageId: '1', productCode: basic.productCode, productId: String(basic.productId) }],
      [EXTRAS, { hostingPackageId: '1', extraServices: '[]' }],
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

  /**
   * A hosting account as fulfilment leaves it (fulfilment is another feature: the fixture writes
   * the rows); the one already made for `domain` when an earlier test made it.
   */
  const insertHostingAccount = async (email: string, domain: string, product: Product, extras: Product[] = []) => {
    const [existing] = await database.db.select({ id: hostingAccounts.id }).from(hostingAccounts).where(eq(hostingAccounts.domain, domain));
    if (existing) return String(existing.id);
    const [account] = await database.db
      .insert(hostingAccounts)
      .values({ customerId: await customerIdOf(database.db, email), domain, productId: product.productId, productCode: product.productCode, username: domain.replace(/\W/g, ''), providerRef: `test-${domain}` })
      .returning({ id: hostingAccounts.id });
    for (const extra of extras) await database.db.insert(hostingAccountExtras).values({ hostingAccountId: account!.id, productId: extra.productId, productCode: extra.productCode });
    return String(account!.id);
  };
  const emptyBasket = async (calls: ReturnType<typeof basketCalls>) => {
    for (const item of (await calls.get()).items) await calls.call('removeItem', { unique: item.unique });
  };
  const upgradeFields = (hostingPackageId: string, product: Product) => ({ hostingPackageId, productCode: product.productCode, productId: String(product.productId) });
  const extrasFields = (hostingPackageId: string, extras: Product[]) => ({
    hostingPackageId,
    extraServices: JSON.stringify(extras.map((extra) => ({ productId: extra.productId, productCode: extra.productCode }))),
  });

  it("upgrades the customer's hosting account: its domain already paid, the new package at its price", async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const calls = basketCalls(bakery);
    await emptyBasket(calls);
    const accountId = await insertHostingAccount('klant@demo.kavel.nl', 'goudenkorst.nl', basic, [spamfilter]);
    const response = await bakery.postForm(UPGRADE, upgradeFields(accountId, premium));
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe('/bestelprocedure?hostingUpgrade=true#step-2');

    const basket = await calls.get();
    expect(basket.hostingUpgrade).toBe(true);
    const [domain] = basket.items;
    expect(basket.items).toHaveLength(1);
    expect(domain).toMatchObject({ title: 'goudenkorst.nl', productType: 'DOMAIN', invoiced: true, discountedPricePerPeriod: 0 });
    expect(domain!.connectedItem).toMatchObject([
      { productType: 'LINUX_PACKAGE', productCode: premium.productCode, invoiced: false, discountedPricePerPeriod: 6 * premium.discountedPrice + 6 * premium.originalPrice },
    ]);
    expect(basket.totalPricePerPeriodExcludeTax).toBe(6 * 399 + 6 * 799);
    await emptyBasket(calls);
  });

  it('refuses, in an upgrade, an extra the hosting account has already, so it is not billed twice', async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const calls = basketCalls(bakery);
    await emptyBasket(calls);
    const accountId = await insertHostingAccount('klant@demo.kavel.nl', 'goudenkorst.nl', basic, [spamfilter]);
    expect((await bakery.postForm(UPGRADE, upgradeFields(accountId, premium))).statusCode).toBe(303);
    const domain = await calls.domain('goudenkorst.nl');

    const refused = await calls.addChild(domain.unique, spamfilter);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe('Deze extra dienst is al actief op het hostingpakket van deze domeinnaam.');
    expect(await calls.domain('goudenkorst.nl')).toEqual(domain);
    // An extra the account does not have is added as before.
    expect((await calls.addChild(domain.unique, ssl)).statusCode).toBe(200);
    expect((await calls.domain('goudenkorst.nl')).connectedItem.map((child) => child.productCode)).toEqual([premium.productCode, ssl.productCode]);
    await emptyBasket(calls);
  });

  it('shows the domain of an upgrade as the customer\'s own domain, with hosting as its only choice', async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const calls = basketCalls(bakery);
    await emptyBasket(calls);
    await calls.addDomain(nl, 'nieuw-erbij.nl');
    const accountId = await insertHostingAccount('klant@demo.kavel.nl', 'goudenkorst.nl', basic, [spamfilter]);
    expect((await bakery.postForm(UPGRADE, upgradeFields(accountId, premium))).statusCode).toBe(303);

    const basket = await calls.get();
    const owned = basket.items.find((item) => item.title === 'goudenkorst.nl')!;
    expect(owned).toMatchObject({ domainKind: 'OWN_DOMAIN', serviceTypes: ['HOSTING'], options: { serviceType: 'HOSTING' } });
    // A name that is registered keeps all three choices.
    expect(basket.items.find((item) => item.title === 'nieuw-erbij.nl')).toMatchObject({ domainKind: 'REGISTRATION', serviceTypes: ['HOSTING', 'REGISTRATION_ONLY', 'REDIRECT'] });

    // Registering or forwarding a name the customer has is refused, and changes nothing.
    for (const serviceType of ['REGISTRATION_ONLY', 'REDIRECT'] as const) {
      const refused = await calls.call('setServiceType', { unique: owned.unique, serviceType });
      expect(refused.statusCode, serviceType).toBe(409);
      expect(refused.json().message).toBe('Deze keuze is er niet voor deze domeinnaam: je hebt hem al.');
    }
    expect((await calls.addChild(owned.unique, redirect, { value: 'https://goudenkorst.nl/winkel' })).statusCode).toBe(409);
    expect(await calls.get()).toEqual(basket);
    expect((await calls.call('setServiceType', { unique: owned.unique, serviceType: 'HOSTING' })).statusCode).toBe(200);
    await emptyBasket(calls);
  });

  it('refuses to upgrade a hosting account that is unknown or someone else’s, or to the same package', async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const before = await basketCalls(bakery).get();
    const resellerAccount = await insertHostingAccount('reseller@demo.kavel.nl', 'grachtengordel.nl', basic);
    for (const id of [resellerAccount, '4711']) {
      const response = await bakery.postForm(UPGRADE, upgradeFields(id, premium));
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Niet gevonden.', fieldErrors: { hostingPackageId: 'Niet gevonden.' } });
    }
    const own = await insertHostingAccount('klant@demo.kavel.nl', 'goudenkorst-webshop.com', premium);
    const same = await bakery.postForm(UPGRADE, upgradeFields(own, premium));
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('Dit is al het pakket van dit hostingaccount. Kies een ander pakket.');
    expect((await bakery.postForm(UPGRADE, upgradeFields(own, resellerBasic))).statusCode).toBe(400);
    expect((await bakery.postForm(UPGRADE, { hostingPackageId: 'abc', productCode: premium.productCode, productId: '1' })).statusCode).toBe(400);
    expect(await basketCalls(bakery).get()).toEqual(before);
  });

  it('adds extras to an existing package: the package already paid, the extras it has skipped', async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const calls = basketCalls(bakery);
    await emptyBasket(calls);
    const accountId = await insertHostingAccount('klant@demo.kavel.nl', 'goudenkorst.nl', basic, [spamfilter]);
    const response = await bakery.postForm(EXTRAS, extrasFields(accountId, [ssl, spamfilter]));
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe(EXTRA_SERVICES_DONE_PAGE.customer);

    const basket = await calls.get();
    expect(basket.hostingUpgrade).toBe(true);
    expect(basket.items).toHaveLength(1);
    expect(basket.items[0]).toMatchObject({ title: 'goudenkorst.nl', invoiced: true, discountedPricePerPeriod: 0 });
    expect(basket.items[0]!.connectedItem.map((child) => [child.productType, child.productCode, child.invoiced, child.discountedPricePerPeriod])).toEqual([
      ['LINUX_PACKAGE', basic.productCode, true, 0],
      ['EXTRA_SERVICE', ssl.productCode, false, ssl.price],
    ]);
    expect(basket.items[0]!.connectedItem[0]).not.toHaveProperty('pricePerMonth');
    expect(basket.totalPricePerPeriodExcludeTax).toBe(1995);
    // Only existing products: paying on account costs the administration fee.
    const methods = (await calls.call('paymentMethods')).json() as Array<{ paymentMethod: string; priceCents: number }>;
    expect(methods.find((method) => method.paymentMethod === 'MANUAL_PAYMENT')?.priceCents).toBe(195);

    // Extras on top of an upgrade chosen before keep the new package.
    await bakery.postForm(UPGRADE, upgradeFields(accountId, premium));
    await bakery.postForm(EXTRAS, extrasFields(accountId, [ssl]));
    expect((await calls.domain('goudenkorst.nl')).connectedItem.map((child) => [child.productCode, child.invoiced])).toEqual([
      [premium.productCode, false],
      [ssl.productCode, false],
    ]);
    await emptyBasket(calls);
  });

  it("sends a reseller to the reseller order page, and refuses unknown extras and other people's accounts", async () => {
    const reseller = await loginAs(app, 'reseller@demo.kavel.nl');
    const id = await insertHostingAccount('reseller@demo.kavel.nl', 'grachtengordel.nl', basic);
    const response = await reseller.postForm(EXTRAS, extrasFields(id, [spamfilter]));
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe('/bestelprocedure-reseller');
    // The order is in the reseller's own basket, which that page shows, not in their shop basket.
    const resellerBasket = basketFrom(await reseller.get('/api/bestelprocedure/reseller/getBasket'));
    expect(resellerBasket.items.find((item) => item.title === 'grachtengordel.nl')?.connectedItem.map((child) => [child.productCode, child.invoiced])).toEqual([
      [basic.productCode, true],
      [spamfilter.productCode, false],
    ]);
    expect((await basketCalls(reseller).get()).items.some((item) => item.title === 'grachtengordel.nl')).toBe(false);

    // The hosting packages page lets a reseller choose a reseller package for an owned domain: into the reseller basket too.
    const chosen = await reseller.postForm(ADD, hostingFields('oudegracht-design.nl', resellerBasic));
    expect(chosen.statusCode, chosen.body).toBe(303);
    expect(chosen.headers.location).toBe('/bestelprocedure-reseller');
    const withPackage = basketFrom(await reseller.get('/api/bestelprocedure/reseller/getBasket')).items.find((item) => item.title === 'oudegracht-design.nl')!;
    expect(withPackage).toMatchObject({ invoiced: true, discountedPricePerPeriod: 0 });
    expect(withPackage.connectedItem.map((child) => [child.productType, child.hostingType])).toEqual([['RESELLER_PACKAGE', 'LINUX_PACKAGE_RESELLER_BASIC']]);

    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const before = await basketCalls(bakery).get();
    const foreign = await bakery.postForm(EXTRAS, extrasFields(id, [ssl]));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ fieldErrors: { hostingPackageId: 'Niet gevonden.' } });
    const ownId = await insertHostingAccount('klant@demo.kavel.nl', 'goudenkorst.nl', basic, [spamfilter]);
    const unknown = await bakery.postForm(EXTRAS, extrasFields(ownId, [ssl, { productId: ssl.productId, productCode: spamfilter.productCode }]));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Dit product bestaat niet (meer).');
    expect((await bakery.postForm(EXTRAS, extrasFields(ownId, [basic]))).statusCode).toBe(400);
    expect((await bakery.postForm(EXTRAS, { hostingPackageId: ownId, extraServices: 'geen json' })).statusCode).toBe(400);
    expect((await bakery.postForm(EXTRAS, extrasFields(ownId, []))).statusCode).toBe(400);
    expect(await basketCalls(bakery).get()).toEqual(before);

    const visitor = new TestClient(app);
    const anonymous = await visitor.postForm(EXTRAS, extrasFields(ownId, [ssl]));
    expect(anonymous.statusCode).toBe(303);
    expect(anonymous.headers.location).toBe('/bestellen/inloggen');
  });
});
