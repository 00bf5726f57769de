import { vatOnCents, VAT_RATE } from './money.ts';
import { PERIOD_YEARS, type TBasketPeriod } from './schemas/basket.ts';

export interface DomainPrices {
  /** Regular yearly price. */
  originalPrice: number;
  /** Welcome price for the first year. */
  discountedPrice: number;
  transferPrice: number;
}

export interface LinePrice {
  discounted: number;
  original: number;
}

/**
 * Price of a domain for a basket period: the first year at the welcome rate (registration) or the
 * transfer price (transfer), every further year at the regular rate.
 */
export function domainLinePrice(prices: DomainPrices, kind: 'registration' | 'transfer', period: TBasketPeriod): LinePrice {
  const years = PERIOD_YEARS[period];
  const firstYear = kind === 'registration' ? prices.discountedPrice : prices.transferPrice;
  const firstYearRegular = kind === 'registration' ? prices.originalPrice : prices.transferPrice;
  return {
    discounted: firstYear + (years - 1) * prices.originalPrice,
    original: firstYearRegular + (years - 1) * prices.originalPrice,
  };
}

export interface BasketTotals {
  totalPricePerPeriodExcludeTax: number;
  totalTaxPricePerPeriod: number;
  totalPricePerPeriodIncludeTax: number;
  totalDiscountPerPeriodExcludeTax: number;
  hasDiscount: boolean;
  includeVatRate: number;
}

/** Totals of a basket; VAT is taken once over the whole, as on the invoice. */
export function basketTotals(lines: readonly LinePrice[]): BasketTotals {
  const excl = lines.reduce((sum, l) => sum + l.discounted, 0);
  const original = lines.reduce((sum, l) => sum + l.original, 0);
  const tax = vatOnCents(excl);
  const discount = Math.max(0, original - excl);
  return {
    totalPricePerPeriodExcludeTax: excl,
    totalTaxPricePerPeriod: tax,
    totalPricePerPeriodIncludeTax: excl + tax,
    totalDiscountPerPeriodExcludeTax: discount,
    hasDiscount: discount > 0,
    includeVatRate: VAT_RATE,
  };
}
