import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
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

/** Redis (`REDIS_URL`): one script per hit; keys start with `keyPrefix`. */
export function createRedisCounters(client: Redis, keyPrefix: string): CounterPort {
  const limiter = new RateLimiterRedis({ storeClient: client, points: 1, duration: 60, keyPrefix: `${keyPrefix}counter` });
  return { name: 'redis', hit: counterOn(limiter), redis: { client, keyPrefix } };
}
