import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';

/** Secrets and other values the installation generates once and keeps (e.g. the captcha HMAC key). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Server-side sessions. Only a hash of the cookie's id is stored. A row exists only once a
 * visitor changed something (a reader has none); it ends at the earlier of `last_seen_at` plus
 * the idle timeout and `started_at` plus the absolute lifetime (both configured, by whether a
 * customer is logged in); `expires_at` keeps that moment as of the last write, for the purge.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    csrfToken: text('csrf_token').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    language: text('language').notNull().default('nl'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Start of the current lifetime: creation, or the last login or logout (a rotation). */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** Captcha tokens that were accepted once; kept until they would have expired anyway. */
export const spentCaptchaTokens = pgTable('spent_captcha_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Uncaught browser errors reported by `POST /api/report-error`. */
export const errorReports = pgTable('error_reports', {
  id: serial('id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  clientIp: text('client_ip').notNull(),
  userAgent: text('user_agent'),
  msg: text('msg').notNull(),
  url: text('url').notNull(),
  line: integer('line'),
  column: integer('column'),
  error: text('error'),
  errorStackTrace: text('error_stack_trace'),
});

/**
 * Counters shared by every process (search quota, HTTP rate limit): hits per key until `expire`,
 * the table of `rate-limiter-flexible`'s Drizzle store. Used when no Redis is configured.
 */
export const sharedCounters = pgTable('shared_counters', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true }),
});

/**
 * Definite availability answers shared by every process, until `expires_at`. A forgotten domain
 * keeps its row without a status for a while, with `forgotten_at`: an answer asked of the registry
 * before then (`asked_at`) is not written over it.
 */
export const availabilityCache = pgTable('availability_cache', {
  domain: text('domain').primaryKey(),
  status: text('status'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  askedAt: timestamp('asked_at', { withTimezone: true }),
  forgottenAt: timestamp('forgotten_at', { withTimezone: true }),
});

/**
 * The job runs in hand, each with the process (`runner`) that runs it. A worker process holds a
 * session advisory lock on its runner number for its whole life; a run whose runner holds no
 * lock belonged to a process that died, and its job is given back to the queue at once
 * (`jobs/pg-boss-jobs.ts`) instead of after pg-boss's expiry.
 */
export const jobRuns = pgTable('job_runs', {
  jobId: text('job_id').primaryKey(),
  queue: text('queue').notNull(),
  runner: integer('runner').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});
