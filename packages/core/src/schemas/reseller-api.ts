import { z } from 'zod';
import { ZDnsRecordStored } from '../dns/record.ts';
import { ZAvailabilityStatus } from './availability.ts';
import { DOMAIN_INPUT_PROBLEMS } from '../domain-name.ts';
import { ZBasketPeriod, ZProductType } from './basket.ts';
import { ZOrderStatus } from './orders.ts';
import { ZTransferCode } from './services.ts';
import { ZWhoisHolderForm } from './whois.ts';
import { requiredSafeText, ZPathId } from './safe-text.ts';

/** What a reseller API key may do; a call needs the scope it names (see the reseller API contracts). */
export const API_KEY_SCOPES = ['availability:read', 'domains:read', 'dns:read', 'dns:write', 'orders:read', 'orders:write'] as const;
export const ZApiKeyScope = z.enum(API_KEY_SCOPES);
export type TApiKeyScope = z.infer<typeof ZApiKeyScope>;

/** A key as the account page lists it: never its secret, only the prefix that names it. */
export const ZApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(ZApiKeyScope),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

/** A new key: a name to tell it apart and at least one scope, each once. */
export const ZApiKeyCreate = z.object({
  name: requiredSafeText(80),
  scopes: z
    .array(ZApiKeyScope, { error: 'apiKeyScopes' })
    .min(1, { error: 'apiKeyScopes' })
    .max(API_KEY_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, { error: 'id' }),
});
export type TApiKeyCreate = z.input<typeof ZApiKeyCreate>;

/** The answer to creating a key: the key, and its secret, shown this once and never again. */
export const ZApiKeyCreated = z.object({ key: ZApiKey, secret: z.string() });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;

/** A domain name in a reseller API path: lower-case ASCII (Punycode for an IDN). */
export const ZResellerDomainParams = z.object({
  domain: z
    .string()
    .max(253, { error: 'tooLong' })
    .regex(/^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/, { error: 'domain' }),
});
export const ZResellerRecordParams = ZResellerDomainParams.extend({ recordId: ZPathId });

/** `?domain=` of the availability call: one full domain name. */
export const ZResellerAvailabilityQuery = z.object({ domain: z.string().trim().toLowerCase().min(3, { error: 'domain' }).max(253, { error: 'tooLong' }) });
/** Why a name is `invalid`: a rule of its name part (`domainLabelProblem`), or an extension the shop does not sell. */
export const ZAvailabilityRefusal = z.enum([...DOMAIN_INPUT_PROBLEMS, 'unknown-extension']);
export const ZResellerAvailability = z.object({
  domain: z.string(),
  status: ZAvailabilityStatus,
  /** With `invalid` only: which rule the name breaks, and the sentence the shop's search field shows for it, in the caller's language. */
  reason: ZAvailabilityRefusal.optional(),
  detail: z.string().optional(),
});
export type TResellerAvailability = z.infer<typeof ZResellerAvailability>;

/** One of the reseller's own domains. */
export const ZResellerDomain = z.object({ name: z.string(), status: z.string(), registeredAt: z.string(), expiresAt: z.string().nullable() });
export type TResellerDomain = z.infer<typeof ZResellerDomain>;

/** A record of a domain's zone as the reseller API answers it: its id (for changes) and TTL. */
export const ZResellerDnsRecord = ZDnsRecordStored.extend({ id: z.number().int(), ttl: z.number().int() });
export const ZResellerDnsRecords = z.object({ domain: z.string(), records: z.array(ZResellerDnsRecord) });
export type TResellerDnsRecords = z.infer<typeof ZResellerDnsRecords>;

/**
 * `Idempotency-Key` of a write: the caller's own id of the attempt (8 to 100 letters, digits,
 * `-`, `_`, `.` or `:`). Sent again with a retry, it answers the first attempt's result instead of
 * ordering twice. Other headers pass through untouched.
 */
const ZIdempotencyKey = z
  .string({ error: 'required' })
  .trim()
  .regex(/^[A-Za-z0-9._:-]{8,100}$/, { error: 'idempotencyKey' });
/** An order needs the key. */
export const ZIdempotencyHeaders = z.looseObject({ 'idempotency-key': ZIdempotencyKey });
/** A DNS change may send one, to make its retry safe. */
export const ZOptionalIdempotencyHeaders = z.looseObject({ 'idempotency-key': ZIdempotencyKey.optional() });

/**
 * `POST /api/reseller/v1/orders`: a domain for one of the reseller's customers, registered (when
 * free) or transferred (when taken, with its code), optionally with a reseller package, for the
 * customer as holder: one of the reseller's holders by id, or a new one (it is kept with the
 * reseller's holders). Paid on account, or by direct debit with a mandate.
 */
export const ZResellerOrderRequest = z.object({
  domain: z.string().trim().toLowerCase().min(3, { error: 'domain' }).max(253, { error: 'tooLong' }),
  transferCode: ZTransferCode.optional(),
  hostingProductCode: requiredSafeText(60).optional(),
  period: ZBasketPeriod.default('YEARLY'),
  holder: z.union([z.object({ customWhoisId: z.number().int().positive() }).strict(), ZWhoisHolderForm]),
  paymentMethod: z.enum(['MANUAL_PAYMENT', 'AUTOMATIC_INCASSO']).default('MANUAL_PAYMENT'),
});
export type TResellerOrderRequest = z.input<typeof ZResellerOrderRequest>;

/** The order the reseller API placed: its lines at the reseller's prices, in cents excl. VAT. */
export const ZResellerOrder = z.object({
  orderId: z.number().int(),
  status: ZOrderStatus,
  domain: z.string(),
  holderId: z.number().int(),
  paymentMethod: z.string(),
  period: ZBasketPeriod,
  totalExcludeTax: z.number().int(),
  totalTax: z.number().int(),
  totalIncludeTax: z.number().int(),
  lines: z.array(z.object({ productType: ZProductType, productCode: z.string(), productName: z.string(), title: z.string(), price: z.number().int() })),
});
export type TResellerOrder = z.infer<typeof ZResellerOrder>;

/** `GET /api/reseller/v1/orders/{orderId}`: one of the reseller's own orders (anyone else's is 404). */
export const ZResellerOrderParams = z.object({ orderId: ZPathId });

/** The cursor of the next page: opaque to the caller (the last order's id, as the server writes it). */
export const orderCursorOf = (orderId: number) => `o${orderId.toString(36)}`;
const ZOrderCursor = z.string().transform((cursor, context) => {
  const id = /^o[0-9a-z]{1,8}$/.test(cursor) ? parseInt(cursor.slice(1), 36) : 0;
  if (id > 0 && id <= 2_147_483_647) return id;
  context.addIssue({ code: 'custom', message: 'pageCursor', input: cursor });
  return z.NEVER;
});

/** `GET /api/reseller/v1/orders?limit=&cursor=`: newest first, `limit` 1 to 100 (20), `cursor` the `nextCursor` of the page before. */
export const ZResellerOrderListQuery = z.object({
  limit: z.coerce.number({ error: 'pageLimit' }).int({ error: 'pageLimit' }).min(1, { error: 'pageLimit' }).max(100, { error: 'pageLimit' }).default(20),
  cursor: ZOrderCursor.optional(),
});

/** A step that delivers an order (`register-domain:…`, `create-hosting:…`) and how far it is. */
export const ZFulfilmentStep = z.object({ step: z.string(), state: z.enum(['pending', 'waiting', 'done', 'undone', 'failed']), attempts: z.number().int(), updatedAt: z.string() });

/** An order as the reseller API shows it: the order, its invoice and the steps that deliver it. */
export const ZResellerOrderDetail = ZResellerOrder.extend({
  createdAt: z.string(),
  invoice: z.object({ number: z.string(), closed: z.boolean(), paid: z.boolean() }),
  fulfilment: z.array(ZFulfilmentStep),
});
export type TResellerOrderDetail = z.infer<typeof ZResellerOrderDetail>;

/** A page of the reseller's orders; `nextCursor` is null on the last page. */
export const ZResellerOrderList = z.object({ data: z.array(ZResellerOrderDetail), nextCursor: z.string().nullable() });
export type TResellerOrderList = z.infer<typeof ZResellerOrderList>;
