import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import { domains } from './domains.ts';

/** A domain holder's fields, as the registry knows them: a custom holder's and a domain's own. */
const holderColumns = () => ({
  company: text('company').notNull().default(''),
  gender: text('gender').$type<'M' | 'F'>().notNull().default('M'),
  forename: text('forename').notNull(),
  surname: text('surname').notNull(),
  street: text('street').notNull(),
  houseNumber: text('house_number').notNull(),
  houseNumberAdd: text('house_number_add').notNull().default(''),
  postcode: text('postcode').notNull(),
  city: text('city').notNull(),
  /** ISO 3166-1 alpha-2. */
  country: text('country').notNull().default('NL'),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  vat: text('vat').notNull().default(''),
});

/**
 * A customer's own domain holders (whois contacts); the standard holder is the customer's account
 * data and is not stored here. `company` is '' for a private person, `vat` is kept for companies.
 */
export const whoisHolders = pgTable(
  'whois_holders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    ...holderColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('whois_holders_customer_idx').on(t.customerId)],
);

/**
 * The holder of one of the shop's domains as the customer last set it (the order app's whois
 * form). A domain without a row has the holder its order registered it with.
 */
export const domainHolders = pgTable('domain_holders', {
  domainId: integer('domain_id')
    .primaryKey()
    .references(() => domains.id, { onDelete: 'cascade' }),
  ...holderColumns(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
