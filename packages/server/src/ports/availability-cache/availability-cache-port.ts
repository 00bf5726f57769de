import type { TAvailabilityStatus } from '@kavel/core';

/**
 * Where definite availability answers (free, taken, quarantine) are kept for a while. Adapters:
 * `memory` (one process: the embedded database), `database` (a table every process reads) and
 * `redis` (`REDIS_URL`). With several processes the cache must be shared: `forget` then clears a
 * domain for every process at once, so none reports a domain free that the shop just registered.
 */
export interface AvailabilityCachePort {
  readonly name: 'memory' | 'database' | 'redis';
  get(domain: string): Promise<TAvailabilityStatus | null>;
  /** The remembered answers among `domains`, with one call: a search asks about forty at once. */
  getMany(domains: readonly string[]): Promise<Map<string, TAvailabilityStatus>>;
  /**
   * Keeps `status` for `ttlSeconds`. `askedAt` (ms since the epoch; default now) is when the
   * registry was asked: an answer asked before the domain's last `forget` is not kept, so a lookup
   * that was under way when the shop registered the domain cannot put 'free' back.
   */
  set(domain: string, status: TAvailabilityStatus, ttlSeconds: number, askedAt?: number): Promise<void>;
  forget(domain: string): Promise<void>;
}
