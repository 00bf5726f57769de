import { z } from 'zod';

export const ZProductType = z.enum(['DOMAIN', 'DOMAIN_TRANSFER', 'LINUX_PACKAGE', 'RESELLER_PACKAGE', 'REDIRECT', 'TRANSFER_CODE', 'EXTRA_SERVICE', 'FREE_INSTALL']);
export type TProductType = z.infer<typeof ZProductType>;

export const ZBasketPeriod = z.enum(['YEARLY', 'FIVE_YEARLY']);
export type TBasketPeriod = z.infer<typeof ZBasketPeriod>;
export const PERIOD_YEARS: Record<TBasketPeriod, number> = { YEARLY: 1, FIVE_YEARLY: 5 };

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
});

export const ZConnectedItem = ZBasketItemBase;
export type TConnectedItem = z.infer<typeof ZConnectedItem>;

export const ZBasketItem = ZBasketItemBase.extend({ connectedItem: z.array(ZConnectedItem) });
export type TBasketItem = z.infer<typeof ZBasketItem>;

export const ZBasket = z.object({
  empty: z.boolean(),
  period: ZBasketPeriod,
  items: z.array(ZBasketItem),
  /** Every item, children included, flat. */
  allBasketItems: z.array(ZConnectedItem),
  domainIsMissingForHosting: z.boolean(),
  hasDiscount: z.boolean(),
  /** VAT rate as a fraction: 0.21. */
  includeVatRate: z.number(),
  totalPricePerPeriodIncludeTax: z.number().int(),
  totalPricePerPeriodExcludeTax: z.number().int(),
  totalTaxPricePerPeriod: z.number().int(),
  totalDiscountPerPeriodExcludeTax: z.number().int(),
});
export type TBasket = z.infer<typeof ZBasket>;

/** `POST /api/bestelprocedure/addItem`. `title` or `value` carries the domain, URL or transfer code. */
export const ZAddItemRequest = z
  .object({
    productId: z.coerce.number().int().positive(),
    productCode: z.string().min(1).max(60),
    title: z.string().trim().min(1).max(255).optional(),
    value: z.string().trim().min(1).max(255).optional(),
    parentId: z.string().max(64).optional(),
    unique: z.string().max(64).optional(),
    transferDnsLater: z.boolean().optional(),
    dnsProfileId: z.coerce.number().int().positive().optional(),
  })
  .refine((r) => r.title !== undefined || r.value !== undefined, { message: 'title or value is required', path: ['title'] });
export type TAddItemRequest = z.infer<typeof ZAddItemRequest>;

export const ZRemoveItemRequest = z.object({ unique: z.string().min(1).max(64) });
export type TRemoveItemRequest = z.infer<typeof ZRemoveItemRequest>;

export const ZRemoveDomainRequest = z.object({ domainName: z.string().trim().toLowerCase().min(1).max(255) });
export type TRemoveDomainRequest = z.infer<typeof ZRemoveDomainRequest>;
