import type { TLocalBasket } from '@kavel/core';
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import { sessions } from './platform.ts';

/**
 * The order app's basket: the one product a product page chose (the browser's stored local
 * basket, converted by `PUT /api/bestellen/items-omzetten`), per anonymous session or per
 * customer. `item` is null once cancelled; `orderedAt` is set once it is ordered (the basket is
 * then empty, and the item stays to recognise a repeat of the same submit). `conversionId`
 * changes with every conversion: the same item ordered within one conversion is one order.
 * `returnPath` is the product page it came from, where a cancel sends the browser.
 */
export const orderAppBaskets = pgTable('order_app_baskets', {
  id: serial('id').primaryKey(),
  sessionIdHash: text('session_id_hash').unique().references(() => sessions.idHash, { onDelete: 'cascade', onUpdate: 'cascade' }),
  customerId: integer('customer_id')
    .unique()
    .references(() => customers.id, { onDelete: 'cascade' }),
  item: jsonb('item').$type<TLocalBasket>(),
  conversionId: text('conversion_id').notNull(),
  returnPath: text('return_path').notNull().default('/'),
  orderedAt: timestamp('ordered_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
