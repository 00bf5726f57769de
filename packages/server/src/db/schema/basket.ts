import type { TBasketChannel, TBasketItemOptions } from '@kavel/core';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import { sessions } from './platform.ts';

/**
 * One basket per channel (`shop`, `reseller`) of an anonymous session, or of a customer once
 * logged in: logging in hands the session's basket to the customer (`session_id_hash` cleared),
 * so logging out leaves it there. An anonymous basket ends with its session (an expired session
 * is purged, and its basket with it). Only a logged-in reseller has a `reseller` basket.
 */
export const baskets = pgTable(
  'baskets',
  {
  id: serial('id').primaryKey(),
  sessionIdHash: text('session_id_hash').references(() => sessions.idHash, { onDelete: 'cascade', onUpdate: 'cascade' }),
  customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
  channel: text('channel').$type<TBasketChannel>().notNull().default('shop'),
  period: text('period').notNull().default('YEARLY'),
  /** An applied discount code (`discount_codes.code`); checked again on every read. */
  discountCode: text('discount_code'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('baskets_session_channel_idx').on(t.sessionIdHash, t.channel), uniqueIndex('baskets_customer_channel_idx').on(t.customerId, t.channel)],
);

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
    options: jsonb('options').$type<TBasketItemOptions>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('basket_items_basket_idx').on(t.basketId),
    // A domain is in a basket once, whether as registration or transfer.
    uniqueIndex('basket_items_one_domain_idx')
      .on(t.basketId, t.title)
      .where(sql`${t.parentUnique} is null`),
    index('basket_items_parent_idx').on(t.parentUnique),
    // One hosting package (or reseller package), redirect, transfer code and free install per domain...
    uniqueIndex('basket_items_one_per_domain_idx')
      .on(t.parentUnique, t.productType)
      .where(sql`${t.productType} in ('LINUX_PACKAGE', 'RESELLER_PACKAGE', 'REDIRECT', 'TRANSFER_CODE', 'FREE_INSTALL')`),
    // ...and each extra service once.
    uniqueIndex('basket_items_extra_once_idx')
      .on(t.parentUnique, t.productId)
      .where(sql`${t.productType} = 'EXTRA_SERVICE'`),
  ],
);
