import { z } from 'zod';
import { ZOrderAppPeriod } from './basket.ts';
import { ZLocalBasket } from './local-basket.ts';
import { ZVpsSpec } from './order-products.ts';
import { ZOrderItemType } from './orders.ts';

/** A product of the customer's that an order-app item changes or is for (spec 001 section 3). */
export const ZExistingDomainProduct = z.object({ id: z.number().int(), title: z.string() });
export type TExistingDomainProduct = z.infer<typeof ZExistingDomainProduct>;

/**
 * An item of the order app's basket (spec 001 section 3), priced by the server for the basket's
 * period: `productPrice` is what it costs per period without a discount, `discountedPrice` with
 * it (null without a discount, with `discountReason`). `available`: a domain that is free to
 * register; a taken one is a transfer and needs its `token` (the transfer code). `monthlyPrice`
 * is the price per month of a product charged per month.
 */
export const ZOrderBasketItem = z.object({
  productId: z.number().int(),
  productCode: z.string(),
  productName: z.string(),
  type: ZOrderItemType,
  title: z.string(),
  token: z.string().nullable(),
  transferDnsLater: z.boolean(),
  redirection: z.string().nullable(),
  assignedDomain: z.string().nullable(),
  assignedDomains: z.array(z.string()),
  commonName: z.string().nullable(),
  softwareId: z.number().int().nullable(),
  vpsSpec: ZVpsSpec.nullable(),
  /** The hosting package this item replaces (an upgrade), or null. */
  existingDomainProduct: ZExistingDomainProduct.nullable(),
  /** The customer's domains the item can be for (hosting, Cloudflare). */
  existingDomainProducts: z.array(ZExistingDomainProduct),
  productPrice: z.number().int(),
  discountedPrice: z.number().int().nullable(),
  discountReason: z.string().nullable(),
  monthlyPrice: z.number().int().nullable(),
  available: z.boolean(),
});
export type TOrderBasketItem = z.infer<typeof ZOrderBasketItem>;

/**
 * `GET /api/bestellen/` and `PUT /api/bestellen/items-omzetten`: the order app's basket, priced
 * on the server in cents. The administration fee counts in the last total only when
 * `administrativeCostShouldBeAdded`; `vatRate` is a fraction (0.21).
 */
export const ZOrderBasket = z.object({
  items: z.array(ZOrderBasketItem),
  empty: z.boolean(),
  period: ZOrderAppPeriod,
  /** The periods this basket can be paid per (only YEARLY when it holds a product charged per year). */
  periods: z.array(ZOrderAppPeriod),
  administrativeCost: z.number().int(),
  administrativeCostShouldBeAdded: z.boolean(),
  totalPricePerPeriodExcludeTax: z.number().int(),
  totalTaxPricePerPeriod: z.number().int(),
  totalPricePerPeriodIncludeTax: z.number().int(),
  totalPricePerPeriodIncludeTaxAndAdministrativeCost: z.number().int(),
  vatRate: z.number(),
});
export type TOrderBasket = z.infer<typeof ZOrderBasket>;

/** `DELETE /api/bestellen/`: where the browser goes after a cancel. */
export const ZOrderAppCancelled = z.object({ redirectUrl: z.string() });
export type TOrderAppCancelled = z.infer<typeof ZOrderAppCancelled>;

/**
 * `POST /api/bestellen/` and `POST /api/bestellen/send-omnikassa`: the basket to order (the
 * stored local basket with the summary's choices; without it, the one the server holds) and the
 * attempt's id, so a repeat of the same submit answers the same order.
 */
export const ZOrderAppOrderRequest = z.object({
  basket: ZLocalBasket.optional(),
  requestId: z.string().min(8).max(100).regex(/^[\w-]+$/).optional(),
});
export type TOrderAppOrderRequest = z.infer<typeof ZOrderAppOrderRequest>;

/** Both order calls answer the order's id (and where the browser goes next). */
export const ZOrderAppOrderPlaced = z.object({ orderId: z.number().int(), returnUrl: z.string() });
export type TOrderAppOrderPlaced = z.infer<typeof ZOrderAppOrderPlaced>;
