import { describe, expect, it } from 'vitest';
import { formatEuro, vatOnCents } from './money.ts';
import { basketTotals, domainLinePrice, FREE_LINE, HOSTING_DISCOUNT_MONTHS, hostingLinePrice, yearlyLinePrice } from './pricing.ts';

const nl = { originalPrice: 799, discountedPrice: 299, transferPrice: 499 };

describe('domain prices per period', () => {
  it('charges the welcome rate the first year and the regular rate after', () => {
    expect(domainLinePrice(nl, 'registration', 'YEARLY')).toEqual({ discounted: 299, original: 799 });
    expect(domainLinePrice(nl, 'registration', 'FIVE_YEARLY')).toEqual({ discounted: 299 + 4 * 799, original: 5 * 799 });
  });

  it('charges the transfer price for a transfer, without a welcome discount', () => {
    expect(domainLinePrice(nl, 'transfer', 'YEARLY')).toEqual({ discounted: 499, original: 499 });
    expect(domainLinePrice(nl, 'transfer', 'FIVE_YEARLY')).toEqual({ discounted: 499 + 4 * 799, original: 499 + 4 * 799 });
  });
});

describe('hosting prices per period', () => {
  const basic = { originalPrice: 499, discountedPrice: 249 };

  it('charges the discounted monthly price for the first 6 months of a year, the regular price after', () => {
    expect(HOSTING_DISCOUNT_MONTHS).toBe(6);
    expect(hostingLinePrice(basic, 'YEARLY')).toEqual({ discounted: 6 * 249 + 6 * 499, original: 12 * 499 });
    expect(hostingLinePrice(basic, 'YEARLY')).toEqual({ discounted: 4488, original: 5988 });
  });

  it('gives the discount once over five years: 6 discounted months and 54 regular ones', () => {
    expect(hostingLinePrice(basic, 'FIVE_YEARLY')).toEqual({ discounted: 6 * 249 + 54 * 499, original: 60 * 499 });
    expect(hostingLinePrice(basic, 'FIVE_YEARLY')).toEqual({ discounted: 28440, original: 29940 });
  });

  it('has no discount for a package without one', () => {
    expect(hostingLinePrice({ originalPrice: 999, discountedPrice: 999 }, 'YEARLY')).toEqual({ discounted: 11988, original: 11988 });
  });
});

describe('yearly and free lines', () => {
  it('charges extras and redirects per year, without discount', () => {
    expect(yearlyLinePrice(2400, 'YEARLY')).toEqual({ discounted: 2400, original: 2400 });
    expect(yearlyLinePrice(2400, 'FIVE_YEARLY')).toEqual({ discounted: 12000, original: 12000 });
    expect(yearlyLinePrice(0, 'FIVE_YEARLY')).toEqual(FREE_LINE);
  });

  it('has a free line that cannot be changed by accident', () => {
    expect(FREE_LINE).toEqual({ discounted: 0, original: 0 });
    expect(Object.isFrozen(FREE_LINE)).toBe(true);
  });
});

describe('basket totals', () => {
  it('adds 21% VAT over the total, rounded to the cent, and reports the discount', () => {
    const totals = basketTotals([
      { discounted: 299, original: 799 },
      { discounted: 999, original: 1299 },
    ]);
    expect(totals).toEqual({
      totalPricePerPeriodExcludeTax: 1298,
      totalTaxPricePerPeriod: 273, // 272.58
      totalPricePerPeriodIncludeTax: 1571,
      totalDiscountPerPeriodExcludeTax: 800,
      hasDiscount: true,
      includeVatRate: 0.21,
    });
  });

  it('takes a discount code off before VAT and counts it as discount', () => {
    const totals = basketTotals([{ discounted: 4488, original: 5988 }, { discounted: 299, original: 799 }], 449);
    expect(totals).toMatchObject({
      totalPricePerPeriodExcludeTax: 4488 + 299 - 449,
      totalTaxPricePerPeriod: Math.round((4338 * 21) / 100),
      totalDiscountPerPeriodExcludeTax: 1500 + 500 + 449,
      hasDiscount: true,
    });
  });

  it('never lets a discount code make the total negative', () => {
    expect(basketTotals([{ discounted: 300, original: 300 }], 500)).toMatchObject({ totalPricePerPeriodExcludeTax: 0, totalDiscountPerPeriodExcludeTax: 300 });
    expect(basketTotals([{ discounted: 300, original: 300 }], -50)).toMatchObject({ totalPricePerPeriodExcludeTax: 300, hasDiscount: false });
  });

  it('is all zero for an empty basket', () => {
    expect(basketTotals([])).toMatchObject({ totalPricePerPeriodIncludeTax: 0, hasDiscount: false });
  });

  it('rounds VAT half up and formats euros per language', () => {
    expect(vatOnCents(50)).toBe(11); // 10.5
    expect(formatEuro(123456, 'nl').replace(/\s/g, ' ')).toBe('€ 1.234,56');
    expect(formatEuro(123456, 'en')).toBe('€1,234.56');
  });
});
