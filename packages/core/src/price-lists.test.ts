import { describe, expect, it } from 'vitest';
import { domainLinePrice, hostingLinePrice } from './pricing.ts';
import { domainPricesOn, hostingPricesOn, introductionDiscountPercent, resolvePriceList, SHOP_PRICES, type TResellerTiers } from './price-lists.ts';

const tiers: TResellerTiers = {
  staffels: [
    { staffel: 1, domainDiscountPercent: 10, hostingDiscountPercent: 10 },
    { staffel: 2, domainDiscountPercent: 20, hostingDiscountPercent: 15 },
    { staffel: 3, domainDiscountPercent: 30, hostingDiscountPercent: 20 },
  ],
  introduction: [
    { minimumRegistrations: 3, firstYearDiscountPercent: 10 },
    { minimumRegistrations: 10, firstYearDiscountPercent: 20 },
  ],
};
const nl = { originalPrice: 799, discountedPrice: 199, transferPrice: 499 };

describe('price list resolution', () => {
  it('gives the shop channel the shop prices, even for a reseller staffel', () => {
    expect(resolvePriceList(tiers, 'shop', 2)).toEqual(SHOP_PRICES);
  });

  it('picks the reseller tier of the staffel', () => {
    expect(resolvePriceList(tiers, 'reseller', 2)).toMatchObject({ channel: 'reseller', staffel: 2, domainDiscountPercent: 20, hostingDiscountPercent: 15 });
  });

  it('caps a staffel above the highest tier, and gives a reseller without one the lowest', () => {
    expect(resolvePriceList(tiers, 'reseller', 9)).toMatchObject({ staffel: 3 });
    expect(resolvePriceList(tiers, 'reseller', null)).toMatchObject({ staffel: 1 });
  });
});

describe('tier prices', () => {
  const staffel2 = resolvePriceList(tiers, 'reseller', 2);

  it('takes the staffel discount off every domain price', () => {
    expect(domainPricesOn(staffel2, nl, 1)).toEqual({ originalPrice: 639, discountedPrice: 159, transferPrice: 399 });
  });

  it('adds the introduction discount to the first year of a registration from three registrations on', () => {
    expect(introductionDiscountPercent(staffel2, 2)).toBe(0);
    expect(introductionDiscountPercent(staffel2, 3)).toBe(10);
    expect(introductionDiscountPercent(staffel2, 12)).toBe(20);
    const three = domainPricesOn(staffel2, nl, 3);
    expect(three.discountedPrice).toBe(143);
    // Only the first year: renewals and transfers keep the staffel price.
    expect(three.originalPrice).toBe(639);
    expect(three.transferPrice).toBe(399);
    expect(domainLinePrice(three, 'registration', 'FIVE_YEARLY')).toEqual({ discounted: 143 + 4 * 639, original: 5 * 639 });
  });

  it('never lets a reseller pay more than a consumer', () => {
    for (const count of [1, 3, 10]) {
      const reseller = domainPricesOn(staffel2, nl, count);
      expect(reseller.discountedPrice).toBeLessThanOrEqual(nl.discountedPrice);
      expect(reseller.originalPrice).toBeLessThanOrEqual(nl.originalPrice);
    }
  });

  it('takes the hosting discount off a reseller package', () => {
    const basic = hostingPricesOn(staffel2, { originalPrice: 2999, discountedPrice: 1499 });
    expect(basic).toEqual({ originalPrice: 2549, discountedPrice: 1274 });
    expect(hostingLinePrice(basic, 'YEARLY').discounted).toBe(6 * 1274 + 6 * 2549);
  });

  it('leaves the shop prices as they are', () => {
    expect(domainPricesOn(SHOP_PRICES, nl, 20)).toEqual(nl);
    expect(hostingPricesOn(SHOP_PRICES, { originalPrice: 499, discountedPrice: 249 })).toEqual({ originalPrice: 499, discountedPrice: 249 });
    expect(introductionDiscountPercent(SHOP_PRICES, 20)).toBe(0);
  });
});
