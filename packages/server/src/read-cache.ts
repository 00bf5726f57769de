import { EVERYTHING, type CacheEventsPort } from './ports/cache-events/index.ts';

/** How long an entry may be served: the bound on staleness when an invalidation is lost or late. */
export const READ_CACHE_TTL_MS = 5_000;
/**
 * How far the clocks of two processes may differ. A browser's last change (the `kavel_w` cookie,
 * the writer's clock) is only known to be in an entry loaded this long after it (the reader's).
 */
export const CLOCK_SKEW_MS = 1_000;
const MAX_ENTRIES = 10_000;

/** Where a read that may be cached starts: compare it with `set` after the database answered. */
export interface LoadTicket {
  tick: number;
  at: number;
}

/**
 * A short-lived, in-process cache of reads that every write invalidates through the cache events
 * port (here synchronously, in other processes when the message arrives). Guards:
 * - an entry lives `READ_CACHE_TTL_MS` at most;
 * - a load that an invalidation of its key overtook is not stored (the `tick` of its ticket);
 * - nothing is served while the events port is not live;
 * - a browser's own change is always seen: `get` refuses entries loaded before `writtenAt` (+ skew).
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();
  /** The tick of the last invalidation per key; keys of loads that started before `floor` are refused. */
  private readonly invalidated = new Map<string, number>();
  private tick = 0;
  private floor = 0;

  constructor(
    private readonly events: Pick<CacheEventsPort, 'live' | 'subscribe'>,
    private readonly clock: () => number = Date.now,
  ) {
    events.subscribe((keys) => this.invalidate(keys));
  }

  /** The entry under `key`, unless it is too old, or older than the caller's last change (`writtenAt`, ms). */
  get(key: string, writtenAt = 0): V | undefined {
    if (!this.events.live) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.clock();
    if (now - entry.at > READ_CACHE_TTL_MS) {
      this.entries.delete(key);
      return undefined;
    }
    if (writtenAt > 0 && entry.at <= writtenAt + CLOCK_SKEW_MS) return undefined;
    return entry.value;
  }

  /** Take before reading the database. */
  ticket(): LoadTicket {
    return { tick: this.tick, at: this.clock() };
  }

  /** Stores what a load that started at `ticket` read, unless an invalidation of `key` came meanwhile. */
  set(key: string, value: V, ticket: LoadTicket): void {
    if (!this.events.live || ticket.tick < this.floor) return;
    if ((this.invalidated.get(key) ?? -1) > ticket.tick) return;
    if (this.entries.size >= MAX_ENTRIES) this.evict();
    this.entries.delete(key);
    this.entries.set(key, { value, at: ticket.at });
  }

  /** Changes an entry in place (a touched session), keeping its age. */
  update(key: string, change: (value: V) => V): void {
    const entry = this.entries.get(key);
    if (entry) entry.value = change(entry.value);
  }

  invalidate(keys: readonly string[] | null): void {
    this.tick += 1;
    if (keys === null || keys.includes(EVERYTHING) || this.invalidated.size >= MAX_ENTRIES) {
      this.entries.clear();
      this.invalidated.clear();
      this.floor = this.tick;
      if (keys === null || keys.includes(EVERYTHING)) return;
    }
    for (const key of keys) {
      this.entries.delete(key);
      this.invalidated.set(key, this.tick);
    }
  }

  /** Drops the oldest tenth (a Map iterates in insertion order) and what expired. */
  private evict(): void {
    let drop = Math.ceil(MAX_ENTRIES / 10);
    for (const key of this.entries.keys()) {
      if (drop-- <= 0) break;
      this.entries.delete(key);
    }
  }
}

/** The cache keys of what a session shows: its row and the basket it sees. */
export const cacheKeys = {
  session: (idHash: string) => `session:${idHash}`,
  basket: (owner: { sessionIdHash: string; customerId: number | null }) => (owner.customerId !== null ? `basket:c:${owner.customerId}` : `basket:s:${owner.sessionIdHash}`),
};
