import { z } from 'zod';
import { requiredSafeText, ZFormDbId } from './safe-text.ts';

/** Every product a basket or an order holds; the last three are sold by the order app only. */
export const ZProductType = z.enum([
  'DOMAIN',
  'DOMAIN_TRANSFER',
  'LINUX_PACKAGE',
  'RESELLER_PACKAGE',
  'REDIRECT',
  'TRANSFER_CODE',
  'EXTRA_SERVICE',
  'FREE_INSTALL',
  'SSL_CERTIFICATE',
  'CLOUDFLARE_PLAN',
  'VPS_PACKAGE',
]);
export type TProductType = z.infer<typeof ZProductType>;

export const ZBasketPeriod = z.enum(['YEARLY', 'FIVE_YEARLY']);
export type TBasketPeriod = z.infer<typeof ZBasketPeriod>;
export const PERIOD_YEARS: Record<TBasketPeriod, number> = { YEARLY: 1, FIVE_YEARLY: 5 };

/** The order app's periods (spec 001 section 9): a product charged per month may be paid per month, quarter or year. */
export const ZOrderAppPeriod = z.enum(['MONTHLY', 'QUARTERLY', 'YEARLY']);
export type TOrderAppPeriod = z.infer<typeof ZOrderAppPeriod>;
export const PERIOD_MONTHS: Record<TOrderAppPeriod | TBasketPeriod, number> = { MONTHLY: 1, QUARTERLY: 3, YEARLY: 12, FIVE_YEARLY: 60 };

/** An order's period: the shop's basket periods and the order app's. */
export const ZOrderPeriod = z.enum(['MONTHLY', 'QUARTERLY', 'YEARLY', 'FIVE_YEARLY']);
export type TOrderPeriod = z.infer<typeof ZOrderPeriod>;

/** What a step 2 service card is set to for one domain (spec 000 section 4). */
export const ZServiceType = z.enum(['HOSTING', 'REGISTRATION_ONLY', 'REDIRECT']);
export type TServiceType = z.infer<typeof ZServiceType>;

/**
 * What happens to a domain of the basket or of an order: it is registered, transferred in, or it
 * is the customer's own already (put in by a hosting choice or upgrade from the account, so
 * nothing is registered and nothing is paid for the name).
 */
export const ZDomainKind = z.enum(['REGISTRATION', 'TRANSFER', 'OWN_DOMAIN']);
export type TDomainKind = z.infer<typeof ZDomainKind>;

/**
 * Choices kept on a basket item. On a domain (`DOMAIN`, `DOMAIN_TRANSFER`): `serviceType` (the
 * card's choice; HOSTING unless chosen otherwise or a redirect exists) and `customWhoisId` (the
 * domain holder for the purchase; null is the customer's standard holder). On a transfer
 * (`DOMAIN_TRANSFER`) also the transfer section: `ownerConfirmed`, `transferDnsLater` and
 * `dnsProfileId` (null: copy the current DNS). Other items carry none.
 */
export const ZBasketItemOptions = z.object({
  serviceType: ZServiceType.optional(),
  customWhoisId: z.number().int().nullable().optional(),
  ownerConfirmed: z.boolean().optional(),
  transferDnsLater: z.boolean().optional(),
  dnsProfileId: z.number().int().nullable().optional(),
});
export type TBasketItemOptions = z.infer<typeof ZBasketItemOptions>;

const ZBasketItemBase = z.object({
  unique: z.string(),
  title: z.string(),
  productName: z.string(),
  productType: ZProductType,
  productId: z.number().int(),
  productCode: z.string(),
  /** True once the item is on an invoice (an existing product being changed). */
  invoiced: z.boolean(),
  /** What the item costs this period, cents excluding VAT. */
  discountedPricePerPeriod: z.number().int(),
  /** What it would cost without the welcome or package discount. */
  originalPricePerPeriod: z.number().int(),
  options: ZBasketItemOptions,
  /** Hosting packages only: the monthly price of the first 6 months, and the regular monthly price. */
  pricePerMonth: z.number().int().optional(),
  originalPricePerMonth: z.number().int().optional(),
  /** Hosting packages only: `LINUX_PACKAGE` in the shop; `LINUX_PACKAGE_{product}` (`LINUX_PACKAGE_RESELLER_BASIC`) in the reseller wizard. */
  hostingType: z.string().optional(),
});

export const ZConnectedItem = ZBasketItemBase;
export type TConnectedItem = z.infer<typeof ZConnectedItem>;

export const ZBasketItem = ZBasketItemBase.extend({
  connectedItem: z.array(ZConnectedItem),
  /** A domain's kind (null for a package without a domain). */
  domainKind: ZDomainKind.nullable(),
  /** The service types step 2 offers for this domain (none for a package without a domain). */
  serviceTypes: z.array(ZServiceType),
});
export type TBasketItem = z.infer<typeof ZBasketItem>;

/** A discount code applied to the basket, and what it takes off this period (cents excl. VAT). */
export const ZAppliedDiscountCode = z.object({ code: z.string(), discountPerPeriodExcludeTax: z.number().int() });
export type TAppliedDiscountCode = z.infer<typeof ZAppliedDiscountCode>;

/** A reseller basket's prices: its staffel's discounts, and the introduction discount its registrations reach. */
export const ZBasketPriceList = z.object({
  channel: z.literal('reseller'),
  staffel: z.number().int(),
  domainDiscountPercent: z.number().int(),
  hostingDiscountPercent: z.number().int(),
  /** The first-year discount on registrations (0 below the first step). */
  introductionDiscountPercent: z.number().int(),
  /** New registrations in the basket, which decide the introduction discount. */
  registrations: z.number().int(),
});
export type TBasketPriceList = z.infer<typeof ZBasketPriceList>;

export const ZBasket = z.object({
  empty: z.boolean(),
  /** Reseller baskets only: the tier they are priced with. */
  priceList: ZBasketPriceList.optional(),
  period: ZBasketPeriod,
  items: z.array(ZBasketItem),
  /** Every item, children included, flat. */
  allBasketItems: z.array(ZConnectedItem),
  domainIsMissingForHosting: z.boolean(),
  /** The basket holds a domain the customer already has (hosting added or upgraded from the account). */
  hostingUpgrade: z.boolean(),
  /** Null when no code is applied, or the applied one is no longer valid. */
  discountCode: ZAppliedDiscountCode.nullable(),
  /** True when a welcome, package or code discount applies. */
  hasDiscount: z.boolean(),
  /** VAT rate as a fraction: 0.21. */
  includeVatRate: z.number(),
  totalPricePerPeriodIncludeTax: z.number().int(),
  totalPricePerPeriodExcludeTax: z.number().int(),
  totalTaxPricePerPeriod: z.number().int(),
  /** Welcome and package discounts plus the discount code's. */
  totalDiscountPerPeriodExcludeTax: z.number().int(),
});
export type TBasket = z.infer<typeof ZBasket>;

/** The `unique` of a basket item (a UUID), as the calls that name an item send it. */
export const ZUnique = requiredSafeText(64);
/** A catalogue product code. */
export const ZProductCode = requiredSafeText(60);

/**
 * `POST /api/bestelprocedure/addItem`. `title` or `value` carries the domain, the redirect URL or
 * the transfer code. Without `parentId` the product is a domain extension; with it (the `unique`
 * of a domain in the basket) a hosting package, extra service, redirect or transfer code for that
 * domain. `transferDnsLater` and `dnsProfileId` go with a transfer code.
 */
export const ZAddItemRequest = z
  .object({
    productId: ZFormDbId,
    productCode: ZProductCode,
    // Loosely bounded here: each product's own rule (domain name, redirect URL, transfer code) decides.
    title: requiredSafeText(1000).optional(),
    value: requiredSafeText(1000).optional(),
    parentId: ZUnique.optional(),
    transferDnsLater: z.boolean().optional(),
    dnsProfileId: ZFormDbId.nullable().optional(),
  })
  // A domain needs its name; a redirect or transfer code its value (checked per product by the server).
  .refine((r) => r.parentId !== undefined || r.title !== undefined || r.value !== undefined, { message: 'required', path: ['title'] });
export type TAddItemRequest = z.infer<typeof ZAddItemRequest>;

export const ZRemoveItemRequest = z.object({ unique: ZUnique });
export type TRemoveItemRequest = z.infer<typeof ZRemoveItemRequest>;

export const ZRemoveDomainRequest = z.object({ domainName: requiredSafeText(255).toLowerCase() });
export type TRemoveDomainRequest = z.infer<typeof ZRemoveDomainRequest>;

/** `POST /api/bestelprocedure/setPeriod`: everything is priced again for the new period. */
export const ZSetPeriodRequest = z.object({ period: ZBasketPeriod });
export type TSetPeriodRequest = z.infer<typeof ZSetPeriodRequest>;

/** `POST /api/bestelprocedure/applyDiscountCode`. Codes are compared in upper case. */
export const ZApplyDiscountCodeRequest = z.object({
  code: requiredSafeText(40).toUpperCase(),
});
export type TApplyDiscountCodeRequest = z.input<typeof ZApplyDiscountCodeRequest>;
