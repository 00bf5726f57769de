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

/**
 * The `shared_counters` table: each hit is one `INSERT ... ON CONFLICT DO UPDATE ... RETURNING`
 * (atomic on PGlite and on a PostgreSQL server alike); expired rows are deleted now and then.
 */
export function createDatabaseCounters(db: Database): CounterPort {
  const limiter = new RateLimiterDrizzle({ storeClient: db, schema: sharedCounters, points: 1, duration: 60, keyPrefix: 'kavel' });
  return { name: 'database', hit: counterOn(limiter) };
}

/** Redis (`REDIS_URL`): one script per hit; keys start with `keyPrefix`. */
export function createRedisCounters(client: Redis, keyPrefix: string): CounterPort {
  const limiter = new RateLimiterRedis({ storeClient: client, points: 1, duration: 60, keyPrefix: `${keyPrefix}counter` });
  return { name: 'redis', hit: counterOn(limiter), redis: { client, keyPrefix } };
}
