import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';

export type HostingAccountStatus = 'active' | 'suspended' | 'cancelled';

/** A customer's hosting package on one domain, created by fulfilment through the provisioning port. */
export const hostingAccounts = pgTable(
  'hosting_accounts',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    productId: integer('product_id').notNull(),
    productCode: text('product_code').notNull(),
    status: text('status').$type<HostingAccountStatus>().notNull().default('active'),
    /** The login on the hosting platform. */
    username: text('username').notNull(),
    /** The provisioning adapter's id of the account. */
    providerRef: text('provider_ref').notNull(),
    /** The free CMS install's product code, if one was chosen. */
    cmsInstall: text('cms_install'),
    orderId: integer('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('hosting_accounts_domain_idx').on(t.domain), index('hosting_accounts_customer_idx').on(t.customerId)],
);

export const hostingAccountExtras = pgTable(
  'hosting_account_extras',
  {
    id: serial('id').primaryKey(),
    hostingAccountId: integer('hosting_account_id')
      .notNull()
      .references(() => hostingAccounts.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    productCode: text('product_code').notNull(),
    orderId: integer('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('hosting_account_extras_once_idx').on(t.hostingAccountId, t.productId)],
);
