import { ZAvailabilityStatus, type TAvailabilityStatus } from '@kavel/core';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/connect.ts';
import { availabilityCache } from '../../db/schema/index.ts';
import type { AvailabilityCachePort } from './availability-cache-port.ts';

const MAX_MEMORY_ENTRIES = 50_000;
/** How often the database adapter deletes expired rows. */
const PURGE_EVERY_MS = 10 * 60_000;

const statusOrNull = (value: unknown): TAvailabilityStatus | null => {
  const parsed = ZAvailabilityStatus.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** One process's memory, the oldest entry dropped first when full. */
export function createMemoryAvailabilityCache(options: { now?: () => number } = {}): AvailabilityCachePort {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { status: TAvailabilityStatus; expiresAt: number }>();
  return {
    name: 'memory',
    async get(domain) {
      const hit = entries.get(domain);
      return hit && hit.expiresAt > now() ? hit.status : null;
    },
    async set(domain, status, ttlSeconds) {
      entries.delete(domain);
      if (entries.size >= MAX_MEMORY_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(domain, { status, expiresAt: now() + ttlSeconds * 1000 });
    },
    async forget(domain) {
      entries.delete(domain);
    },
  };
}

/** The `availability_cache` table, one row per domain. */
export function createDatabaseAvailabilityCache(db: Database, options: { now?: () => number } = {}): AvailabilityCachePort {
  const now = options.now ?? Date.now;
  let purgedAt = now();
  return {
    name: 'database',
    async get(domain) {
      const [row] = await db
        .select({ status: availabilityCache.status })
        .from(availabilityCache)
        .where(and(eq(availabilityCache.domain, domain), gt(availabilityCache.expiresAt, new Date(now()))));
      return row ? statusOrNull(row.status) : null;
    },
    async set(domain, status, ttlSeconds) {
      const expiresAt = new Date(now() + ttlSeconds * 1000);
      await db
        .insert(availabilityCache)
        .values({ domain, status, expiresAt })
        .onConflictDoUpdate({ target: availabilityCache.domain, set: { status, expiresAt } });
      if (now() - purgedAt > PURGE_EVERY_MS) {
        purgedAt = now();
        await db.delete(availabilityCache).where(lt(availabilityCache.expiresAt, new Date(now())));
      }
    },
    async forget(domain) {
      await db.delete(availabilityCache).where(eq(availabilityCache.domain, domain));
    },
  };
}

/** Redis: one key per domain that expires by itself. */
export function createRedisAvailabilityCache(client: Redis, keyPrefix: string): AvailabilityCachePort {
  const keyOf = (domain: string) => `${keyPrefix}availability:${domain}`;
  return {
    name: 'redis',
    async get(domain) {
      return statusOrNull(await client.get(keyOf(domain)));
    },
    async set(domain, status, ttlSeconds) {
      await client.set(keyOf(domain), status, 'EX', Math.max(1, Math.round(ttlSeconds)));
    },
    async forget(domain) {
      await client.del(keyOf(domain));
    },
  };
}
