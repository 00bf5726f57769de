/**
 * The reseller API's limits when the configuration names none (`config-env.ts` takes them as its
 * defaults). The per-reseller allowance bounds a reseller with several keys: without it, every key
 * made would add a key's allowance.
 */
export const DEFAULT_RESELLER_API_LIMITS = {
  /** Calls per minute per key. */
  perKeyPerMinute: 120,
  /** Calls per minute per reseller, all its keys together. */
  perResellerPerMinute: 300,
  /** Keys a reseller may have that are not revoked. */
  activeKeys: 10,
} as const;
