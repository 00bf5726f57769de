import type { LinePrice } from './pricing.ts';
import type { TProductType } from './schemas/basket.ts';

/**
 * A discount code as the catalogue holds it: a percentage of, or a fixed amount (cents excl. VAT)
 * off, the lines of the listed product types, valid from and until two dates (inclusive, Dutch time).
 */
export interface DiscountCodeRule {
  code: string;
  percentage: number | null;
  amount: number | null;
  productTypes: readonly TProductType[];
  /** `YYYY-MM-DD`. */
  validFrom: string;
  /** `YYYY-MM-DD`. */
  validUntil: string;
}

/** A priced basket line with the type of its product. */
export interface DiscountableLine extends LinePrice {
  productType: TProductType;
}

/** Whether the code may be used on `today` (`YYYY-MM-DD` in the Netherlands). */
export function isDiscountCodeValid(rule: DiscountCodeRule, today: string): boolean {
  return rule.validFrom <= today && today <= rule.validUntil;
}

/**
 * What the code takes off a basket period: the percentage of the lines it applies to (rounded to
 * the cent), or the fixed amount once per period but never more than those lines cost.
 */
export function discountCodeAmount(rule: DiscountCodeRule, lines: readonly DiscountableLine[]): number {
  const base = lines.filter((line) => rule.productTypes.includes(line.productType)).reduce((sum, line) => sum + line.discounted, 0);
  if (rule.percentage !== null) return Math.round((base * rule.percentage) / 100);
  return Math.min(rule.amount ?? 0, base);
}
