import { z } from 'zod';
import type { DomainPrices, MonthlyPrices } from './pricing.ts';

/** Which shop a basket belongs to: the public shop, or the reseller flow (spec 000 sections 1 and 7). */
export const ZBasketChannel = z.enum(['shop', 'reseller']);
export type TBasketChannel = z.infer<typeof ZBasketChannel>;

const ZPercent = z.number().int().min(0).max(100);

/**
 * The reseller tiers (spec 001 section 1, 'staffel') as catalogue data: per staffel the discount
 * on domains and on reseller hosting, and the first-year introduction (quantity) discount of spec
 * 000 section 9: registrations in one basket from `minimumRegistrations` on cost less in their
 * first year.
 */
export const ZResellerTiers = z.object({
  staffels: z.array(z.object({ staffel: z.number().int().min(1), domainDiscountPercent: ZPercent, hostingDiscountPercent: ZPercent })).min(1),
  introduction: z.array(z.object({ minimumRegistrations: z.number().int().min(1), firstYearDiscountPercent: ZPercent })),
});
export type TResellerTiers = z.infer<typeof ZResellerTiers>;

/** The prices a basket is priced with: the shop's own, or a reseller's tier. */
export type PriceList =
  | { channel: 'shop' }
  | {
      channel: 'reseller';
      staffel: number;
      domainDiscountPercent: number;
      hostingDiscountPercent: number;
      introduction: TResellerTiers['introduction'];
    };

export const SHOP_PRICES: PriceList = Object.freeze({ channel: 'shop' });

/**
 * The price list of a channel. A reseller's staffel picks its tier; a staffel above the highest
 * tier gets the highest, and a reseller without one (or below the lowest) the lowest. The shop's
 * channel never gets reseller prices, whoever asks.
 */
export function resolvePriceList(tiers: TResellerTiers, channel: TBasketChannel, staffel: number | null | undefined): PriceList {
  if (channel === 'shop') return SHOP_PRICES;
  const sorted = [...tiers.staffels].sort((a, b) => a.staffel - b.staffel);
  const tier = [...sorted].reverse().find((candidate) => candidate.staffel <= (staffel ?? 0)) ?? sorted[0]!;
  return {
    channel: 'reseller',
    staffel: tier.staffel,
    domainDiscountPercent: tier.domainDiscountPercent,
    hostingDiscountPercent: tier.hostingDiscountPercent,
    introduction: tiers.introduction,
  };
}

/** The first-year introduction discount (percent) for a basket with this many new registrations; 0 for the shop. */
export function introductionDiscountPercent(list: PriceList, registrations: number): number {
  if (list.channel === 'shop') return 0;
  let percent = 0;
  for (const step of list.introduction) if (registrations >= step.minimumRegistrations) percent = Math.max(percent, step.firstYearDiscountPercent);
  return percent;
}

const less = (cents: number, percent: number) => Math.round((cents * (100 - percent)) / 100);

/**
 * A domain's yearly prices on this list. A reseller gets the staffel discount off every price,
 * and on a registration's first year (the welcome price) also the introduction discount, so a
 * reseller never pays more than a consumer.
 */
export function domainPricesOn(list: PriceList, prices: DomainPrices, registrations: number): DomainPrices {
  if (list.channel === 'shop') return prices;
  const staffel = list.domainDiscountPercent;
  return {
    originalPrice: less(prices.originalPrice, staffel),
    discountedPrice: less(less(prices.discountedPrice, staffel), introductionDiscountPercent(list, registrations)),
    transferPrice: less(prices.transferPrice, staffel),
  };
}

/** A reseller package's monthly prices on this list (the staffel's hosting discount off both). */
export function hostingPricesOn(list: PriceList, prices: MonthlyPrices): MonthlyPrices {
  if (list.channel === 'shop') return prices;
  return { originalPrice: less(prices.originalPrice, list.hostingDiscountPercent), discountedPrice: less(prices.discountedPrice, list.hostingDiscountPercent) };
}
