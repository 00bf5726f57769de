import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { sharedCounters } from '../../db/schema/index.ts';
import { tickBatch } from '../../db/tick-batch.ts';
import type { CounterHit, CounterPort } from './counter-port.ts';

/** How often the adapter deletes windows that ended. */
const PURGE_EVERY_MS = 10 * 60_000;
/** The keys' prefix, as `rate-limiter-flexible` wrote them: windows open at an upgrade go on counting. */
const KEY_PREFIX = 'kavel:';
/** At most this many hits are counted ahead for one key at once (about a tenth of the request rate limit of 600 a minute). */
const MOST_AHEAD = 64;
/** Hits counted ahead are at most this share of what is left below the limit: near it, one at a time. */
const AHEAD_SHARE = 1 / 8;
/** Keys with hits counted ahead, above which the ended windows among them are dropped. */
const SWEEP_ABOVE = 10_000;

interface Hit {
  key: string;
  windowMs: number;
  /** Hits this call adds: one, or several counted ahead. */
  points: number;
}

/** The counts a call's hits got: `first` to `first + points - 1`, in a window that ends at `resetAt` (epoch ms). */
interface Counted {
  first: number;
  resetAt: number;
}

/**
 * This process's counts of a key in the window that ends at `resetAt`: the ranges counted ahead
 * and not yet given (`[first, last]`, oldest first), the highest count it knows of, and the
 * statement counting more, while one is under way.
 */
interface Ahead {
  ranges: Array<[number, number]>;
  known: number;
  resetAt: number;
  counting: Promise<void> | null;
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
 *
 * With a `limit` (the request rate limit, the free searches) a hit counts up to 64 at once (an
 * eighth of what is left below the limit, one at a time near it) and the next hits of this process
 * take those counts without a statement; far below the limit the next ones are counted while half
 * are left, so a busy key does not wait. Every request paid a statement for the rate limit before,
 * even a basket read that the database is otherwise not asked for. Counted
 * ahead is counted: across processes no more than `limit` hits pass in a window. Once a count
 * passes the limit, the process answers the key's hits past it without a statement until the
 * window ends: a client over its limit costs the database nothing.
 */
export function createDatabaseCounters(db: Database): CounterPort {
  let purgedAt = Date.now();
  const ahead = new Map<string, Ahead>();

  // Each call is an entry of its own (its object is the key), so every caller gets its own counts.
  const hitInTurn = tickBatch<Hit, Counted>(async (calls) => {
    const byKey = new Map<string, { windowMs: number; points: number; calls: Hit[] }>();
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
    const answers = new Map<Hit, Counted>();
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

  /** Counts more hits ahead for `key`: an eighth of what is left below `limit`, at least one. */
  function countAhead(key: string, held: Ahead, windowMs: number, limit: number): Promise<void> {
    const points = Math.max(1, Math.min(MOST_AHEAD, Math.floor((limit - held.known) * AHEAD_SHARE)));
    const counting = hitInTurn({ key, windowMs, points }).then((counted) => {
      if (counted.first === 0) throw new Error(`the counter ${key} was not written`);
      const last = counted.first + points - 1;
      // The window ended meanwhile and the statement began the next: what was held is gone.
      if (counted.resetAt !== held.resetAt) {
        held.ranges = [];
        held.known = 0;
        held.resetAt = counted.resetAt;
      }
      held.ranges.push([counted.first, last]);
      held.known = Math.max(held.known, last);
    });
    held.counting = counting;
    void counting.then(
      () => (held.counting = null),
      () => (held.counting = null),
    );
    return counting;
  }

  /**
   * The next count this process holds for `key`; past the limit, the next count without a
   * statement; `null` when it must wait for a statement.
   */
  function takeAhead(key: string, held: Ahead, windowMs: number, limit: number, now: number): CounterHit | null {
    const range = held.ranges[0];
    if (!range) {
      if (held.known <= limit || held.counting) return null;
      held.known += 1;
      return { count: held.known, resetInMs: held.resetAt - now };
    }
    const count = range[0]++;
    if (range[0] > range[1]) held.ranges.shift();
    // Far below the limit, more are counted once half are given, in the background: the requests
    // that come meanwhile take what is left instead of waiting. Nearer, only when none are left,
    // so that no process holds counts another needs.
    if (!held.counting && held.known + MOST_AHEAD / AHEAD_SHARE <= limit) {
      const left = held.ranges.reduce((sum, [first, last]) => sum + last - first + 1, 0);
      if (left * 2 < MOST_AHEAD) countAhead(key, held, windowMs, limit).catch(() => undefined);
    }
    return { count, resetInMs: held.resetAt - now };
  }

  return {
    name: 'database',
    async hit(key, windowMs, limit) {
      if (Date.now() - purgedAt > PURGE_EVERY_MS) {
        purgedAt = Date.now();
        await db.delete(sharedCounters).where(lt(sharedCounters.expire, new Date()));
        for (const [other, entry] of ahead) if (entry.resetAt <= purgedAt && !entry.counting) ahead.delete(other);
      }
      // Whole seconds, at least one, as the windows have always been counted.
      const window = Math.max(1, Math.ceil(windowMs / 1000)) * 1000;
      if (limit === undefined) {
        const counted = await hitInTurn({ key, windowMs: window, points: 1 });
        if (counted.first === 0) throw new Error(`the counter ${key} was not written`);
        return { count: counted.first, resetInMs: Math.max(0, counted.resetAt - Date.now()) };
      }
      for (;;) {
        const now = Date.now();
        let held = ahead.get(key);
        if (held && held.resetAt <= now && !held.counting) held = undefined;
        if (!held) {
          if (ahead.size >= SWEEP_ABOVE) for (const [other, entry] of ahead) if (entry.resetAt <= now && !entry.counting) ahead.delete(other);
          held = { ranges: [], known: 0, resetAt: 0, counting: null };
          ahead.set(key, held);
        }
        const taken = held.resetAt > now ? takeAhead(key, held, window, limit, now) : null;
        if (taken) return taken;
        await (held.counting ?? countAhead(key, held, window, limit));
      }
    },
  };
}
