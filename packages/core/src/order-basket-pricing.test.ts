import { describe, expect, it } from 'vitest';
import { administrativeCostApplies, orderBasketPeriod, orderBasketPeriods, orderBasketTotals, priceOrderLine, vatPercentage } from './order-basket-pricing.ts';

describe('order app basket pricing', () => {
  it('offers monthly, quarterly and yearly payment only when nothing is charged per year', () => {
    expect(orderBasketPeriods([{ per: 'month' }])).toEqual(['MONTHLY', 'QUARTERLY', 'YEARLY']);
    expect(orderBasketPeriods([{ per: 'month' }, { per: 'year' }])).toEqual(['YEARLY']);
    expect(orderBasketPeriod([{ per: 'month' }], 'QUARTERLY')).toBe('QUARTERLY');
    expect(orderBasketPeriod([{ per: 'month' }], undefined)).toBe('MONTHLY');
    expect(orderBasketPeriod([{ per: 'year' }], 'MONTHLY')).toBe('YEARLY');
  });

  it('prices a monthly product per period', () => {
    const vps = { per: 'month', price: 1199 } as const;
    expect(priceOrderLine(vps, 'MONTHLY')).toEqual({ productPrice: 1199, discountedPrice: null, discountReason: null, monthlyPrice: 1199 });
    expect(priceOrderLine(vps, 'QUARTERLY').productPrice).toBe(3 * 1199);
    expect(priceOrderLine(vps, 'YEARLY').productPrice).toBe(12 * 1199);
  });

  it('gives a package its discount for the first six months only', () => {
    const hosting = { per: 'month', price: 800, firstMonths: { price: 400, reason: 'Welkomstkorting' } } as const;
    expect(priceOrderLine(hosting, 'MONTHLY')).toEqual({ productPrice: 800, discountedPrice: 400, discountReason: 'Welkomstkorting', monthlyPrice: 400 });
    expect(priceOrderLine(hosting, 'QUARTERLY').discountedPrice).toBe(1200);
    expect(priceOrderLine(hosting, 'YEARLY')).toMatchObject({ productPrice: 9600, discountedPrice: 6 * 400 + 6 * 800 });
  });

  it('prices a yearly product with its first-year price, and no discount when that is not lower', () => {
    expect(priceOrderLine({ per: 'year', price: 1299, firstYear: { price: 499, reason: 'Welkomstprijs' } }, 'YEARLY')).toEqual({ productPrice: 1299, discountedPrice: 499, discountReason: 'Welkomstprijs', monthlyPrice: null });
    expect(priceOrderLine({ per: 'year', price: 1299, firstYear: { price: 1299, reason: 'Welkomstprijs' } }, 'YEARLY').discountedPrice).toBeNull();
  });

  it('adds the administration fee, taxed, only to the last total and only when it should be added', () => {
    const lines = [priceOrderLine({ per: 'month', price: 1000 }, 'MONTHLY')];
    const without = orderBasketTotals(lines, { cost: 250, shouldBeAdded: false });
    expect(without).toMatchObject({ totalPricePerPeriodExcludeTax: 1000, totalTaxPricePerPeriod: 210, totalPricePerPeriodIncludeTax: 1210, totalPricePerPeriodIncludeTaxAndAdministrativeCost: 1210, administrativeCost: 250, administrativeCostShouldBeAdded: false, vatRate: 0.21 });
    const withFee = orderBasketTotals(lines, { cost: 250, shouldBeAdded: true });
    expect(withFee.totalPricePerPeriodIncludeTax).toBe(1210);
    expect(withFee.totalPricePerPeriodIncludeTaxAndAdministrativeCost).toBe(1250 + 263);
  });

  it('charges the fee for payment on account of an upgrade only, never a first term, direct debit or online', () => {
    const upgrade = [{ existingDomainProduct: { id: 1, title: 'Basic' } }];
    const firstTerm = [{ existingDomainProduct: null }];
    expect(administrativeCostApplies('MANUAL_PAYMENT', upgrade)).toBe(true);
    expect(administrativeCostApplies('MANUAL_PAYMENT', firstTerm)).toBe(false);
    expect(administrativeCostApplies('MANUAL_PAYMENT', [...upgrade, ...firstTerm])).toBe(false);
    expect(administrativeCostApplies('AUTOMATIC_INCASSO', upgrade)).toBe(false);
    expect(administrativeCostApplies('ONLINE', upgrade)).toBe(false);
  });

  it('shows the VAT percentage truncated', () => {
    expect(vatPercentage(0.21)).toBe(21);
    expect(vatPercentage(0.215)).toBe(21);
    expect(vatPercentage(0.29)).toBe(29);
    expect(vatPercentage(0.09)).toBe(9);
  });
});
