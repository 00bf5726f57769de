import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import type { CounterPort } from './counter-port.ts';
import { countingAhead } from './counting-ahead.ts';

/**
 * `penalty` adds points without judging them against a limit, so one limiter serves every
 * counter; the window of each key is the caller's (`customDuration`, whole seconds).
 */
async function add(limiter: RateLimiterAbstract, key: string, windowMs: number, points: number): Promise<{ first: number; resetAt: number }> {
  const answer = await limiter.penalty(key, points, { customDuration: Math.max(1, Math.ceil(windowMs / 1000)) });
  return { first: answer.consumedPoints - points + 1, resetAt: Date.now() + Math.max(0, answer.msBeforeNext) };
}

/** One process's memory: right only while one process serves the shop (the embedded database). Every hit counts at once. */
export function createMemoryCounters(): CounterPort {
  const limiter = new RateLimiterMemory({ points: 1, duration: 60, keyPrefix: 'kavel' });
  return {
    name: 'memory',
    async hit(key, windowMs) {
      const { first, resetAt } = await add(limiter, key, windowMs, 1);
      return { count: first, resetInMs: Math.max(0, resetAt - Date.now()) };
    },
  };
}

/** Redis (`REDIS_URL`): one script per call; keys start with `keyPrefix`. Hits that name their limit are counted ahead (`countingAhead`). */
export function createRedisCounters(client: Redis, keyPrefix: string): CounterPort {
  const limiter = new RateLimiterRedis({ storeClient: client, points: 1, duration: 60, keyPrefix: `${keyPrefix}counter` });
  return countingAhead({ name: 'redis', add: (key, windowMs, points) => add(limiter, key, windowMs, points) });
}
