/**
 * Counters that every process of the shop shares: the search quota and the per-client HTTP rate
 * limit count here, so a visitor whose requests alternate between processes is counted once.
 * Adapters: `memory` (one process only: the embedded database), `database` (a table, the hits of one
 * turn of the event loop in one statement) and `redis` (`REDIS_URL`).
 */
export interface CounterHit {
  /** Hits on the key in its current window, this one included. */
  count: number;
  /** Milliseconds until the window ends and the count starts again at zero. */
  resetInMs: number;
}

export interface CounterPort {
  readonly name: 'memory' | 'database' | 'redis';
  /**
   * Adds one hit to `key`, atomically across processes. A window of `windowMs` starts at the
   * key's first hit (a fixed window, as `@fastify/rate-limit` counts too).
   *
   * `limit`, when given, is the count above which the caller refuses. The shared adapters then
   * count hits ahead for this process while the key is far below it, and answer hits past it
   * without a call, so most requests cost no round trip (`countingAhead`). No more than `limit`
   * hits are ever let through in a window; a process may hold hits it counted ahead and did not
   * use, so a client whose requests spread over processes can be refused a little before the limit.
   */
  hit(key: string, windowMs: number, limit?: number): Promise<CounterHit>;
}
