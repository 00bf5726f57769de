import { z } from 'zod';
import { ZVpsSpec } from './order-products.ts';

/** Where a certificate stands: ordered and being validated, issued, validation failed, or revoked. */
export const ZSslStatus = z.enum(['pending', 'issued', 'failed', 'revoked']);
export type TSslStatus = z.infer<typeof ZSslStatus>;

/** `GET /api/account/vpsen`: the customer's virtual servers (spec 001's continue-to-product target for a VPS package). */
export const ZVps = z.object({
  id: z.number().int(),
  /** The server's host name. */
  name: z.string(),
  productCode: z.string(),
  /** The package's name (its code when the catalogue no longer has it). */
  productName: z.string(),
  spec: ZVpsSpec,
  /** `provisioning` while it boots, then `running`. */
  status: z.enum(['provisioning', 'running']),
  ipv4: z.string().nullable(),
  ipv6: z.string().nullable(),
  createdAt: z.string(),
});
export type TVps = z.infer<typeof ZVps>;

const ZQueryFlag = z.enum(['true', 'false']).optional();

/** `GET /api/bestellen/domeinen` (spec 001 section 7): which extras to resolve per domain. */
export const ZOrderAppDomainsQuery = z.object({
  resolveSslStatus: ZQueryFlag,
  resolveCloudflareStatus: ZQueryFlag,
});
export type TOrderAppDomainsQuery = z.infer<typeof ZOrderAppDomainsQuery>;

/**
 * Spec 001 section 3's 'domain for customer': the order app lets the customer choose the domain a
 * Cloudflare plan protects (those with `cloudflare: true` are on a plan already). `cloudflare` is
 * always answered, `resolveCloudflareStatus` or not; `sslStatus` is there only when
 * `resolveSslStatus=true` was asked (null: no certificate).
 */
export const ZOrderAppDomain = z.object({
  id: z.number().int(),
  name: z.string(),
  cloudflare: z.boolean(),
  sslStatus: ZSslStatus.nullable().optional(),
});
export type TOrderAppDomain = z.infer<typeof ZOrderAppDomain>;
