/**
 * How the shop puts a customer's domain behind Cloudflare on a paid plan. Adapters: `simulated`
 * (default) and `api` (Cloudflare API v4). `protect` is idempotent: the zone is found by its name
 * first, so a repeat answers the zone that exists and only sets its plan again. Expected failures
 * are answers, never throws.
 */

export type CloudflarePlan = 'pro' | 'business';

export interface ProtectRequest {
  /** Ours: the order line that asks for it (`order-12:<unique>`). */
  clientRef: string;
  domain: string;
  plan: CloudflarePlan;
}

/** `unknown`: Cloudflare has no such zone. */
export type CloudflareFailure = { ok: false; reason: 'unreachable' | 'refused' | 'unknown'; detail?: string };

/** `pending` until Cloudflare sees its name servers on the domain, then `active`. */
export type ZoneStatus = 'pending' | 'active';

export type ProtectAnswer = { ok: true; zoneId: string; nameservers: string[]; status: ZoneStatus } | CloudflareFailure;
export type ZoneStatusAnswer = { ok: true; zoneId: string; nameservers: string[]; status: ZoneStatus } | CloudflareFailure;
export type RemoveZoneAnswer = { ok: true } | CloudflareFailure;

export interface CloudflarePort {
  readonly name: string;
  protect(request: ProtectRequest): Promise<ProtectAnswer>;
  status(zoneId: string): Promise<ZoneStatusAnswer>;
  /** Undo of `protect`. */
  remove(zoneId: string): Promise<RemoveZoneAnswer>;
}
