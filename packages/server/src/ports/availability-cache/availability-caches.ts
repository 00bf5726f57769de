import { ZAvailabilityStatus, type TAvailabilityStatus } from '@kavel/core';
import { and, gt, lt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/connect.ts';
import { tickBatch } from '../../db/tick-batch.ts';
import { availabilityCache } from '../../db/schema/index.ts';
import type { AvailabilityCachePort } from './availability-cache-port.ts';

const MAX_MEMORY_ENTRIES = 50_000;
/** Rows per insert of the database adapter. */
const WRITE_SLICE = 1000;
/** How often the database adapter deletes expired rows. */
const PURGE_EVERY_MS = 10 * 60_000;

const statusOrNull = (value: unknown): TAvailabilityStatus | null => {
  const parsed = ZAvailabilityStatus.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/**
 * One process's memory: at most 50,000 answers, the one used least recently dropped first when
 * full (lru-cache, whose eviction costs the same however full it is: the hand-made map before it
 * had to skip every entry it had dropped to find the oldest, which doubled a search's CPU once a
 * shop had seen 50,000 domains).
 */
export function createMemoryAvailabilityCache(options: { now?: () => number } = {}): AvailabilityCachePort {
  const entries = new LRUCache<string, TAvailabilityStatus>({ max: MAX_MEMORY_ENTRIES, ttlResolution: 0, ...(options.now ? { perf: { now: options.now } } : {}) });
  return {
    name: 'memory',
    async get(domain) {
      return entries.get(domain) ?? null;
    },
    async set(domain, status, ttlSeconds) {
      entries.set(domain, status, { ttl: ttlSeconds * 1000 });
    },
    async forget(domain) {
      entries.delete(domain);
    },
  };
}

/**
 * The `availability_cache` table, one row per domain. The reads and the writes of one turn of the
 * event loop go to the database as one statement each: a search asks about forty domains at once,
 * and a burst of a hundred searches, one statement per domain, queued on the pool for a second.
 */
export function createDatabaseAvailabilityCache(db: Database, options: { now?: () => number } = {}): AvailabilityCachePort {
  const now = options.now ?? Date.now;
  let purgedAt = now();
  const read = tickBatch<string, TAvailabilityStatus | null>(async (asked) => {
    const rows = await db
      .select({ domain: availabilityCache.domain, status: availabilityCache.status })
      .from(availabilityCache)
      .where(and(sql`${availabilityCache.domain} = any(${sql.param([...asked.keys()])}::text[])`, gt(availabilityCache.expiresAt, new Date(now()))));
    return new Map(rows.map((row) => [row.domain, statusOrNull(row.status)]));
  }, null);
  // Serial: the writes hold one connection, so a burst's writes do not queue its reads on the
  // pool, and they run in the order asked. A forget is a write of nothing: the last call for a
  // domain wins, so a forget made after a set is never undone by the set's statement.
  const write = tickBatch<string, null, { status: TAvailabilityStatus; expiresAt: Date } | null>(async (entries) => {
    const rows = [...entries].flatMap(([domain, entry]) => (entry ? [{ domain, ...entry }] : []));
    const forgotten = [...entries].flatMap(([domain, entry]) => (entry ? [] : [domain]));
    if (forgotten.length > 0) await db.delete(availabilityCache).where(sql`${availabilityCache.domain} = any(${sql.param(forgotten)}::text[])`);
    // In slices, well inside PostgreSQL's 65,535 parameters (three per row).
    for (let from = 0; from < rows.length; from += WRITE_SLICE) {
      await db
        .insert(availabilityCache)
        .values(rows.slice(from, from + WRITE_SLICE))
        .onConflictDoUpdate({ target: availabilityCache.domain, set: { status: sql`excluded.status`, expiresAt: sql`excluded.expires_at` } });
    }
    if (now() - purgedAt > PURGE_EVERY_MS) {
      purgedAt = now();
      await db.delete(availabilityCache).where(lt(availabilityCache.expiresAt, new Date(now())));
    }
    return new Map();
  }, null, { serial: true });
  return {
    name: 'database',
    get: (domain) => read(domain),
    async set(domain, status, ttlSeconds) {
      await write(domain, { status, expiresAt: new Date(now() + ttlSeconds * 1000) });
    },
    async forget(domain) {
      await write(domain, null);
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
