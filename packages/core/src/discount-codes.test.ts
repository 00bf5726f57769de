import { describe, expect, it } from 'vitest';
import { discountCodeAmount, isDiscountCodeValid, type DiscountCodeRule, type DiscountableLine } from './discount-codes.ts';

const welcome: DiscountCodeRule = { code: 'WELKOM10', percentage: 10, amount: null, productTypes: ['LINUX_PACKAGE'], validFrom: '2025-01-01', validUntil: '2027-12-31' };
const fixed: DiscountCodeRule = { code: 'VIJF', percentage: null, amount: 500, productTypes: ['DOMAIN', 'LINUX_PACKAGE'], validFrom: '2026-01-01', validUntil: '2026-12-31' };

const lines: DiscountableLine[] = [
  { productType: 'DOMAIN', discounted: 299, original: 799 },
  { productType: 'LINUX_PACKAGE', discounted: 4488, original: 5988 },
  { productType: 'EXTRA_SERVICE', discounted: 2400, original: 2400 },
];

describe('discount codes', () => {
  it('is valid from its first to its last day, both included', () => {
    expect(isDiscountCodeValid(fixed, '2025-12-31')).toBe(false);
    expect(isDiscountCodeValid(fixed, '2026-01-01')).toBe(true);
    expect(isDiscountCodeValid(fixed, '2026-12-31')).toBe(true);
    expect(isDiscountCodeValid(fixed, '2027-01-01')).toBe(false);
  });

  it('takes a percentage of the lines of its product types only, rounded to the cent', () => {
    expect(discountCodeAmount(welcome, lines)).toBe(449); // 448.8
    expect(discountCodeAmount({ ...welcome, percentage: 15 }, lines)).toBe(673); // 673.2
  });

  it('takes a fixed amount once, never more than the lines it applies to', () => {
    expect(discountCodeAmount(fixed, lines)).toBe(500);
    expect(discountCodeAmount(fixed, [{ productType: 'DOMAIN', discounted: 299, original: 799 }])).toBe(299);
  });

  it('takes nothing when the basket has none of its product types', () => {
    expect(discountCodeAmount(welcome, [{ productType: 'DOMAIN', discounted: 299, original: 799 }])).toBe(0);
    expect(discountCodeAmount(fixed, [])).toBe(0);
  });
});
