import type { DnsZoneRecord } from '@kavel/core';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import { domains } from './domains.ts';

/** Why a zone's last publication failed, and the revision it tried to publish. */
export interface ZonePublishFailure {
  reason: 'unreachable' | 'refused';
  /** The record the DNS server named (`www AAAA ::ffff:127.0.0.1`), when it named one. */
  record: string | null;
  revision: number;
}

/**
 * A domain's DNS zone as the shop keeps it: the page's flags and the revision counters. Its
 * records are `domain_dns_records` (owner names relative, `@` the apex, Punycode). `revision`
 * counts the shop's changes; `publishedRevision` is the last one the DNS server confirmed, so the
 * catch-up finds zones whose publishing is behind. `publishFailure` is the last publication's
 * failure, cleared by the next one that succeeds: the DNS page shows it.
 */
export const dnsZones = pgTable(
  'dns_zones',
  {
    domainId: integer('domain_id')
      .primaryKey()
      .references(() => domains.id, { onDelete: 'cascade' }),
    /** Spec 001's `domainIsManageable`: false shows 'DNS Records cannot be managed at this time…'. */
    manageable: boolean('manageable').notNull().default(true),
    /** Spec 001's `isActiveDnsServer`: the domain is on the shop's name servers. */
    activeDnsServer: boolean('active_dns_server').notNull().default(true),
    /** Whether the holder's data is hidden (only where the extension's `privacySupported`). */
    privacyEnabled: boolean('privacy_enabled').notNull().default(false),
    revision: integer('revision').notNull().default(0),
    publishedRevision: integer('published_revision').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishFailure: jsonb('publish_failure').$type<ZonePublishFailure>(),
    publishFailedAt: timestamp('publish_failed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dns_zones_unpublished_idx').on(t.domainId).where(sql`${t.publishedRevision} < ${t.revision}`)],
);

/** What a revision changed: the records that went and came (an edit is one of each). */
export interface DnsZoneChange {
  added: DnsZoneRecord[];
  removed: DnsZoneRecord[];
}

/**
 * The history of a zone, append-only (the repository only inserts): one row per change with
 * who made it, when, what it did, what changed, and the whole zone after it, so undo restores
 * the previous revision's records as a new revision.
 */
export const dnsZoneRevisions = pgTable(
  'dns_zone_revisions',
  {
    id: serial('id').primaryKey(),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    /** The customer or sub-user who made the change; null for the shop itself (fulfilment, demo data). */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** `add`, `update`, `remove`, `reset`, `apply-profile`, `import`, `switch`, `undo`, `create`. */
    action: text('action').notNull(),
    changes: jsonb('changes').$type<DnsZoneChange>().notNull(),
    records: jsonb('records').$type<DnsZoneRecord[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('dns_zone_revisions_domain_revision_idx').on(t.domainId, t.revision)],
);
