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

/** The hosting discount runs for the first months of a term of at least a year (spec 000 section 9). */
export const HOSTING_DISCOUNT_MONTHS = 6;

/** Monthly prices of a hosting package. */
export interface MonthlyPrices {
  originalPrice: number;
  discountedPrice: number;
}

/**
 * Price of a hosting package for a basket period: the discounted monthly price for the first
 * `HOSTING_DISCOUNT_MONTHS` months, the regular monthly price for the rest. One year:
 * 6 x discounted + 6 x regular; five years: 6 x discounted + 54 x regular.
 */
export function hostingLinePrice(prices: MonthlyPrices, period: TBasketPeriod): LinePrice {
  const months = PERIOD_YEARS[period] * 12;
  const discountedMonths = Math.min(HOSTING_DISCOUNT_MONTHS, months);
  return {
    discounted: discountedMonths * prices.discountedPrice + (months - discountedMonths) * prices.originalPrice,
    original: months * prices.originalPrice,
  };
}

/** Price of something charged per year (extra services, a redirect) for a basket period. */
export function yearlyLinePrice(pricePerYear: number, period: TBasketPeriod): LinePrice {
  const years = PERIOD_YEARS[period];
  return { discounted: years * pricePerYear, original: years * pricePerYear };
}

/** A line that costs nothing: a free install, a transfer code, a domain already paid for. */
export const FREE_LINE: LinePrice = Object.freeze({ discounted: 0, original: 0 });

export interface BasketTotals {
  totalPricePerPeriodExcludeTax: number;
  totalTaxPricePerPeriod: number;
  totalPricePerPeriodIncludeTax: number;
  totalDiscountPerPeriodExcludeTax: number;
  hasDiscount: boolean;
  includeVatRate: number;
}

/**
 * Totals of a basket; VAT is taken once over the whole, as on the invoice. `codeDiscount` (a
 * discount code's amount, see `discount-codes.ts`) comes off the total and counts as discount.
 */
export function basketTotals(lines: readonly LinePrice[], codeDiscount = 0): BasketTotals {
  const beforeCode = lines.reduce((sum, l) => sum + l.discounted, 0);
  const code = Math.min(Math.max(0, codeDiscount), beforeCode);
  const excl = beforeCode - code;
  const original = lines.reduce((sum, l) => sum + l.original, 0);
  const tax = vatOnCents(excl);
  const discount = Math.max(0, original - beforeCode) + code;
  return {
    totalPricePerPeriodExcludeTax: excl,
    totalTaxPricePerPeriod: tax,
    totalPricePerPeriodIncludeTax: excl + tax,
    totalDiscountPerPeriodExcludeTax: discount,
    hasDiscount: discount > 0,
    includeVatRate: VAT_RATE,
  };
}
