import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { sharedCounters } from '../../db/schema/index.ts';
import { integerArray, textArray, timeArray } from '../../db/sql-arrays.ts';
import { tickBatch } from '../../db/tick-batch.ts';
import type { CounterPort } from './counter-port.ts';
import { countingAhead } from './counting-ahead.ts';

/** How often the adapter deletes windows that ended. */
const PURGE_EVERY_MS = 10 * 60_000;
/** The keys' prefix, as `rate-limiter-flexible` wrote them: windows open at an upgrade go on counting. */
const KEY_PREFIX = 'kavel:';

interface Hits {
  key: string;
  windowMs: number;
  points: number;
}

/** The count of a call's first hit, in a window that ends at `resetAt` (epoch ms). */
interface Counted {
  first: number;
  resetAt: number;
}

/**
 * The `shared_counters` table. The hits of one turn of the event loop go as one
 * `INSERT ... ON CONFLICT DO UPDATE ... RETURNING`, atomic on PGlite and on a PostgreSQL server
 * alike: a burst of searches costs a few statements, not two per search (the request rate limit
 * and the free searches each count one hit), each waiting for a connection of the pool before the
 * search can ask the registry. A key added to several times in one statement adds them together;
 * its callers get the counts in the order they asked. The rows are written in the order of their
 * keys, so two statements that share keys never wait for each other's locks the other way round.
 *
 * A window is whole seconds, starts at the key's first hit and ends at `expire`; a hit after it
 * starts the next. Rows of ended windows are deleted now and then on a hit. Hits that name their
 * limit are counted ahead (`countingAhead`).
 */
export function createDatabaseCounters(db: Database): CounterPort {
  let purgedAt = Date.now();
  // Each call is an entry of its own (its object is the key), so every caller gets its own counts.
  const addInTurn = tickBatch<Hits, Counted>(async (calls) => {
    const byKey = new Map<string, { windowMs: number; points: number; calls: Hits[] }>();
    for (const call of calls.keys()) {
      const entry = byKey.get(call.key);
      if (entry) {
        entry.calls.push(call);
        entry.points += call.points;
      } else byKey.set(call.key, { windowMs: call.windowMs, points: call.points, calls: [call] });
    }
    const now = new Date();
    const rows = [...byKey]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, entry]) => ({ key: `${KEY_PREFIX}${key}`, points: entry.points, expire: new Date(now.getTime() + entry.windowMs) }));
    const ended = sql`${sharedCounters.expire} <= ${now.toISOString()}::timestamptz`;
    // One array per column (see the availability cache's writes), in the keys' order.
    const written = await db
      .insert(sharedCounters)
      .select(
        sql`select hit.key, hit.points, hit.expire from unnest(${textArray(rows.map((row) => row.key))}, ${integerArray(rows.map((row) => row.points))}, ${timeArray(rows.map((row) => row.expire))}) as hit(key, points, expire) where true`,
      )
      .onConflictDoUpdate({
        target: sharedCounters.key,
        set: {
          points: sql`CASE WHEN ${ended} THEN excluded.points ELSE ${sharedCounters.points} + excluded.points END`,
          expire: sql`CASE WHEN ${ended} THEN excluded.expire ELSE ${sharedCounters.expire} END`,
        },
      })
      .returning({ key: sharedCounters.key, points: sharedCounters.points, expire: sharedCounters.expire });
    const answers = new Map<Hits, Counted>();
    for (const row of written) {
      const entry = byKey.get(row.key.slice(KEY_PREFIX.length));
      if (!entry) continue;
      const resetAt = row.expire ? row.expire.getTime() : 0;
      // The statement added them all: the first caller's hits are the first of them.
      let next = row.points - entry.points + 1;
      for (const call of entry.calls) {
        answers.set(call, { first: next, resetAt });
        next += call.points;
      }
    }
    return answers;
  }, { first: 0, resetAt: 0 });

  return countingAhead({
    name: 'database',
    async add(key, windowMs, points) {
      if (Date.now() - purgedAt > PURGE_EVERY_MS) {
        purgedAt = Date.now();
        await db.delete(sharedCounters).where(lt(sharedCounters.expire, new Date()));
      }
      const counted = await addInTurn({ key, windowMs, points });
      if (counted.first === 0) throw new Error(`the counter ${key} was not written`);
      return counted;
    },
  });
}
