import { z } from 'zod';
import { ZProductType } from './basket.ts';

const ZCents = z.number().int();

/** A domain extension as sold: prices per year in cents excluding VAT. */
export const ZDomainExtensionProduct = z.object({
  productId: z.number().int(),
  productCode: z.string(),
  /** The extension with its dot, as shown: `.nl`. */
  productName: z.string(),
  /** The extension without dot: `nl`. */
  extension: z.string(),
  /** Regular yearly price. */
  originalPrice: ZCents,
  /** Welcome price for the first year. */
  discountedPrice: ZCents,
  /** Price of transferring the domain in (includes a year). */
  transferPrice: ZCents,
});
export type TDomainExtensionProduct = z.infer<typeof ZDomainExtensionProduct>;

export const ZHostingFeature = z.object({ key: z.string(), value: z.string().optional() });

/** A hosting package: prices per month in cents excluding VAT. */
export const ZHostingPackage = z.object({
  productId: z.number().int(),
  productCode: z.string(),
  productName: z.string(),
  originalPrice: ZCents,
  discountedPrice: ZCents,
  reseller: z.boolean(),
  mostChosen: z.boolean(),
  diskSpace: z.string(),
  dataTraffic: z.string(),
  features: z.array(z.string()),
});
export type THostingPackage = z.infer<typeof ZHostingPackage>;

/** An extra service: price per year in cents excluding VAT. */
export const ZExtraService = z.object({
  productId: z.number().int(),
  productCode: z.string(),
  productName: z.string(),
  price: ZCents,
});
export type TExtraService = z.infer<typeof ZExtraService>;

export const ZFreeInstall = z.object({ productId: z.number().int(), productCode: z.string(), productName: z.string() });
export type TFreeInstall = z.infer<typeof ZFreeInstall>;

/**
 * Products of the basket that are not domains, hosting, extras or installs: the redirect (price per
 * year) and the transfer code (free). Their ids and codes are what `addItem` expects.
 */
export const ZBasketProduct = z.object({
  productId: z.number().int(),
  productCode: z.string(),
  productType: ZProductType.extract(['REDIRECT', 'TRANSFER_CODE']),
  productName: z.string(),
  /** Cents excluding VAT per year. */
  price: ZCents,
});
export type TBasketProduct = z.infer<typeof ZBasketProduct>;

export const ZCountry = z.object({ id: z.number().int(), code: z.string().length(2), country: z.string(), country_en: z.string() });
export type TCountry = z.infer<typeof ZCountry>;

export const ZCatalogue = z.object({
  extensions: z.array(ZDomainExtensionProduct),
  hostingPackages: z.array(ZHostingPackage),
  extraServices: z.array(ZExtraService),
  freeInstalls: z.array(ZFreeInstall),
  basketProducts: z.array(ZBasketProduct),
});
export type TCatalogue = z.infer<typeof ZCatalogue>;

const EXTENSION_PAGE_SUFFIX = '-domeinnaam-registreren';

/** `/domeinnaam/domeinextensie/{extension}-domeinnaam-registreren` (spec 001 section 2): the extension from the page's path segment. */
export const ZExtensionPageParams = z
  .object({
    page: z
      .string()
      .toLowerCase()
      .regex(/^[a-z0-9-]{2,63}-domeinnaam-registreren$/),
  })
  .transform(({ page }) => ({ extension: page.slice(0, -EXTENSION_PAGE_SUFFIX.length) }));
