import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/connect.ts';
import { loginThrottles } from '../../db/schema/index.ts';
import { delayAfterFailure, type LoginThrottleRules } from './login-throttle-rules.ts';

type ThrottleRow = typeof loginThrottles.$inferSelect;

/** Whether a password may be checked now for a scope, and if not, for how long not. */
export type ThrottleState =
  | { open: true; failures: number }
  | { open: false; failures: number; retryAfterMs: number; locked: boolean };

export interface LoginThrottle {
  /** The state as it is, without claiming anything (the early refusal and the captcha difficulty). */
  peek(scope: string): Promise<ThrottleState>;
  /**
   * Claims the right to check one password now. The claim counts as a failure straight away (and
   * sets the wait that failure brings), so concurrent attempts in any process cannot share a slot;
   * a right password clears it again.
   */
  claim(scope: string): Promise<ThrottleState>;
  /**
   * The claimed check failed: the wait runs from now, and when `failuresInWindow` reach the
   * lock limit the scope is locked. `lockedNow` is true for the one failure that started the lock.
   */
  failed(scope: string, failures: number, failuresInWindow: number, q: Queryable): Promise<{ lockedNow: boolean; lockMinutes: number }>;
  /** A right password or a password reset: the scope starts afresh, lock included. */
  clear(scope: string, q?: Queryable): Promise<void>;
  /** Forgets scopes that are neither waiting nor locked and whose failures are forgotten anyway. */
  purge(): Promise<void>;
}

export function createLoginThrottle(deps: { db: Database; now: () => Date; rules: LoginThrottleRules }): LoginThrottle {
  const { db, now, rules } = deps;
  const windowMs = rules.lockWindowMinutes * 60_000;

  /** Failures in a row that still count at `at`: forgotten after a quiet window. */
  const liveFailures = (row: ThrottleRow | undefined, at: number) =>
    row?.lastFailureAt && at - row.lastFailureAt.getTime() < windowMs ? row.failures : 0;

  const stateOf = (row: ThrottleRow | undefined, at: number): ThrottleState => {
    const failures = liveFailures(row, at);
    const lockedUntil = row?.lockedUntil?.getTime() ?? 0;
    if (lockedUntil > at) return { open: false, failures, retryAfterMs: lockedUntil - at, locked: true };
    const nextCheck = row?.nextCheckAt.getTime() ?? 0;
    if (nextCheck > at) return { open: false, failures, retryAfterMs: nextCheck - at, locked: false };
    return { open: true, failures };
  };

  return {
    async peek(scope) {
      const [row] = await db.select().from(loginThrottles).where(eq(loginThrottles.scope, scope));
      return stateOf(row, now().getTime());
    },

    async claim(scope) {
      await db.insert(loginThrottles).values({ scope, nextCheckAt: new Date(0) }).onConflictDoNothing();
      return db.transaction(async (tx) => {
        // The row lock makes every other claim on this scope wait until this one has decided.
        const [row] = await tx.select().from(loginThrottles).where(eq(loginThrottles.scope, scope)).for('update');
        const at = now().getTime();
        const state = stateOf(row, at);
        if (!state.open) return state;
        const failures = state.failures + 1;
        await tx
          .update(loginThrottles)
          .set({ failures, lastFailureAt: new Date(at), nextCheckAt: new Date(at + delayAfterFailure(rules, failures)) })
          .where(eq(loginThrottles.scope, scope));
        return { open: true, failures };
      });
    },

    async failed(scope, failures, failuresInWindow, q) {
      const at = now().getTime();
      // The wait counts from the answer, not from the claim: a slow check does not shorten it.
      await q
        .update(loginThrottles)
        .set({ nextCheckAt: sql`greatest(${loginThrottles.nextCheckAt}, ${new Date(at + delayAfterFailure(rules, failures)).toISOString()}::timestamptz)` })
        .where(eq(loginThrottles.scope, scope));
      if (failuresInWindow < rules.lockAfterFailures) return { lockedNow: false, lockMinutes: rules.lockMinutes };
      const lockedUntil = new Date(at + rules.lockMinutes * 60_000);
      const locked = await q
        .update(loginThrottles)
        .set({ lockedUntil })
        .where(and(eq(loginThrottles.scope, scope), or(isNull(loginThrottles.lockedUntil), lte(loginThrottles.lockedUntil, new Date(at)))))
        .returning({ scope: loginThrottles.scope });
      return { lockedNow: locked.length > 0, lockMinutes: rules.lockMinutes };
    },

    async clear(scope, q = db) {
      await q.delete(loginThrottles).where(eq(loginThrottles.scope, scope));
    },

    async purge() {
      const at = now();
      const forgotten = new Date(at.getTime() - windowMs);
      await db
        .delete(loginThrottles)
        .where(
          and(
            or(isNull(loginThrottles.lastFailureAt), lt(loginThrottles.lastFailureAt, forgotten)),
            lte(loginThrottles.nextCheckAt, at),
            or(isNull(loginThrottles.lockedUntil), lte(loginThrottles.lockedUntil, at)),
          ),
        );
    },
  };
}
