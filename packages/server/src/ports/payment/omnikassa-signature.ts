import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TPaymentStatus } from '@kavel/core';
import { z } from 'zod';
import type { ReturnAnswer } from './payment-port.ts';

/**
 * Rabo Smart Pay (Omnikassa 2.0) message signing, as the official SDKs do it (followed: Java SDK
 * 1.17.x `model/Signable.java`, `model/response/*`; PHP SDK 1.18.2 `model/signing/Signable.php`,
 * `model/response/*`): the signed fields are joined with ',' (a missing value is an empty
 * string) and signed with HMAC-SHA512 under the base64-DECODED signing key; the signature is
 * lowercase hex. The simulated provider signs its own messages the same way with its own key.
 */

/** The dashboard shows the signing key base64-encoded; the SDKs decode it before use. */
export function decodeSigningKey(base64: string): Buffer {
  return Buffer.from(base64, 'base64');
}

export function signParts(parts: readonly string[], key: Buffer): string {
  return createHmac('sha512', key).update(parts.join(','), 'utf8').digest('hex');
}

/** Constant-time comparison of a presented hex signature with the expected one. */
export function signatureMatches(presented: unknown, expected: string): boolean {
  if (typeof presented !== 'string') return false;
  const a = Buffer.from(presented, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The provider's order statuses that are ours too; anything else is not understood (null). */
export function paymentStatusOf(status: string): TPaymentStatus | null {
  switch (status) {
    case 'COMPLETED':
    case 'CANCELLED':
    case 'EXPIRED':
    case 'IN_PROGRESS':
      return status;
    default:
      return null;
  }
}

/** The return URL's `order_id,status` (SDK `PaymentCompletedResponse`). */
export function returnSignatureParts(orderId: string, status: string): string[] {
  return [orderId, status];
}

/**
 * Checks the return URL's `order_id`, `status` and `signature` (constant time). The SDK also
 * refuses values outside [0-9A-Za-z] / [A-Z_] / [0-9a-f]; such values never match a signature.
 */
export function verifySignedReturn(query: Record<string, string | undefined>, key: Buffer): ReturnAnswer {
  const orderId = query['order_id'];
  const status = query['status'];
  const signature = query['signature'];
  // A repeated parameter arrives as an array: that is no signed return either.
  if (typeof orderId !== 'string' || typeof status !== 'string' || typeof signature !== 'string' || !orderId || !status || !signature) {
    return { ok: false, reason: 'missing' };
  }
  if (!signatureMatches(signature, signParts(returnSignatureParts(orderId, status), key))) return { ok: false, reason: 'bad-signature' };
  return { ok: true, merchantOrderId: orderId, status: paymentStatusOf(status) };
}

const ZId = z.union([z.number().int(), z.string()]);
const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The webhook's JSON body (SDK `ApiNotification` / `AnnouncementResponse`). */
export const ZOmnikassaNotification = z.object({
  authentication: z.string().min(1),
  expiry: z.string().min(1),
  eventName: z.string().min(1),
  poiId: ZId,
  signature: z.string(),
});
export type TOmnikassaNotification = z.infer<typeof ZOmnikassaNotification>;

export function notificationSignatureParts(n: Omit<TOmnikassaNotification, 'signature'>): string[] {
  return [n.authentication, n.expiry, n.eventName, text(n.poiId)];
}

const ZMoney = z.object({ currency: z.string(), amount: z.union([z.number(), z.string()]) });

/** A payment transaction inside an order result (PHP SDK 1.15+, Java SDK: `TransactionInfo`). */
const ZTransaction = z.object({
  id: z.string(),
  paymentBrand: z.string(),
  type: z.string(),
  status: z.string(),
  amount: ZMoney,
  confirmedAmount: ZMoney.nullish(),
  startTime: z.string(),
  lastUpdateTime: z.string(),
});

export const ZOmnikassaOrderResult = z.object({
  merchantOrderId: z.string(),
  omnikassaOrderId: z.string(),
  poiId: ZId,
  orderStatus: z.string(),
  orderStatusDateTime: z.string(),
  errorCode: z.string().nullish(),
  paidAmount: ZMoney,
  totalAmount: ZMoney,
  transactions: z.array(ZTransaction).optional(),
});
export type TOmnikassaOrderResult = z.infer<typeof ZOmnikassaOrderResult>;

/** `GET order/server/api/events/results/{eventName}` (SDK `MerchantOrderStatusResponse`). */
export const ZOmnikassaResultsPage = z.object({
  moreOrderResultsAvailable: z.boolean(),
  orderResults: z.array(ZOmnikassaOrderResult),
  signature: z.string(),
});
export type TOmnikassaResultsPage = z.infer<typeof ZOmnikassaResultsPage>;

const moneyParts = (money: z.infer<typeof ZMoney> | null | undefined) => [text(money?.currency), text(money?.amount)];

/**
 * moreOrderResultsAvailable, then per result: merchantOrderId, omnikassaOrderId, poiId,
 * orderStatus, orderStatusDateTime, errorCode, paidAmount (currency, amount), totalAmount
 * (currency, amount), then per transaction: id, paymentBrand, type, status, amount (currency,
 * amount), confirmedAmount (currency, amount; empty when absent), startTime, lastUpdateTime.
 */
export function resultsSignatureParts(page: Omit<TOmnikassaResultsPage, 'signature'>): string[] {
  const parts = [String(page.moreOrderResultsAvailable)];
  for (const r of page.orderResults) {
    parts.push(r.merchantOrderId, r.omnikassaOrderId, text(r.poiId), r.orderStatus, r.orderStatusDateTime, text(r.errorCode));
    parts.push(...moneyParts(r.paidAmount), ...moneyParts(r.totalAmount));
    for (const t of r.transactions ?? []) {
      parts.push(t.id, t.paymentBrand, t.type, t.status, ...moneyParts(t.amount), ...moneyParts(t.confirmedAmount), t.startTime, t.lastUpdateTime);
    }
  }
  return parts;
}

/**
 * Parses the provider's timestamps: ISO 8601, also with a zone offset without colon
 * (`2000-01-01T00:00:00.000-0200`, as in the SDK tests). NaN when unreadable.
 */
export function parseProviderTime(value: string): number {
  const normalised = value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  return Date.parse(normalised);
}
