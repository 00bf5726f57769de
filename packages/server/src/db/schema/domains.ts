import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Domains the shop administers; the simulated registry treats each as taken. */
export const domains = pgTable('domains', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id'),
  name: text('name').notNull().unique(),
  extension: text('extension').notNull(),
  status: text('status').notNull().default('active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
