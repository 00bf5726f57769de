/**
 * The setups the benchmarks measure the shop in, each as the product composes it: PGlite (one
 * process: counters and caches in memory), PostgreSQL without Redis (the shared tables) when
 * `TEST_DATABASE_URL` names a server, and that PostgreSQL with Redis (`REDIS_URL`: counters,
 * caches and cache events on Redis, as a shop of several processes is advised to run) when a
 * Redis answers too.
 */
import { databaseKinds, findTestRedis, openTestRedis, type DatabaseKind, type TestRedis } from '@kavel/server/testing';
import type { Database } from '../packages/server/src/db/connect.ts';
import { createDatabaseCounters, createMemoryCounters, createRedisCounters } from '../packages/server/src/ports/counters/index.ts';
import type { CounterPort } from '../packages/server/src/ports/counters/counter-port.ts';

export interface Setup {
  kind: DatabaseKind;
  /** Given when the shop runs with `REDIS_URL`; its keys carry a prefix of their own. */
  redis: TestRedis | null;
  /** `pglite`, `postgres` or `postgres + redis`. */
  name: string;
}

/** The shared counters (the request rate limit, the free searches) the product picks for `setup`. */
export function productCounters({ kind, redis }: Setup): CounterPort | ((db: Database) => CounterPort) {
  if (redis) return createRedisCounters(redis.client, redis.keyPrefix);
  return kind.name === 'postgres' ? (db) => createDatabaseCounters(db) : createMemoryCounters();
}

/** Runs `measure` in every setup this machine offers, one after the other; answers a line per setup it skipped. */
export async function inEverySetup(measure: (setup: Setup) => Promise<void>): Promise<string[]> {
  for (const kind of databaseKinds) await measure({ kind, redis: null, name: kind.name });
  const postgres = databaseKinds.find((kind) => kind.name === 'postgres');
  if (!postgres) return ['PostgreSQL skipped: TEST_DATABASE_URL is not set'];
  const redisUrl = await findTestRedis();
  if (!redisUrl) return ['PostgreSQL with Redis skipped: no Redis answers'];
  const redis = await openTestRedis(redisUrl);
  try {
    await measure({ kind: postgres, redis, name: `${postgres.name} + redis` });
  } finally {
    await redis.close();
  }
  return [];
}
