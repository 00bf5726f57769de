import { vatOnCents, VAT_RATE } from './money.ts';
import { HOSTING_DISCOUNT_MONTHS } from './pricing.ts';
import { PERIOD_MONTHS, type TOrderAppPeriod } from './schemas/basket.ts';

/**
 * The order app's basket prices (spec 001 sections 3 and 9), without I/O: the server feeds it the
 * catalogue's prices. A product is charged per year (a domain, a certificate) or per month (a
 * hosting, Cloudflare or VPS package); only the latter can be paid per month or quarter.
 */
export type OrderLinePricing =
  | { per: 'year'; price: number; firstYear?: { price: number; reason: string } }
  | { per: 'month'; price: number; firstMonths?: { price: number; reason: string } };

export interface PricedOrderLine {
  /** Per period without a discount. */
  productPrice: number;
  /** Per period with the discount; null without one. */
  discountedPrice: number | null;
  discountReason: string | null;
  monthlyPrice: number | null;
}

const ALL_PERIODS: readonly TOrderAppPeriod[] = ['MONTHLY', 'QUARTERLY', 'YEARLY'];

/** The periods a basket can be paid per: a product charged per year makes it yearly. */
export function orderBasketPeriods(lines: readonly Pick<OrderLinePricing, 'per'>[]): TOrderAppPeriod[] {
  return lines.some((line) => line.per === 'year') ? ['YEARLY'] : [...ALL_PERIODS];
}

/** The chosen period where the basket allows it, else the first one it allows (monthly, or yearly). */
export function orderBasketPeriod(lines: readonly Pick<OrderLinePricing, 'per'>[], wanted: TOrderAppPeriod | undefined): TOrderAppPeriod {
  const periods = orderBasketPeriods(lines);
  return wanted !== undefined && periods.includes(wanted) ? wanted : (periods[0] ?? 'YEARLY');
}

/**
 * One line for a period. Per year: the first year may be cheaper (a welcome price). Per month:
 * the first months may be cheaper (the hosting discount runs `HOSTING_DISCOUNT_MONTHS` months), so
 * a year of a discounted package is 6 discounted months and 6 regular ones.
 */
export function priceOrderLine(line: OrderLinePricing, period: TOrderAppPeriod): PricedOrderLine {
  if (line.per === 'year') {
    const discounted = line.firstYear && line.firstYear.price < line.price ? line.firstYear : null;
    return { productPrice: line.price, discountedPrice: discounted?.price ?? null, discountReason: discounted?.reason ?? null, monthlyPrice: null };
  }
  const months = PERIOD_MONTHS[period];
  const productPrice = months * line.price;
  const first = line.firstMonths && line.firstMonths.price < line.price ? line.firstMonths : null;
  if (!first) return { productPrice, discountedPrice: null, discountReason: null, monthlyPrice: line.price };
  const discountedMonths = Math.min(HOSTING_DISCOUNT_MONTHS, months);
  return {
    productPrice,
    discountedPrice: discountedMonths * first.price + (months - discountedMonths) * line.price,
    discountReason: first.reason,
    monthlyPrice: first.price,
  };
}

/** What the customer pays for a line this period. */
export const linePayable = (line: PricedOrderLine): number => line.discountedPrice ?? line.productPrice;

export interface OrderBasketTotals {
  totalPricePerPeriodExcludeTax: number;
  totalTaxPricePerPeriod: number;
  totalPricePerPeriodIncludeTax: number;
  totalPricePerPeriodIncludeTaxAndAdministrativeCost: number;
  administrativeCost: number;
  administrativeCostShouldBeAdded: boolean;
  vatRate: number;
}

/**
 * The basket's totals. VAT is taken once over the whole, as on the invoice; with the
 * administration fee it is taken over the lines and the fee together (the fee is taxed too).
 */
export function orderBasketTotals(lines: readonly PricedOrderLine[], administration: { cost: number; shouldBeAdded: boolean }): OrderBasketTotals {
  const excl = lines.reduce((sum, line) => sum + linePayable(line), 0);
  const tax = vatOnCents(excl);
  const withFee = excl + administration.cost;
  return {
    totalPricePerPeriodExcludeTax: excl,
    totalTaxPricePerPeriod: tax,
    totalPricePerPeriodIncludeTax: excl + tax,
    totalPricePerPeriodIncludeTaxAndAdministrativeCost: administration.shouldBeAdded ? withFee + vatOnCents(withFee) : excl + tax,
    administrativeCost: administration.cost,
    administrativeCostShouldBeAdded: administration.shouldBeAdded,
    vatRate: VAT_RATE,
  };
}

/**
 * Whether the administration fee is added (spec 001 sections 2 and 9): only for payment on
 * account, and not for a first term, so only when every item changes a product the customer
 * already pays for (a package upgrade). Direct debit and online payment never add it. The same
 * rule as the shop's checkout (`onlyExistingProducts`).
 */
export function administrativeCostApplies(payment: 'ONLINE' | 'MANUAL_PAYMENT' | 'AUTOMATIC_INCASSO', items: readonly { existingDomainProduct: unknown }[]): boolean {
  return payment === 'MANUAL_PAYMENT' && items.length > 0 && items.every((item) => item.existingDomainProduct !== null);
}

/** The VAT percentage shown: the rate times 100, truncated (spec 001 section 9); 0.21 is 21, 0.215 is 21. */
export function vatPercentage(vatRate: number): number {
  // toFixed first: 0.29 * 100 is 28.999999999999996 in binary floating point.
  return Math.trunc(Number((vatRate * 100).toFixed(6)));
}
