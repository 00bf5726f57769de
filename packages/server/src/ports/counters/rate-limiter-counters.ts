import { lt } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/connect.ts';
import { sharedCounters } from '../../db/schema/index.ts';
import type { CounterPort } from './counter-port.ts';

/**
 * `penalty` adds points without judging them against a limit, so one limiter serves every
 * counter; the window of each key is the caller's (`customDuration`, whole seconds).
 */
function counterOn(limiter: RateLimiterAbstract): CounterPort['hit'] {
  return async (key, windowMs) => {
    const answer = await limiter.penalty(key, 1, { customDuration: Math.max(1, Math.ceil(windowMs / 1000)) });
    return { count: answer.consumedPoints, resetInMs: Math.max(0, answer.msBeforeNext) };
  };
}

/** One process's memory: right only while one process serves the shop (the embedded database). */
export function createMemoryCounters(): CounterPort {
  return { name: 'memory', hit: counterOn(new RateLimiterMemory({ points: 1, duration: 60, keyPrefix: 'kavel' })) };
}

/** How often the database adapter deletes windows that ended. */
const PURGE_EVERY_MS = 10 * 60_000;

/**
 * The `shared_counters` table: each hit is one `INSERT ... ON CONFLICT DO UPDATE ... RETURNING`
 * (atomic on PGlite and on a PostgreSQL server alike). Rows of ended windows are deleted now and
 * then on a hit, not by the library's own timer, which would outlive a closed database.
 */
export function createDatabaseCounters(db: Database): CounterPort {
  const limiter = new RateLimiterDrizzle({ storeClient: db, schema: sharedCounters, points: 1, duration: 60, keyPrefix: 'kavel', clearExpiredByTimeout: false });
  const hit = counterOn(limiter);
  let purgedAt = Date.now();
  return {
    name: 'database',
    async hit(key, windowMs) {
      if (Date.now() - purgedAt > PURGE_EVERY_MS) {
        purgedAt = Date.now();
        await db.delete(sharedCounters).where(lt(sharedCounters.expire, new Date()));
      }
      return hit(key, windowMs);
    },
  };
}

/** Redis (`REDIS_URL`): one script per hit; keys start with `keyPrefix`. */
export function createRedisCounters(client: Redis, keyPrefix: string): CounterPort {
  const limiter = new RateLimiterRedis({ storeClient: client, points: 1, duration: 60, keyPrefix: `${keyPrefix}counter` });
  return { name: 'redis', hit: counterOn(limiter), redis: { client, keyPrefix } };
}
