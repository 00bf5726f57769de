import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import { sessions } from './platform.ts';

/**
 * One basket per anonymous session, or per customer once logged in: logging in hands the
 * session's basket to the customer (`session_id_hash` cleared), so logging out leaves it there.
 */
export const baskets = pgTable('baskets', {
  id: serial('id').primaryKey(),
  sessionIdHash: text('session_id_hash').unique().references(() => sessions.idHash, { onDelete: 'set null', onUpdate: 'cascade' }),
  customerId: integer('customer_id')
    .unique()
    .references(() => customers.id, { onDelete: 'cascade' }),
  period: text('period').notNull().default('YEARLY'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const basketItems = pgTable(
  'basket_items',
  {
    id: serial('id').primaryKey(),
    basketId: integer('basket_id')
      .notNull()
      .references(() => baskets.id, { onDelete: 'cascade' }),
    unique: text('unique').notNull().unique(),
    parentUnique: text('parent_unique'),
    productType: text('product_type').notNull(),
    productId: integer('product_id').notNull(),
    productCode: text('product_code').notNull(),
    title: text('title').notNull(),
    invoiced: boolean('invoiced').notNull().default(false),
    options: jsonb('options').$type<{ transferDnsLater?: boolean; dnsProfileId?: number }>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('basket_items_basket_idx').on(t.basketId),
    // A domain is in a basket once, whether as registration or transfer.
    uniqueIndex('basket_items_one_domain_idx')
      .on(t.basketId, t.title)
      .where(sql`${t.parentUnique} is null`),
  ],
);
