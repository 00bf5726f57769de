import type { CounterPort } from '../../ports/counters/counter-port.ts';

/**
 * Counts searches per client in a window. Below the free rate a search needs nothing; past it,
 * each search needs a solved captcha. Counted in the shared counters, so a client whose searches
 * alternate between processes gets the free rate once, not once per process.
 */
export interface SearchQuota {
  /** Records a search; true while the client is within its free rate. */
  take(clientKey: string): Promise<boolean>;
}

export function createSearchQuota(options: { counters: CounterPort; freeSearches: number; windowSeconds: number }): SearchQuota {
  const windowMs = options.windowSeconds * 1000;
  return {
    async take(clientKey) {
      // A counter store that does not answer (Redis or the database away) costs the visitor a
      // captcha, not the search: the captcha is checked without the counters.
      const hit = await options.counters.hit(`search:${clientKey}`, windowMs, options.freeSearches).catch(() => null);
      return hit !== null && hit.count <= options.freeSearches;
    },
  };
}
