import type { TDnsRecordType } from '@kavel/core';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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

/** The DNS records a forward wrote into its domain's zone (owner relative, `@` the apex). */
export interface ForwardRecord {
  name: string;
  type: 'A' | 'AAAA';
  value: string;
  ttl: number;
}

/** A record of the zone a forward replaced (owner relative). */
export interface ReplacedRecord {
  name: string;
  type: 'A' | 'AAAA' | 'CNAME';
  value: string;
  ttl: number;
}

/**
 * The forward of a domain (spec 001: forwardOption HTTP, IFRAME or DNS; NONE is no row). HTTP
 * and IFRAME are answered by the forwarding responder, DNS points the apex at an address.
 * `dnsRecords` are the records the forward wrote into the zone, which a change or NONE removes.
 */
export const domainRedirects = pgTable('domain_redirects', {
  domainId: integer('domain_id')
    .primaryKey()
    .references(() => domains.id, { onDelete: 'cascade' }),
  forwardOption: text('forward_option').$type<'HTTP' | 'IFRAME' | 'DNS'>().notNull().default('HTTP'),
  forwardTo: text('forward_to').notNull(),
  orderId: integer('order_id'),
  /** 301 or 302 (HTTP only). */
  redirectStatus: integer('redirect_status').$type<301 | 302>().notNull().default(301),
  /** Whether the request's path and query are appended to the target (HTTP only). */
  keepPath: boolean('keep_path').notNull().default(false),
  /** The frame page's title (IFRAME only). */
  frameTitle: text('frame_title').notNull().default(''),
  dnsRecords: jsonb('dns_records').$type<ForwardRecord[]>().notNull().default([]),
  /** The zone's A, AAAA and CNAME records the forward replaced at the names it writes: put back when it is switched off (migration 0023). */
  replacedRecords: jsonb('replaced_records').$type<ReplacedRecord[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
