import { z } from 'zod';

const ZCents = z.number().int().nonnegative();

/**
 * The single products the order app sells besides domains and hosting (spec 001 sections 3 and
 * 9): SSL certificates, Cloudflare plans and VPS packages. Prices in cents excluding VAT for one
 * `period`: certificates per year ('p/j'), plans and packages per month ('p/m').
 */
const product = {
  productId: z.number().int(),
  productCode: z.string(),
  productName: z.string(),
  price: ZCents,
};

/** A certificate: `ssl` for one name (or a wildcard), `sslmultidomains` for several names. */
export const ZSslProduct = z.object({
  ...product,
  type: z.enum(['ssl', 'sslmultidomains']),
  period: z.literal('YEARLY'),
  brand: z.string(),
  /** DV: the domain is checked; OV: the organisation too; EV: extended checks. */
  validation: z.enum(['DV', 'OV', 'EV']),
  /** The issuer's warranty in whole euros (spec 001 section 9). */
  insuredValue: z.number().int().positive(),
  wildcard: z.boolean(),
  /** Names the price covers (1 unless multi-domain). */
  includedNames: z.number().int().positive(),
  /** Price per year of each name beyond `includedNames`, or null when no more can be added. */
  extraNamePrice: ZCents.nullable(),
});
export type TSslProduct = z.infer<typeof ZSslProduct>;

/** A Cloudflare plan for one of the customer's domains. */
export const ZCloudflarePlan = z.object({
  ...product,
  type: z.literal('cloudflare'),
  period: z.literal('MONTHLY'),
  /** Feature keys, shown through the texts. */
  features: z.array(z.string()),
});
export type TCloudflarePlan = z.infer<typeof ZCloudflarePlan>;

/** What a VPS package provides (spec 001's `vpsSpec`). */
export const ZVpsSpec = z.object({
  vCpu: z.number().int().positive(),
  memoryGb: z.number().int().positive(),
  diskGb: z.number().int().positive(),
  trafficTb: z.number().int().positive(),
});
export type TVpsSpec = z.infer<typeof ZVpsSpec>;

export const ZVpsPackage = z.object({
  ...product,
  type: z.literal('vpspackage'),
  period: z.literal('MONTHLY'),
  spec: ZVpsSpec,
});
export type TVpsPackage = z.infer<typeof ZVpsPackage>;

export const ZOrderProduct = z.discriminatedUnion('type', [ZSslProduct, ZCloudflarePlan, ZVpsPackage]);
export type TOrderProduct = z.infer<typeof ZOrderProduct>;
export type TOrderProductType = TOrderProduct['type'];

/** `GET /api/producten`: the product pages' lists, in catalogue order. */
export const ZOrderProducts = z.object({
  ssl: z.array(ZSslProduct),
  cloudflare: z.array(ZCloudflarePlan),
  vps: z.array(ZVpsPackage),
});
export type TOrderProducts = z.infer<typeof ZOrderProducts>;

/** Spec 001 section 3's shared hosting, as `GET /api/bestellen/sharedHostings` lists it (price per month). */
export const ZSharedHosting = z.object({
  productId: z.number().int(),
  productCode: z.string(),
  name: z.string(),
  /** How many websites (domains) the package hosts. */
  domainsAmount: z.number().int().positive(),
  discSpace: z.string(),
  dataTraffic: z.string(),
  originalPrice: ZCents,
  discountedPrice: ZCents,
});
export type TSharedHosting = z.infer<typeof ZSharedHosting>;
