import type { TDnsRecordType } from '@kavel/core';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Domains the shop administers; the simulated registry treats each as taken. */
export const domains = pgTable('domains', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id'),
  name: text('name').notNull().unique(),
  extension: text('extension').notNull(),
  /** `active`, or `transfer_pending` while a transfer in waits for the registry. */
  status: text('status').notNull().default('active'),
  /** The order that brought the domain in (null for seeded and older domains). */
  orderId: integer('order_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The DNS zone of a domain the shop serves: what the authoritative DNS server answers. */
export const domainDnsRecords = pgTable(
  'domain_dns_records',
  {
    id: serial('id').primaryKey(),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<TDnsRecordType>().notNull(),
    value: text('value').notNull(),
    priority: integer('priority'),
    ttl: integer('ttl').notNull().default(3600),
  },
  (t) => [index('domain_dns_records_domain_idx').on(t.domainId)],
);

/** A web forward of a domain (spec 001: forwardOption HTTP, IFRAME, DNS). */
export const domainRedirects = pgTable('domain_redirects', {
  domainId: integer('domain_id')
    .primaryKey()
    .references(() => domains.id, { onDelete: 'cascade' }),
  forwardOption: text('forward_option').$type<'HTTP' | 'IFRAME' | 'DNS'>().notNull().default('HTTP'),
  forwardTo: text('forward_to').notNull(),
  orderId: integer('order_id'),
});
