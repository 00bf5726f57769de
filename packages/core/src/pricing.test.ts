import { describe, expect, it } from 'vitest';
import { formatEuro, vatOnCents } from './money.ts';
import { basketTotals, domainLinePrice } from './pricing.ts';

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

  it('is all zero for an empty basket', () => {
    expect(basketTotals([])).toMatchObject({ totalPricePerPeriodIncludeTax: 0, hasDiscount: false });
  });

  it('rounds VAT half up and formats euros per language', () => {
    expect(vatOnCents(50)).toBe(11); // 10.5
    expect(formatEuro(123456, 'nl').replace(/\s/g, ' ')).toBe('€ 1.234,56');
    expect(formatEuro(123456, 'en')).toBe('€1,234.56');
  });
});
