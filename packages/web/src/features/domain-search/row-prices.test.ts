import { describe, expect, it } from 'vitest';
import { rowPrices } from './row-prices.ts';

const NL = { originalPrice: 799, discountedPrice: 199, transferPrice: 499 };
const list = (introductionDiscountPercent: number, registrations: number) => ({
  channel: 'reseller' as const,
  staffel: 2,
  domainDiscountPercent: 20,
  hostingDiscountPercent: 15,
  introductionDiscountPercent,
  registrations,
});

describe('the prices of a search row', () => {
  it('are the catalogue prices in the shop', () => {
    expect(rowPrices(NL, undefined)).toEqual(NL);
  });

  it("are the staffel's in a reseller basket, the first year with the introduction discount reached", () => {
    expect(rowPrices(NL, list(0, 1))).toEqual({ originalPrice: 639, discountedPrice: 159, transferPrice: 399 });
    expect(rowPrices(NL, list(10, 3))).toEqual({ originalPrice: 639, discountedPrice: 143, transferPrice: 399 });
  });
});
