import { ZAvailabilityStatus, type TAvailabilityStatus } from '@kavel/core';
import { and, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/connect.ts';
import { textArray, timeArray } from '../../db/sql-arrays.ts';
import { tickBatch } from '../../db/tick-batch.ts';
import { availabilityCache } from '../../db/schema/index.ts';
import { CLOCK_SKEW_MS } from '../../read-cache.ts';
import type { AvailabilityCachePort } from './availability-cache-port.ts';

const MAX_MEMORY_ENTRIES = 50_000;
/** What the memory adapter's writes answer: settled at once, one promise for all. */
const DONE: Promise<void> = Promise.resolve();
/** How often the database adapter deletes expired rows. */
const PURGE_EVERY_MS = 10 * 60_000;
/**
 * How long a forget is remembered: longer than any lookup takes (the registry's timeout), so the
 * answer of a lookup under way when the domain was forgotten is refused when it comes.
 */
const FORGOTTEN_MS = 5 * 60_000;

const statusOrNull = (value: unknown): TAvailabilityStatus | null => {
  const parsed = ZAvailabilityStatus.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/**
 * One process's memory: at most 50,000 answers, the one used least recently dropped first when
 * full (lru-cache, whose eviction costs the same however full it is: the hand-made map before it
 * had to skip every entry it had dropped to find the oldest, which doubled a search's CPU once a
 * shop had seen 50,000 domains). A forget is remembered for a while, so an answer asked of the
 * registry before it is not kept.
 */
export function createMemoryAvailabilityCache(options: { now?: () => number } = {}): AvailabilityCachePort {
  const now = options.now ?? Date.now;
  const clock = options.now ? { perf: { now: options.now } } : {};
  const entries = new LRUCache<string, TAvailabilityStatus>({ max: MAX_MEMORY_ENTRIES, ttlResolution: 0, ...clock });
  const forgotten = new LRUCache<string, number>({ max: MAX_MEMORY_ENTRIES, ttl: FORGOTTEN_MS, ttlResolution: 0, ...clock });
  return {
    name: 'memory',
    async get(domain) {
      return entries.get(domain) ?? null;
    },
    async getMany(domains) {
      const found = new Map<string, TAvailabilityStatus>();
      for (const domain of domains) {
        const status = entries.get(domain);
        if (status !== undefined) found.set(domain, status);
      }
      return found;
    },
    // Not `async`: a burst of searches remembers thousands of answers at once, and one settled
    // promise serves them all.
    set(domain, status, ttlSeconds, askedAt = now()) {
      // One clock: an answer asked in the same millisecond as the forget may be from before it.
      // (Most shops forget nothing for minutes: then no lookup per answer.)
      const forgottenAt = forgotten.size === 0 ? undefined : forgotten.get(domain);
      if (forgottenAt === undefined || askedAt > forgottenAt) entries.set(domain, status, { ttl: ttlSeconds * 1000 });
      return DONE;
    },
    async forget(domain) {
      entries.delete(domain);
      forgotten.set(domain, now());
    },
  };
}

/** The answers among `domains`, read one by one from a store whose reads of a turn go out as one. */
async function answersOf(domains: readonly string[], read: (domain: string) => Promise<TAvailabilityStatus | null>): Promise<Map<string, TAvailabilityStatus>> {
  const statuses = await Promise.all(domains.map(read));
  const found = new Map<string, TAvailabilityStatus>();
  domains.forEach((domain, index) => {
    const status = statuses[index];
    if (status) found.set(domain, status);
  });
  return found;
}

type Write = { status: TAvailabilityStatus; expiresAt: Date; askedAt: Date } | { forgottenAt: Date };

/**
 * The `availability_cache` table, one row per domain. The reads and the writes of one turn of the
 * event loop go to the database as one statement each: a search asks about forty domains at once,
 * and a burst of a hundred searches, one statement per domain, queued on the pool for a second.
 *
 * A forget leaves the row without a status, with the moment it was forgotten (`forgotten_at`), for
 * `FORGOTTEN_MS`. An answer whose lookup was asked before that moment (or up to `CLOCK_SKEW_MS`
 * after it: the moments come from different processes' clocks) is not written over it, so a
 * lookup that was under way when the shop registered the domain cannot put 'free' back.
 */
export function createDatabaseAvailabilityCache(db: Database, options: { now?: () => number } = {}): AvailabilityCachePort {
  const now = options.now ?? Date.now;
  let purgedAt = now();
  // Planned at every call, not prepared once: see `shopDomainsAmong`.
  const read = tickBatch<string, TAvailabilityStatus | null>(async (asked) => {
    const rows = await db
      .select({ domain: availabilityCache.domain, status: availabilityCache.status })
      .from(availabilityCache)
      .where(and(sql`${availabilityCache.domain} = any(${textArray([...asked.keys()])})`, isNotNull(availabilityCache.status), gt(availabilityCache.expiresAt, new Date(now()))));
    return new Map(rows.map((row) => [row.domain, statusOrNull(row.status)]));
  }, null);
  // Serial: the writes hold one connection, so a burst's writes do not queue its reads on the
  // pool, and they run in the order asked. A domain's forget and its answer are separate entries
  // of a batch: the forgets are written first, so an answer from before one is refused in the
  // same batch as across batches.
  const write = tickBatch<string, null, Write>(async (entries) => {
    const answers: Array<{ domain: string; status: TAvailabilityStatus; expiresAt: Date; askedAt: Date }> = [];
    const forgets: Array<{ domain: string; forgottenAt: Date }> = [];
    for (const [key, entry] of entries) {
      const domain = key.slice(key.indexOf(':') + 1);
      if ('forgottenAt' in entry) forgets.push({ domain, forgottenAt: entry.forgottenAt });
      else answers.push({ domain, ...entry });
    }
    // Each column as one array (`db/sql-arrays.ts`): a burst's 4,000 answers are one statement of
    // four parameters. `where true` tells PostgreSQL's grammar that the `on conflict` after an
    // `insert ... select ... from` is not a join's `on`.
    if (forgets.length > 0) {
      await db
        .insert(availabilityCache)
        .select(
          sql`select forget.domain, null, forget.expires_at, null, forget.forgotten_at from unnest(${textArray(forgets.map((f) => f.domain))}, ${timeArray(forgets.map((f) => new Date(f.forgottenAt.getTime() + FORGOTTEN_MS)))}, ${timeArray(forgets.map((f) => f.forgottenAt))}) as forget(domain, expires_at, forgotten_at) where true`,
        )
        .onConflictDoUpdate({
          target: availabilityCache.domain,
          set: { status: sql`NULL`, expiresAt: sql`excluded.expires_at`, forgottenAt: sql`greatest(${availabilityCache.forgottenAt}, excluded.forgotten_at)` },
        });
    }
    if (answers.length > 0) {
      await db
        .insert(availabilityCache)
        .select(
          sql`select answer.domain, answer.status, answer.expires_at, answer.asked_at, null from unnest(${textArray(answers.map((a) => a.domain))}, ${textArray(answers.map((a) => a.status))}, ${timeArray(answers.map((a) => a.expiresAt))}, ${timeArray(answers.map((a) => a.askedAt))}) as answer(domain, status, expires_at, asked_at) where true`,
        )
        .onConflictDoUpdate({
          target: availabilityCache.domain,
          set: { status: sql`excluded.status`, expiresAt: sql`excluded.expires_at`, askedAt: sql`excluded.asked_at` },
          setWhere: sql`${availabilityCache.forgottenAt} IS NULL OR ${availabilityCache.forgottenAt} < excluded.asked_at - ${sql.raw(`interval '${CLOCK_SKEW_MS} milliseconds'`)}`,
        });
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
    getMany: (domains) => answersOf(domains, read),
    async set(domain, status, ttlSeconds, askedAt = now()) {
      await write(`answer:${domain}`, { status, expiresAt: new Date(now() + ttlSeconds * 1000), askedAt: new Date(askedAt) });
    },
    async forget(domain) {
      await write(`forget:${domain}`, { forgottenAt: new Date(now()) });
    },
  };
}

/**
 * Redis: one key per domain that expires by itself. A forget deletes it and leaves a marker with
 * its moment for `FORGOTTEN_MS`; an answer is written by a script that refuses it when it was asked
 * before the marker (or up to `CLOCK_SKEW_MS` after), in one step on the server.
 *
 * As with the table, the reads of one turn of the event loop are one `MGET`, and its answers one
 * pipeline of the script (sent by its digest): a burst of a hundred searches asks about 4,000
 * domains, one command and one write to the socket each before.
 */
const SET_UNLESS_FORGOTTEN = `
local forgotten = redis.call('GET', KEYS[2])
if forgotten and tonumber(forgotten) >= tonumber(ARGV[3]) - tonumber(ARGV[4]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
return 1`;
const SET_COMMAND = 'kavelAvailabilitySet';

type RedisAnswer = { status: TAvailabilityStatus; ttlSeconds: number; askedAt: number };
type SetCommand = (key: string, forgottenKey: string, status: string, ttlSeconds: number, askedAt: number, skewMs: number) => unknown;

export function createRedisAvailabilityCache(client: Redis, keyPrefix: string): AvailabilityCachePort {
  const keyOf = (domain: string) => `${keyPrefix}availability:${domain}`;
  const forgottenKeyOf = (domain: string) => `${keyPrefix}availability-forgotten:${domain}`;
  // ioredis sends a defined command as EVALSHA, and the script itself only when Redis lacks it.
  client.defineCommand(SET_COMMAND, { numberOfKeys: 2, lua: SET_UNLESS_FORGOTTEN });
  const read = tickBatch<string, TAvailabilityStatus | null>(async (asked) => {
    const domains = [...asked.keys()];
    const values = await client.mget(domains.map(keyOf));
    return new Map(domains.map((domain, index) => [domain, statusOrNull(values[index])]));
  }, null);
  const write = tickBatch<string, null, RedisAnswer>(async (answers) => {
    const pipeline = client.pipeline();
    const set = (pipeline as unknown as Record<typeof SET_COMMAND, SetCommand>)[SET_COMMAND].bind(pipeline);
    for (const [domain, answer] of answers) set(keyOf(domain), forgottenKeyOf(domain), answer.status, Math.max(1, Math.round(answer.ttlSeconds)), answer.askedAt, CLOCK_SKEW_MS);
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([error]) => error);
    if (failed) throw failed[0];
    return new Map();
  }, null);
  return {
    name: 'redis',
    get: (domain) => read(domain),
    getMany: (domains) => answersOf(domains, read),
    async set(domain, status, ttlSeconds, askedAt = Date.now()) {
      await write(domain, { status, ttlSeconds, askedAt });
    },
    async forget(domain) {
      await client.multi().del(keyOf(domain)).set(forgottenKeyOf(domain), Date.now(), 'PX', FORGOTTEN_MS).exec();
    },
  };
}
