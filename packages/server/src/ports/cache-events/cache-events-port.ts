/**
 * Tells every process of the shop that cached reads under some keys changed, so that the
 * in-process read caches (the session and the priced basket, see `read-cache.ts`) drop them.
 * Adapters: `memory` (this process only: the embedded database has one process), `postgres`
 * (LISTEN/NOTIFY on a connection of its own) and `redis` (pub/sub; `REDIS_URL`).
 *
 * `publish` reaches this process's handlers synchronously, before it returns, and the other
 * processes shortly after. Call it after the change committed: a process that reads between
 * the message and the commit would otherwise cache the old state again.
 */
export interface CacheEventsPort {
  readonly name: 'memory' | 'postgres' | 'redis';
  /**
   * Whether messages from other processes arrive now. While not (a lost connection), readers
   * must not serve from their caches: an invalidation may be missed.
   */
  readonly live: boolean;
  publish(keys: readonly string[]): Promise<void>;
  /** `keys` changed; `null`: anything may have changed (the connection was lost and is back). */
  subscribe(handler: CacheEventHandler): void;
  close(): Promise<void>;
}

export type CacheEventHandler = (keys: readonly string[] | null) => void;

/** The key that stands for every entry of every cache (all sessions of a customer ended). */
export const EVERYTHING = '*';
