import type { CounterHit, CounterPort } from './counter-port.ts';

/** At most this many hits are counted ahead for one key at once (about a tenth of the request rate limit of 600 a minute). */
const MOST_AHEAD = 64;
/** Hits counted ahead are at most this share of what is left below the limit: near it, one at a time. */
const AHEAD_SHARE = 1 / 8;
/** Keys with counts held, above which the ended windows among them are dropped. */
const SWEEP_ABOVE = 10_000;
/** How often the keys of ended windows are dropped in any case. */
const SWEEP_EVERY_MS = 10 * 60_000;

/** A shared store's counting: `points` hits added to `key` at once, atomically across processes. */
export interface CounterStore {
  readonly name: 'database' | 'redis';
  /**
   * Adds `points` hits to `key` in its window of `windowMs` (whole seconds), which starts at the
   * key's first hit. Answers the count of the first of them (1 when they began a new window) and
   * when the window ends (epoch ms).
   */
  add(key: string, windowMs: number, points: number): Promise<{ first: number; resetAt: number }>;
}

/**
 * This process's counts of a key in its current window: the ranges counted ahead and not yet given
 * (`[next, last]`, oldest first), the highest count it knows of, when the window ends, and the
 * store's answer under way, while there is one.
 */
interface Held {
  ranges: Array<[number, number]>;
  known: number;
  resetAt: number;
  counting: Promise<void> | null;
}

/**
 * The shared counters over a store every process shares (the database's table, Redis), counting
 * ahead of the hits that name their limit.
 *
 * Without a limit every hit is a call to the store. With one (the request rate limit, the free
 * searches, the reseller API's calls) a call adds up to 64 hits at once (an eighth of what is left
 * below the limit, one at a time near it) and this process's next hits on the key take those
 * counts without a call; far below the limit the next ones are added in the background once half
 * are given, so a busy key does not wait. Counted ahead is counted: across processes no more than
 * the limit pass in a window. A process may hold counts it does not use, so a client whose
 * requests spread over processes can be refused a few requests early; near the limit the counts
 * go one at a time, and two processes taking turns let exactly the limit through. Once a count
 * passes the limit, the process answers the key's hits past it without a call until the window
 * ends: a client over its limit costs the store nothing.
 *
 * Before, every request on a shop of several processes waited for its rate limit's count, even a
 * basket read that the basket cache answers without the database.
 */
export function countingAhead(store: CounterStore): CounterPort {
  const held = new Map<string, Held>();
  let sweptAt = Date.now();

  function sweep(now: number): void {
    sweptAt = now;
    for (const [key, entry] of held) if (entry.resetAt <= now && !entry.counting) held.delete(key);
  }

  /** Adds more hits ahead for `key`: an eighth of what is left below `limit`, at least one. */
  function countAhead(key: string, entry: Held, windowMs: number, limit: number): Promise<void> {
    const points = Math.max(1, Math.min(MOST_AHEAD, Math.floor((limit - entry.known) * AHEAD_SHARE)));
    const counting = store.add(key, windowMs, points).then(({ first, resetAt }) => {
      // A new window (its first count is 1, or it ends a window later): what was held is gone.
      if (first === 1 || (entry.resetAt !== 0 && resetAt - entry.resetAt >= windowMs / 2)) {
        entry.ranges = [];
        entry.known = 0;
      }
      const last = first + points - 1;
      entry.ranges.push([first, last]);
      entry.known = Math.max(entry.known, last);
      entry.resetAt = resetAt;
    });
    entry.counting = counting;
    const done = () => {
      if (entry.counting === counting) entry.counting = null;
    };
    counting.then(done, done);
    return counting;
  }

  /** The next count this process holds for `key`; past the limit, the next without a call; `null` when it must wait for the store. */
  function take(key: string, entry: Held, windowMs: number, limit: number, now: number): CounterHit | null {
    const range = entry.ranges[0];
    if (!range) {
      if (entry.known <= limit || entry.counting) return null;
      entry.known += 1;
      return { count: entry.known, resetInMs: entry.resetAt - now };
    }
    const count = range[0]++;
    if (range[0] > range[1]) entry.ranges.shift();
    // Far below the limit, more are added once half are given, in the background. Nearer, only
    // when none are left, so that no process holds counts another needs.
    if (!entry.counting && entry.known + MOST_AHEAD / AHEAD_SHARE <= limit) {
      const left = entry.ranges.reduce((sum, [next, last]) => sum + last - next + 1, 0);
      if (left * 2 < MOST_AHEAD) countAhead(key, entry, windowMs, limit).catch(() => undefined);
    }
    return { count, resetInMs: entry.resetAt - now };
  }

  return {
    name: store.name,
    async hit(key, windowMs, limit) {
      // Whole seconds, at least one, as the windows have always been counted.
      const window = Math.max(1, Math.ceil(windowMs / 1000)) * 1000;
      if (limit === undefined) {
        const { first, resetAt } = await store.add(key, window, 1);
        return { count: first, resetInMs: Math.max(0, resetAt - Date.now()) };
      }
      for (;;) {
        const now = Date.now();
        if (now - sweptAt > SWEEP_EVERY_MS || held.size > SWEEP_ABOVE) sweep(now);
        let entry = held.get(key);
        if (entry && entry.resetAt <= now && !entry.counting) {
          entry.ranges = [];
          entry.known = 0;
        }
        if (!entry) {
          entry = { ranges: [], known: 0, resetAt: 0, counting: null };
          held.set(key, entry);
        }
        const taken = entry.resetAt > now ? take(key, entry, window, limit, now) : null;
        if (taken) return taken;
        await (entry.counting ?? countAhead(key, entry, window, limit));
      }
    },
  };
}
