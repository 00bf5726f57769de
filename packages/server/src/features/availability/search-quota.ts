/**
 * Counts searches per client in a sliding window. Below the free rate a search needs nothing;
 * past it, each search needs a solved captcha. Kept in memory per process: a client spread over
 * several processes gets the free rate once per process, which is an acceptable leak for a
 * nuisance limit (the hard limit is the rate limiter).
 */
export interface SearchQuota {
  /** Records a search; true while the client is within its free rate. */
  take(clientKey: string): boolean;
}

const MAX_CLIENTS = 100_000;

export function createSearchQuota(options: { freeSearches: number; windowSeconds: number; now?: () => number }): SearchQuota {
  const now = options.now ?? Date.now;
  const windowMs = options.windowSeconds * 1000;
  const log = new Map<string, number[]>();
  return {
    take(clientKey) {
      const t = now();
      const recent = (log.get(clientKey) ?? []).filter((at) => t - at < windowMs);
      recent.push(t);
      log.delete(clientKey);
      if (log.size >= MAX_CLIENTS) {
        const oldest = log.keys().next().value;
        if (oldest !== undefined) log.delete(oldest);
      }
      log.set(clientKey, recent);
      return recent.length <= options.freeSearches;
    },
  };
}
