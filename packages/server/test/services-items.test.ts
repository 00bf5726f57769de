import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { basketItems } from '../src/db/schema/index.ts';
import { useTestShop, basketCalls, basketFrom, databaseKinds, products, TestClient } from './support/index.ts';

const { nl, com, intro, basic, premium, resellerBasic, spamfilter, ssl, wordpress, joomla, redirect, transferCode } = products;
const kinds = (item: { connectedItem: Array<{ productType: string; productName: string }> }) => item.connectedItem.map((child) => [child.productType, child.productName]);

describe.each(databaseKinds)('step 2: connected items on $name', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ database, app } = shop));

  /** A fresh visitor with one free domain in the basket; answers the calls and the domain's unique. */
  const visitorWith = async (title: string) => {
    const calls = basketCalls(new TestClient(app));
    const basket = basketFrom(await calls.addDomain(nl, title));
    return { calls, unique: basket.items.find((item) => item.title === title)!.unique };
  };
  const setInstall = (calls: ReturnType<typeof basketCalls>, parentId: string, install: typeof wordpress) =>
    calls.call('setGratisProduct', { productId: install.productId, productCode: install.productCode, title: install.productName, parentId });

  it('hangs hosting, extras and a free install under their domain, hosting first, with monthly prices', async () => {
    const { calls, unique } = await visitorWith('mijnbakkerij.nl');
    expect((await calls.addChild(unique, intro)).statusCode).toBe(200);
    await calls.addChild(unique, spamfilter);
    await calls.addChild(unique, ssl);
    const basket = basketFrom(await setInstall(calls, unique, wordpress));

    const [domain] = basket.items;
    expect(basket.items).toHaveLength(1);
    expect(kinds(domain!)).toEqual([
      ['LINUX_PACKAGE', 'Intro webhosting'],
      ['EXTRA_SERVICE', 'Premium Spamfilter'],
      ['EXTRA_SERVICE', 'SSL Domeinvalidatie standaard'],
      ['FREE_INSTALL', 'Wordpress'],
    ]);
    expect(domain!.options).toEqual({ serviceType: 'HOSTING', customWhoisId: null });
    const hosting = domain!.connectedItem[0]!;
    expect(hosting).toMatchObject({ productId: intro.productId, productCode: intro.productCode, pricePerMonth: intro.discountedPrice, originalPricePerMonth: intro.originalPrice, options: {} });
    expect(domain!.connectedItem[3]).toMatchObject({ discountedPricePerPeriod: 0, originalPricePerPeriod: 0 });
    expect(domain!.connectedItem[1]).not.toHaveProperty('pricePerMonth');
    expect(basket.allBasketItems).toHaveLength(5);
    expect(basket).toMatchObject({ hostingUpgrade: false, discountCode: null, domainIsMissingForHosting: false });
  });

  it('keeps one hosting package per domain: another replaces it and the extras and free install stay', async () => {
    const { calls, unique } = await visitorWith('een-pakket.nl');
    await calls.addChild(unique, intro);
    await calls.addChild(unique, spamfilter);
    await setInstall(calls, unique, wordpress);
    const basket = basketFrom(await calls.addChild(unique, basic));
    expect(kinds(basket.items[0]!)).toEqual([
      ['LINUX_PACKAGE', 'Basic webhosting'],
      ['EXTRA_SERVICE', 'Premium Spamfilter'],
      ['FREE_INSTALL', 'Wordpress'],
    ]);

    await Promise.all([calls.addChild(unique, premium), calls.addChild(unique, intro), calls.addChild(unique, basic)]);
    const after = await calls.get();
    expect(after.items[0]!.connectedItem.filter((child) => child.productType === 'LINUX_PACKAGE')).toHaveLength(1);
    expect(after.items[0]!.connectedItem).toHaveLength(3);
  });

  it('needs a hosting package for extras and a free install, and takes each extra once', async () => {
    const { calls, unique } = await visitorWith('eerst-hosting.nl');
    const extra = await calls.addChild(unique, spamfilter);
    expect(extra.statusCode).toBe(409);
    expect(extra.json().message).toBe('Kies eerst een hostingpakket voor deze domeinnaam.');
    expect((await setInstall(calls, unique, wordpress)).statusCode).toBe(409);
    expect((await calls.get()).items[0]!.connectedItem).toEqual([]);

    await calls.addChild(unique, basic);
    await calls.addChild(unique, spamfilter);
    await Promise.all([calls.addChild(unique, spamfilter), calls.addChild(unique, spamfilter)]);
    await setInstall(calls, unique, wordpress);
    const replaced = basketFrom(await setInstall(calls, unique, joomla));
    expect(kinds(replaced.items[0]!)).toEqual([
      ['LINUX_PACKAGE', 'Basic webhosting'],
      ['EXTRA_SERVICE', 'Premium Spamfilter'],
      ['FREE_INSTALL', 'Joomla'],
    ]);
    const removed = basketFrom(await calls.call('removeGratisProduct', { parentId: unique }));
    expect(kinds(removed.items[0]!)).toEqual([
      ['LINUX_PACKAGE', 'Basic webhosting'],
      ['EXTRA_SERVICE', 'Premium Spamfilter'],
    ]);
    const wrongCode = await calls.call('setGratisProduct', { productId: wordpress.productId, productCode: 'CMS_JOOMLA', parentId: unique });
    expect(wrongCode.statusCode).toBe(400);
  });

  it('removes a hosting package with its extras and free install, and a domain with everything under it', async () => {
    const { calls, unique } = await visitorWith('weg-ermee.nl');
    await calls.addChild(unique, basic);
    await calls.addChild(unique, ssl);
    const full = basketFrom(await setInstall(calls, unique, wordpress));
    const hosting = full.items[0]!.connectedItem[0]!;
    const afterHosting = basketFrom(await calls.call('removeItem', { unique: hosting.unique }));
    expect(afterHosting.items[0]!.connectedItem).toEqual([]);
    expect(afterHosting.items[0]!.options.serviceType).toBe('HOSTING');

    await calls.addChild(unique, basic);
    await calls.addChild(unique, ssl);
    const afterExtra = basketFrom(await calls.call('removeItem', { unique: (await calls.get()).items[0]!.connectedItem[1]!.unique }));
    expect(kinds(afterExtra.items[0]!)).toEqual([['LINUX_PACKAGE', 'Basic webhosting']]);

    await calls.addChild(unique, ssl);
    expect(basketFrom(await calls.call('removeDomain', { domainName: 'weg-ermee.nl' })).empty).toBe(true);
    expect(await database.db.select().from(basketItems).where(eq(basketItems.parentUnique, unique))).toEqual([]);
  });

  it('refuses what does not fit, changing nothing', async () => {
    const { calls, unique } = await visitorWith('past-niet.nl');
    const loose = await calls.call('addItem', { productId: intro.productId, productCode: intro.productCode, title: 'past-niet.nl' });
    expect(loose.statusCode).toBe(400);
    expect(loose.json().message).toBe('Kies eerst een domeinnaam.');
    expect((await calls.addChild(unique, resellerBasic)).statusCode).toBe(400);
    expect((await calls.addChild(unique, { productId: intro.productId, productCode: basic.productCode })).statusCode).toBe(400);
    expect((await calls.addChild(unique, nl)).json().fieldErrors).toHaveProperty('productId');
    expect((await calls.addChild(randomUUID(), intro)).statusCode).toBe(404);

    await calls.addChild(unique, intro);
    const hosting = (await calls.get()).items[0]!.connectedItem[0]!;
    expect((await calls.addChild(hosting.unique, spamfilter)).statusCode).toBe(404);
    expect((await calls.call('setServiceType', { unique: hosting.unique, serviceType: 'REDIRECT' })).statusCode).toBe(404);
    expect((await calls.call('setServiceType', { unique, serviceType: 'EVERYTHING' })).statusCode).toBe(400);
    expect(kinds((await calls.get()).items[0]!)).toEqual([['LINUX_PACKAGE', 'Intro webhosting']]);
  });

  it("answers 404 for another visitor's domain and leaves that basket alone", async () => {
    const alice = await visitorWith('van-alice.nl');
    await alice.calls.addChild(alice.unique, basic);
    const bob = basketCalls(new TestClient(app));
    await bob.addDomain(nl, 'van-bob.nl');
    const attempts = [
      bob.addChild(alice.unique, premium),
      bob.call('setServiceType', { unique: alice.unique, serviceType: 'REGISTRATION_ONLY' }),
      bob.call('setGratisProduct', { productId: wordpress.productId, productCode: wordpress.productCode, parentId: alice.unique }),
      bob.call('removeGratisProduct', { parentId: alice.unique }),
      bob.call('setDomainHolder', { unique: alice.unique, customWhoisId: null }),
      bob.call('setTransferOptions', { unique: alice.unique, ownerConfirmed: true }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(404);
    expect(kinds((await alice.calls.get()).items[0]!)).toEqual([['LINUX_PACKAGE', 'Basic webhosting']]);
  });

  it('removes the items of the other service types when the card changes, in one call', async () => {
    const { calls, unique } = await visitorWith('wissel-dienst.nl');
    await calls.addChild(unique, basic);
    await calls.addChild(unique, spamfilter);
    await setInstall(calls, unique, wordpress);
    const toRedirect = basketFrom(await calls.call('setServiceType', { unique, serviceType: 'REDIRECT' }));
    expect(toRedirect.items[0]!.connectedItem).toEqual([]);
    expect(toRedirect.items[0]!.options.serviceType).toBe('REDIRECT');

    await calls.addChild(unique, redirect, { value: 'https://example.nl' });
    const toHosting = basketFrom(await calls.call('setServiceType', { unique, serviceType: 'HOSTING' }));
    expect(toHosting.items[0]!.connectedItem).toEqual([]);
    expect(toHosting.items[0]!.options.serviceType).toBe('HOSTING');

    // Adding a redirect to a hosting card switches it, the hosting goes; and the other way round.
    await calls.addChild(unique, intro);
    const redirected = basketFrom(await calls.addChild(unique, redirect, { value: 'https://example.nl' }));
    expect(kinds(redirected.items[0]!)).toEqual([['REDIRECT', redirect.productName]]);
    const hosted = basketFrom(await calls.addChild(unique, intro));
    expect(kinds(hosted.items[0]!)).toEqual([['LINUX_PACKAGE', 'Intro webhosting']]);
    expect(hosted.items[0]!.options.serviceType).toBe('HOSTING');
  });

  it('keeps the transfer code for hosting and registration only, and drops it for a redirect', async () => {
    const calls = basketCalls(new TestClient(app));
    const unique = basketFrom(await calls.addDomain(com, 'google.com')).items[0]!.unique;
    await calls.addChild(unique, transferCode, { value: 'GOOGLE-1234' });
    await calls.addChild(unique, premium);
    await calls.addChild(unique, ssl);
    const registrationOnly = basketFrom(await calls.call('setServiceType', { unique, serviceType: 'REGISTRATION_ONLY' }));
    expect(kinds(registrationOnly.items[0]!)).toEqual([['TRANSFER_CODE', transferCode.productName]]);
    expect(registrationOnly.items[0]!.connectedItem[0]!.title).toBe('GOOGLE-1234');
    const hosting = basketFrom(await calls.call('setServiceType', { unique, serviceType: 'HOSTING' }));
    expect(kinds(hosting.items[0]!)).toEqual([['TRANSFER_CODE', transferCode.productName]]);
    const redirected = basketFrom(await calls.call('setServiceType', { unique, serviceType: 'REDIRECT' }));
    expect(redirected.items[0]!.connectedItem).toEqual([]);
    expect(redirected.items[0]!.options).toMatchObject({ serviceType: 'REDIRECT', ownerConfirmed: false, transferDnsLater: false, dnsProfileId: null });
  });

  it('shows a card with a forward but no stored choice as a redirect', async () => {
    const { calls, unique } = await visitorWith('oude-forward.nl');
    const [row] = await database.db.select().from(basketItems).where(eq(basketItems.unique, unique));
    await database.db.insert(basketItems).values({ basketId: row!.basketId, unique: randomUUID(), parentUnique: unique, productType: 'REDIRECT', productId: redirect.productId, productCode: redirect.productCode, title: 'https://example.org' });
    expect((await calls.get()).items[0]!.options.serviceType).toBe('REDIRECT');
  });
});
