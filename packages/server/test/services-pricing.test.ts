import type { TBasket } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { basketCalls, basketFrom, buildTestApp, databaseKinds, LONG_SESSIONS, products, TestClient } from './support/index.ts';

const { nl, com, basic, intro, spamfilter, ssl, wordpress, redirect, transferCode } = products;
const vat = (cents: number) => Math.round((cents * 21) / 100);

/** Sum of what each line costs, and what it would cost without discounts. */
const sums = (basket: TBasket) => ({
  discounted: basket.allBasketItems.reduce((sum, item) => sum + item.discountedPricePerPeriod, 0),
  original: basket.allBasketItems.reduce((sum, item) => sum + item.originalPricePerPeriod, 0),
});
const lineOf = (basket: TBasket, productCode: string) => {
  const line = basket.allBasketItems.find((item) => item.productCode === productCode);
  if (!line) throw new Error(`no ${productCode} line`);
  return [line.discountedPricePerPeriod, line.originalPricePerPeriod];
};

describe.each(databaseKinds)('step 2: prices, periods and discount codes on $name', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let today = new Date('2026-06-15T10:00:00Z');
  beforeAll(async () => {
    database = await kind.open();
    // The discount codes are dated: the clock is the test's. Long sessions survive moving it.
    app = await buildTestApp(database, { now: () => today, config: { sessions: LONG_SESSIONS } });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /** A basket with a registration with hosting, two extras and a free install; a transfer with its code; a forward. */
  const fullBasket = async () => {
    const calls = basketCalls(new TestClient(app));
    const bakery = basketFrom(await calls.addDomain(nl, 'prijzen-bakkerij.nl')).items[0]!.unique;
    await calls.addChild(bakery, basic);
    await calls.addChild(bakery, spamfilter);
    await calls.addChild(bakery, ssl);
    await calls.call('setGratisProduct', { productId: wordpress.productId, productCode: wordpress.productCode, title: 'Wordpress', parentId: bakery });
    await calls.addDomain(com, 'google.com');
    await calls.addChild((await calls.domain('google.com')).unique, transferCode, { value: 'CODE-1234' });
    await calls.addDomain(nl, 'prijzen-forward.nl');
    await calls.addChild((await calls.domain('prijzen-forward.nl')).unique, redirect, { value: 'https://prijzen-bakkerij.nl' });
    return calls;
  };

  it('prices a year: hosting 6 discounted and 6 regular months, extras and the redirect per year, VAT once', async () => {
    const basket = await (await fullBasket()).get();
    expect(basket.period).toBe('YEARLY');
    expect(lineOf(basket, nl.productCode)).toEqual([nl.discountedPrice, nl.originalPrice]);
    expect(lineOf(basket, basic.productCode)).toEqual([6 * basic.discountedPrice + 6 * basic.originalPrice, 12 * basic.originalPrice]);
    expect(lineOf(basket, basic.productCode)).toEqual([4488, 5988]);
    expect(lineOf(basket, spamfilter.productCode)).toEqual([spamfilter.price, spamfilter.price]);
    expect(lineOf(basket, ssl.productCode)).toEqual([ssl.price, ssl.price]);
    expect(lineOf(basket, wordpress.productCode)).toEqual([0, 0]);
    expect(lineOf(basket, com.productCode)).toEqual([com.transferPrice, com.transferPrice]);
    expect(lineOf(basket, transferCode.productCode)).toEqual([0, 0]);
    expect(lineOf(basket, redirect.productCode)).toEqual([redirect.price, redirect.price]);

    const excl = 2 * nl.discountedPrice + 4488 + spamfilter.price + ssl.price + com.transferPrice + redirect.price;
    expect(sums(basket).discounted).toBe(excl);
    expect(basket).toMatchObject({
      totalPricePerPeriodExcludeTax: excl,
      totalTaxPricePerPeriod: vat(excl),
      totalPricePerPeriodIncludeTax: excl + vat(excl),
      totalDiscountPerPeriodExcludeTax: sums(basket).original - excl,
      hasDiscount: true,
      discountCode: null,
    });
  });

  it('prices five years after setPeriod: the hosting discount once over 60 months, everything else for five years', async () => {
    const calls = await fullBasket();
    const basket = basketFrom(await calls.call('setPeriod', { period: 'FIVE_YEARLY' }));
    expect(basket.period).toBe('FIVE_YEARLY');
    expect(lineOf(basket, nl.productCode)).toEqual([nl.discountedPrice + 4 * nl.originalPrice, 5 * nl.originalPrice]);
    expect(lineOf(basket, basic.productCode)).toEqual([6 * basic.discountedPrice + 54 * basic.originalPrice, 60 * basic.originalPrice]);
    expect(lineOf(basket, basic.productCode)).toEqual([28440, 29940]);
    expect(lineOf(basket, spamfilter.productCode)).toEqual([5 * spamfilter.price, 5 * spamfilter.price]);
    expect(lineOf(basket, com.productCode)).toEqual([com.transferPrice + 4 * com.originalPrice, com.transferPrice + 4 * com.originalPrice]);
    expect(lineOf(basket, redirect.productCode)).toEqual([5 * redirect.price, 5 * redirect.price]);
    const excl = 2 * (nl.discountedPrice + 4 * nl.originalPrice) + 28440 + 5 * (spamfilter.price + ssl.price + redirect.price) + com.transferPrice + 4 * com.originalPrice;
    expect(basket.totalPricePerPeriodExcludeTax).toBe(excl);
    expect(basket.totalTaxPricePerPeriod).toBe(vat(excl));
    expect(basket.totalPricePerPeriodIncludeTax).toBe(excl + vat(excl));
    expect((await calls.get()).period).toBe('FIVE_YEARLY');

    expect(basketFrom(await calls.call('setPeriod', { period: 'YEARLY' })).totalPricePerPeriodExcludeTax).toBe(
      2 * nl.discountedPrice + 4488 + spamfilter.price + ssl.price + com.transferPrice + redirect.price,
    );
    expect((await calls.call('setPeriod', { period: 'MONTHLY' })).statusCode).toBe(400);
  });

  it('applies a valid discount code to the totals, case-insensitively', async () => {
    const calls = basketCalls(new TestClient(app));
    const unique = basketFrom(await calls.addDomain(nl, 'korting.nl')).items[0]!.unique;
    await calls.addChild(unique, basic);
    const before = await calls.get();
    const basket = basketFrom(await calls.call('applyDiscountCode', { code: ' welkom10 ' }));
    const code = Math.round(4488 * 0.1);
    expect(basket.discountCode).toEqual({ code: 'WELKOM10', discountPerPeriodExcludeTax: code });
    expect(basket.totalPricePerPeriodExcludeTax).toBe(before.totalPricePerPeriodExcludeTax - code);
    expect(basket.totalTaxPricePerPeriod).toBe(vat(before.totalPricePerPeriodExcludeTax - code));
    expect(basket.totalDiscountPerPeriodExcludeTax).toBe(before.totalDiscountPerPeriodExcludeTax + code);
    expect(basket.hasDiscount).toBe(true);

    // The percentage follows the period and the package.
    const five = basketFrom(await calls.call('setPeriod', { period: 'FIVE_YEARLY' }));
    expect(five.discountCode).toEqual({ code: 'WELKOM10', discountPerPeriodExcludeTax: 2844 });
    const fixed = basketFrom(await calls.call('applyDiscountCode', { code: 'KAVEL2026' }));
    expect(fixed.discountCode).toEqual({ code: 'KAVEL2026', discountPerPeriodExcludeTax: 1000 });
    expect(fixed.totalPricePerPeriodExcludeTax).toBe(five.totalPricePerPeriodExcludeTax + 2844 - 1000);
  });

  it('refuses an unknown, expired or empty code with a clear message, and the basket stays as it was', async () => {
    const calls = basketCalls(new TestClient(app));
    const unique = basketFrom(await calls.addDomain(nl, 'geen-korting.nl')).items[0]!.unique;
    await calls.addChild(unique, intro);
    await calls.call('applyDiscountCode', { code: 'WELKOM10' });
    const before = await calls.get();
    for (const code of ['BESTAATNIET', 'ZOMER2025']) {
      const response = await calls.call('applyDiscountCode', { code });
      expect(response.statusCode, code).toBe(400);
      expect(response.json(), code).toMatchObject({
        message: 'Deze kortingscode is onbekend of niet (meer) geldig.',
        fieldErrors: { code: 'Deze kortingscode is onbekend of niet (meer) geldig.' },
      });
    }
    expect((await calls.call('applyDiscountCode', { code: '  ' })).json().fieldErrors).toEqual({ code: 'Dit veld is verplicht.' });
    expect((await calls.call('applyDiscountCode', {})).json().fieldErrors).toHaveProperty('code');
    expect(await calls.get()).toEqual(before);

    const removed = basketFrom(await calls.call('removeDiscountCode'));
    expect(removed.discountCode).toBeNull();
    expect(removed.totalPricePerPeriodExcludeTax).toBe(before.totalPricePerPeriodExcludeTax + before.discountCode!.discountPerPeriodExcludeTax);
  });

  it('stops counting a code after its last day', async () => {
    const calls = basketCalls(new TestClient(app));
    const unique = basketFrom(await calls.addDomain(nl, 'einde-actie.nl')).items[0]!.unique;
    await calls.addChild(unique, intro);
    const applied = basketFrom(await calls.call('applyDiscountCode', { code: 'KAVEL2026' }));
    expect(applied.discountCode?.discountPerPeriodExcludeTax).toBe(1000);
    today = new Date('2027-01-01T09:00:00Z');
    try {
      const later = await calls.get();
      expect(later.discountCode).toBeNull();
      expect(later.totalPricePerPeriodExcludeTax).toBe(applied.totalPricePerPeriodExcludeTax + 1000);
      expect((await calls.call('applyDiscountCode', { code: 'KAVEL2026' })).statusCode).toBe(400);
    } finally {
      today = new Date('2026-06-15T10:00:00Z');
    }
  });
});
