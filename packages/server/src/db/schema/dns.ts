import type { TDnsRecordType } from '@kavel/core';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';

/** A customer's DNS profiles: named sets of records to put on a domain (values may hold `[DOMAINNAME]`). */
export const dnsProfiles = pgTable(
  'dns_profiles',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dns_profiles_customer_idx').on(t.customerId)],
);

export const dnsProfileRecords = pgTable(
  'dns_profile_records',
  {
    id: serial('id').primaryKey(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => dnsProfiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<TDnsRecordType>().notNull(),
    value: text('value').notNull(),
    /** MX and SRV only. */
    priority: integer('priority'),
    ttl: integer('ttl').notNull().default(3600),
  },
  (t) => [index('dns_profile_records_profile_idx').on(t.profileId)],
);
