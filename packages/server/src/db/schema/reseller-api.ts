import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TApiKeyScope } from '@kavel/core';
import { customers } from './accounts.ts';

/**
 * A reseller's API keys. Only a SHA-256 of the secret is stored (the secret is shown once, when
 * the key is made); the prefix names the key on the account page and finds its row. A revoked
 * key stays listed, and no longer works.
 */
export const resellerApiKeys = pgTable(
  'reseller_api_keys',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().$type<TApiKeyScope[]>().notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('reseller_api_keys_prefix_idx').on(t.prefix), index('reseller_api_keys_customer_idx').on(t.customerId)],
);

/**
 * The answers to reseller API writes sent with an `Idempotency-Key` (the DNS changes; an order
 * keeps its key as its request id): a retry with the same key gets the stored answer, never a
 * second change. `status` is null while the first request runs. Kept for a day.
 */
export const resellerApiRequests = pgTable(
  'reseller_api_requests',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Method, path and a SHA-256 of the body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reseller_api_requests_key_idx').on(t.customerId, t.idempotencyKey), index('reseller_api_requests_created_idx').on(t.createdAt)],
);
