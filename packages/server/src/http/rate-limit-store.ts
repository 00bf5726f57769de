import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { CounterPort } from '../ports/counters/counter-port.ts';

type StoreOptions = Pick<RateLimitPluginOptions, 'store'>;

interface RouteInfo {
  routeInfo?: { method?: unknown; url?: unknown };
}

/**
 * Where `@fastify/rate-limit` counts: its own store in memory when the shop is one process, and
 * otherwise the shared counters, on the database or on Redis (through a store class of the shape
 * the plugin expects: `incr` and `child`). Not the plugin's own Redis store: the shared counters
 * count ahead of a client's requests, so most requests cost no round trip.
 */
export function rateLimitStoreFor(counters: CounterPort): StoreOptions {
  if (counters.name === 'memory') return {};

  class CounterStore {
    private readonly prefix: string;
    /** The plugin constructs the store with its options; a child gets its route's prefix. */
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'http:';
    }
    incr(key: string, callback: (error: Error | null, result: { current: number; ttl: number } | null) => void, timeWindow: number, max?: number): void {
      // With the limit, far below it most requests take a count this process holds (no statement).
      counters.hit(`${this.prefix}${key}`, timeWindow, max).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.resetInMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      );
    }
    child(routeOptions: RouteInfo): CounterStore {
      return new CounterStore(`${this.prefix}${String(routeOptions.routeInfo?.method)}${String(routeOptions.routeInfo?.url)}-`);
    }
  }
  return { store: CounterStore as unknown as NonNullable<RateLimitPluginOptions['store']> };
}
