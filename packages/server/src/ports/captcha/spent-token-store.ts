/**
 * Remembers captcha solutions that were accepted once, so the same solution is never accepted twice.
 *
 * The database-backed store inserts `(token_hash, expires_at)` into a table whose primary key is
 * `token_hash` with `on conflict do nothing`, and reports whether a row was inserted. Entries may be
 * deleted once `expiresAt` has passed: by then the token is refused as expired anyway.
 */
export interface SpentTokenStore {
  /** true when the token was not spent before and is now recorded */
  spend(tokenHash: string, expiresAt: Date): Promise<boolean>;
}

/** In-memory store for tests and single-process development. Forgets entries whose expiry has passed. */
export function createMemorySpentTokenStore(options: { now?: () => Date } = {}): SpentTokenStore & { readonly size: number } {
  const now = options.now ?? (() => new Date());
  const spent = new Map<string, number>();

  function prune(at: number): void {
    for (const [hash, expiresAt] of spent) {
      if (expiresAt <= at) spent.delete(hash);
    }
  }

  return {
    get size() {
      return spent.size;
    },
    async spend(tokenHash, expiresAt) {
      prune(now().getTime());
      if (spent.has(tokenHash)) return false;
      spent.set(tokenHash, expiresAt.getTime());
      return true;
    },
  };
}
