import { z } from 'zod';
import { safeText, ZFormDbId } from './safe-text.ts';
import { ZDomainKind, ZOrderPeriod, ZProductCode, ZProductType } from './basket.ts';
import { ZPaymentMethodCode } from './checkout.ts';
import { ZSslStatus } from './customer-products.ts';

/**
 * Orders, payments and invoices as the browser sees them (spec 001 sections 2, 3 and 4), and the
 * account lists the order summary links to.
 */

/**
 * Payment status (spec 001 section 4). ANNOUNCED is ours: the order was announced to the
 * provider and not yet paid; the others are the provider's.
 */
export const ZPaymentStatus = z.enum(['ANNOUNCED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED', 'EXPIRED']);
export type TPaymentStatus = z.infer<typeof ZPaymentStatus>;

/** Which status may follow which; a report that does not fit (late, replayed) changes nothing. */
export const PAYMENT_TRANSITIONS: Readonly<Record<TPaymentStatus, readonly TPaymentStatus[]>> = {
  ANNOUNCED: ['IN_PROGRESS', 'COMPLETED', 'CANCELLED', 'EXPIRED'],
  IN_PROGRESS: ['COMPLETED', 'CANCELLED', 'EXPIRED'],
  COMPLETED: [],
  CANCELLED: [],
  EXPIRED: [],
};

export function canMovePayment(from: TPaymentStatus, to: TPaymentStatus): boolean {
  return PAYMENT_TRANSITIONS[from].includes(to);
}

/** `GET /api/bestellen/{id}/betalingsstatus`, polled every 2 s; null before any payment. */
export const ZPaymentStatusAnswer = z.object({ lastOmnikassaStatus: ZPaymentStatus.nullable() });
export type TPaymentStatusAnswer = z.infer<typeof ZPaymentStatusAnswer>;
export const PAYMENT_STATUS_POLL_MS = 2000;

/** `POST /api/bestellen/{id}/betaling`: the provider's page for this order (a new attempt after a cancel). */
export const ZPaymentLink = z.object({ url: z.string() });
export type TPaymentLink = z.infer<typeof ZPaymentLink>;

/**
 * Where an order is in its life; moves only along `ORDER_TRANSITIONS`. AWAITING_PAYMENT: paid
 * online, not yet paid. CONFIRMED: paid, or on account / by direct debit; fulfilment runs.
 * FULFILLED: every product delivered. FULFILMENT_FAILED: a step failed and what was done is
 * undone; a retry may still complete it.
 */
export const ZOrderStatus = z.enum(['AWAITING_PAYMENT', 'CONFIRMED', 'FULFILLED', 'FULFILMENT_FAILED']);
export type TOrderStatus = z.infer<typeof ZOrderStatus>;
export const ORDER_TRANSITIONS: Readonly<Record<TOrderStatus, readonly TOrderStatus[]>> = {
  AWAITING_PAYMENT: ['CONFIRMED'],
  CONFIRMED: ['FULFILLED', 'FULFILMENT_FAILED'],
  FULFILMENT_FAILED: ['FULFILLED', 'FULFILMENT_FAILED'],
  FULFILLED: [],
};
export function canMoveOrder(from: TOrderStatus, to: TOrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** The product rows of the order summary (spec 001 section 2): one type per row. */
export const ZOrderItemType = z.enum(['domain', 'ssl', 'sslmultidomains', 'cloudflare', 'hosting', 'vpspackage', 'redirect']);
export type TOrderItemType = z.infer<typeof ZOrderItemType>;

/** 'Continue to product' targets by type (spec 001 section 2). */
export function continueToProductPath(type: TOrderItemType): string {
  switch (type) {
    case 'domain':
    case 'ssl':
    case 'cloudflare':
    case 'redirect':
      return '/account/diensten/domeinen/';
    case 'hosting':
      return '/account/diensten/hostingpakketten/';
    case 'vpspackage':
      return '/account/diensten/vpsen/';
    default:
      return '/account/';
  }
}

/** A line of an order: what was bought, priced when it was bought (cents excl. VAT for the period). */
export const ZOrderLine = z.object({
  productType: ZProductType,
  productId: z.number().int(),
  productCode: z.string(),
  productName: z.string(),
  title: z.string(),
  /** The domain this line belongs to (its own title for a domain). */
  domain: z.string(),
  /** A domain line's kind: registered, transferred, or the customer's own already (null for other lines). */
  domainKind: ZDomainKind.nullable(),
  price: z.number().int(),
  originalPrice: z.number().int(),
});
export type TOrderLine = z.infer<typeof ZOrderLine>;

/**
 * `GET /api/bestellen/{id}`: the order summary. `closed`: the order made a new invoice of its own
 * (online payment, direct debit); open: it was added to the customer's open invoice (pay on account).
 */
export const ZOrder = z.object({
  id: z.number().int(),
  status: ZOrderStatus,
  paymentMethod: ZPaymentMethodCode,
  period: ZOrderPeriod,
  createdAt: z.string(),
  /** The main row's type (the first domain, or the package): decides 'continue to product'. */
  item: z.object({ type: ZOrderItemType, title: z.string(), productName: z.string() }),
  lines: z.array(ZOrderLine),
  amount: z.object({ value: z.number().int(), currency: z.literal('EUR') }),
  totalExcludeTax: z.number().int(),
  totalTax: z.number().int(),
  administrativeCost: z.number().int(),
  /** The discount code's saving, already taken off `totalExcludeTax` (0 without a code), as the invoice shows it. */
  discountExcludeTax: z.number().int(),
  discountCode: z.string().nullable(),
  closed: z.boolean(),
  invoiceId: z.number().int(),
  invoiceNumber: z.string(),
  lastPaymentStatus: ZPaymentStatus.nullable(),
  /**
   * Transfers the registry accepted that wait for the losing registrar, with when the registry
   * expects them to complete (ISO; null when it does not say). The rest of the order's products
   * are delivered meanwhile; the domain follows once the transfer completes.
   */
  pendingTransfers: z.array(z.object({ domain: z.string(), expectedAt: z.string().nullable() })),
});
export type TOrder = z.infer<typeof ZOrder>;

/** `GET /api/account/domeinen`: the customer's domains. */
export const ZCustomerDomain = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  registeredAt: z.string(),
  expiresAt: z.string().nullable(),
  hasHosting: z.boolean(),
  redirectTo: z.string().nullable(),
  dnsRecordCount: z.number().int(),
  /** The domain's certificate (one naming the domain or its wildcard): null when it has none. */
  sslStatus: ZSslStatus.nullable(),
  /** The certificate to download, when it is issued. */
  sslCertificateId: z.number().int().nullable(),
  /** The name of the Cloudflare plan that protects the domain, or null. */
  cloudflarePlan: z.string().nullable(),
});
export type TCustomerDomain = z.infer<typeof ZCustomerDomain>;

/** `GET /api/account/domeinen/verhuizingen`: a domain the customer ordered as a transfer, while the transfer runs (not yet in the domain list). */
export const ZDomainTransfer = z.object({
  name: z.string(),
  orderId: z.number().int(),
  /** When the registry expects the transfer to complete (ISO); null while it has not said. */
  expectedAt: z.string().nullable(),
});
export type TDomainTransfer = z.infer<typeof ZDomainTransfer>;

/** `GET /api/account/hostingpakketten`: the customer's hosting accounts. */
export const ZHostingAccount = z.object({
  id: z.number().int(),
  domain: z.string(),
  productId: z.number().int(),
  productCode: z.string(),
  productName: z.string(),
  status: z.enum(['active', 'suspended', 'cancelled']),
  username: z.string(),
  cmsInstall: z.string().nullable(),
  extras: z.array(z.object({ productId: z.number().int(), productCode: z.string(), productName: z.string() })),
  createdAt: z.string(),
});
export type THostingAccount = z.infer<typeof ZHostingAccount>;

/** `GET /api/account/facturen`: the customer's invoices, newest first. */
export const ZInvoiceSummary = z.object({
  id: z.number().int(),
  number: z.string(),
  date: z.string(),
  closed: z.boolean(),
  paid: z.boolean(),
  totalExcludeTax: z.number().int(),
  totalIncludeTax: z.number().int(),
  /** A credit note's: the number of the invoice it corrects (its totals are negative); null on an invoice. */
  correctsNumber: z.string().nullable(),
});
export type TInvoiceSummary = z.infer<typeof ZInvoiceSummary>;

/** `POST /account/diensten-toevoegen` (form post, spec 000 section 7): extras for a hosting package. */
export const ZAddExtraServicesForm = z.object({
  _csrf: safeText(200).optional().default(''),
  hostingPackageId: ZFormDbId,
  /** JSON list of `{productId, productCode}` (the spec's form), or the list itself. */
  extraServices: z.union([z.string().max(10_000), z.array(z.object({ productId: ZFormDbId, productCode: ZProductCode })).max(20)]),
});
export type TAddExtraServicesForm = z.input<typeof ZAddExtraServicesForm>;

/** Where the extra-services page goes on success (spec 001 section 2). */
export const EXTRA_SERVICES_DONE_PAGE = { customer: '/bestelprocedure?hostingUpgrade=true#step-2', reseller: '/bestelprocedure-reseller' } as const;

/**
 * `GET /api/bestellen/additionalProducts` (spec 001 'Additional product prices'): the order
 * summary's recommended products, each the lowest monthly 'from' price in cents excl. VAT (a
 * yearly price divided by 12, rounded up), or null when the catalogue sells no such product.
 */
export const ZAdditionalProductPrices = z.object({
  domain: z.number().int().nullable(),
  sharedHosting: z.number().int().nullable(),
  sslCertificate: z.number().int().nullable(),
  vpsHosting: z.number().int().nullable(),
  cloudflare: z.number().int().nullable(),
});
export type TAdditionalProductPrices = z.infer<typeof ZAdditionalProductPrices>;

/** The provider's signed parameters on `GET /betaling/terug` (checked by the payment port). */
export const ZPaymentReturnQuery = z.object({
  order_id: safeText(100).optional(),
  status: safeText(40).optional(),
  signature: safeText(1024).optional(),
});
export type TPaymentReturnQuery = z.infer<typeof ZPaymentReturnQuery>;
