import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { sharedCounters } from '../../db/schema/index.ts';
import { tickBatch } from '../../db/tick-batch.ts';
import type { CounterHit, CounterPort } from './counter-port.ts';

/** How often the adapter deletes windows that ended. */
const PURGE_EVERY_MS = 10 * 60_000;
/** The keys' prefix, as `rate-limiter-flexible` wrote them: windows open at an upgrade go on counting. */
const KEY_PREFIX = 'kavel:';

interface Hit {
  key: string;
  windowMs: number;
}

/**
 * The `shared_counters` table. The hits of one turn of the event loop go as one
 * `INSERT ... ON CONFLICT DO UPDATE ... RETURNING`, atomic on PGlite and on a PostgreSQL server
 * alike: a burst of searches costs a few statements, not two per search (the request rate limit
 * and the free searches each count one hit), each waiting for a connection of the pool before the
 * search can ask the registry. A key hit several times in one statement adds them together; its
 * callers get the counts in the order they asked. The rows are written in the order of their keys,
 * so two statements that share keys never wait for each other's locks the other way round.
 *
 * A window is whole seconds, starts at the key's first hit and ends at `expire`; a hit after it
 * starts the next. Rows of ended windows are deleted now and then on a hit.
 */
export function createDatabaseCounters(db: Database): CounterPort {
  let purgedAt = Date.now();
  // Each call is an entry of its own (its object is the key), so every caller gets its own count.
  const hitInTurn = tickBatch<Hit, CounterHit>(async (calls) => {
    const byKey = new Map<string, { windowMs: number; calls: Hit[] }>();
    for (const call of calls.keys()) {
      const entry = byKey.get(call.key);
      if (entry) entry.calls.push(call);
      else byKey.set(call.key, { windowMs: call.windowMs, calls: [call] });
    }
    const now = new Date();
    const rows = [...byKey]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, entry]) => ({ key: `${KEY_PREFIX}${key}`, points: entry.calls.length, expire: new Date(now.getTime() + entry.windowMs) }));
    const ended = sql`${sharedCounters.expire} <= ${now.toISOString()}::timestamptz`;
    const written = await db
      .insert(sharedCounters)
      .values(rows)
      .onConflictDoUpdate({
        target: sharedCounters.key,
        set: {
          points: sql`CASE WHEN ${ended} THEN excluded.points ELSE ${sharedCounters.points} + excluded.points END`,
          expire: sql`CASE WHEN ${ended} THEN excluded.expire ELSE ${sharedCounters.expire} END`,
        },
      })
      .returning({ key: sharedCounters.key, points: sharedCounters.points, expire: sharedCounters.expire });
    const answers = new Map<Hit, CounterHit>();
    const answeredAt = Date.now();
    for (const row of written) {
      const entry = byKey.get(row.key.slice(KEY_PREFIX.length));
      if (!entry) continue;
      const resetInMs = row.expire ? Math.max(0, row.expire.getTime() - answeredAt) : 0;
      // The statement added them all: the first caller's hit is the first of them.
      const before = row.points - entry.calls.length;
      entry.calls.forEach((call, index) => answers.set(call, { count: before + index + 1, resetInMs }));
    }
    return answers;
  }, { count: 0, resetInMs: 0 });

  return {
    name: 'database',
    async hit(key, windowMs) {
      if (Date.now() - purgedAt > PURGE_EVERY_MS) {
        purgedAt = Date.now();
        await db.delete(sharedCounters).where(lt(sharedCounters.expire, new Date()));
      }
      // Whole seconds, at least one, as the windows have always been counted.
      const call: Hit = { key, windowMs: Math.max(1, Math.ceil(windowMs / 1000)) * 1000 };
      const answer = await hitInTurn(call);
      if (answer.count === 0) throw new Error(`the counter ${key} was not written`);
      return answer;
    },
  };
}
