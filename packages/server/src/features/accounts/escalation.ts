import { createHash } from 'node:crypto';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/connect.ts';
import { authAttempts } from '../../db/schema/index.ts';

/** A limit of attempts per scope within a sliding window. */
export interface EscalationRule {
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * When a captcha becomes necessary (at `limit` attempts within the window, the next one needs a
 * solved captcha), and the resend cooldown. Counted in the database so every process agrees.
 */
export const ESCALATION = {
  /** Failed logins per account (or per unknown address, so the demand does not tell them apart). */
  loginAccount: { limit: 3, windowMs: 15 * MINUTE },
  loginIp: { limit: 10, windowMs: 15 * MINUTE },
  registerIp: { limit: 3, windowMs: 60 * MINUTE },
  resetIp: { limit: 3, windowMs: 60 * MINUTE },
  resetEmail: { limit: 2, windowMs: 60 * MINUTE },
  /** One activation mail per address per 30 seconds. */
  resendEmail: { limit: 1, windowMs: 30_000 },
} as const satisfies Record<string, EscalationRule>;

const emailKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** Scope names; e-mail addresses only as SHA-256, so the table holds no addresses. */
export const scopes = {
  loginAccount: (customerId: number) => `login-account:${customerId}`,
  loginUnknown: (email: string) => `login-email:${emailKey(email)}`,
  loginIp: (ip: string) => `login-ip:${ip}`,
  registerIp: (ip: string) => `register-ip:${ip}`,
  resetIp: (ip: string) => `reset-ip:${ip}`,
  resetEmail: (email: string) => `reset-email:${emailKey(email)}`,
  resendEmail: (email: string) => `resend-email:${emailKey(email)}`,
};

export interface Escalation {
  /** Attempts in `scope` within the rule's window. */
  count(scope: string, rule: EscalationRule, db?: Queryable): Promise<number>;
  /** Whether the rule's limit is reached, so the next attempt needs a captcha (or must wait). */
  reached(scope: string, rule: EscalationRule, db?: Queryable): Promise<boolean>;
  record(scopeList: readonly string[], db?: Queryable): Promise<void>;
  clear(scope: string, db?: Queryable): Promise<void>;
  /** Forgets attempts older than the longest window. */
  purge(): Promise<void>;
}

/** `keepMs`: attempts are kept at least this long (the login lock counts failures over its own window). */
export function createEscalation(deps: { db: Database; now: () => Date; keepMs?: number }): Escalation {
  const { db, now } = deps;
  const longestWindow = Math.max(deps.keepMs ?? 0, ...Object.values(ESCALATION).map((rule) => rule.windowMs));

  const escalation: Escalation = {
    async count(scope, rule, q = db) {
      const since = new Date(now().getTime() - rule.windowMs);
      const [row] = await q
        .select({ value: count() })
        .from(authAttempts)
        .where(and(eq(authAttempts.scope, scope), gt(authAttempts.createdAt, since)));
      return row?.value ?? 0;
    },
    async reached(scope, rule, q = db) {
      return (await escalation.count(scope, rule, q)) >= rule.limit;
    },
    async record(scopeList, q = db) {
      if (scopeList.length === 0) return;
      const createdAt = now();
      await q.insert(authAttempts).values(scopeList.map((scope) => ({ scope, createdAt })));
    },
    async clear(scope, q = db) {
      await q.delete(authAttempts).where(eq(authAttempts.scope, scope));
    },
    async purge() {
      await db.delete(authAttempts).where(lt(authAttempts.createdAt, new Date(now().getTime() - longestWindow)));
    },
  };
  return escalation;
}
