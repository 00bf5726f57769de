import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
 * The current holder of one of the shop's domains, as the registry has it (or is about to: a
 * change goes there as a job). Written when the domain is registered and on every change. The
 * holder it came from: the customer's standard holder (`usesStandard`), one of their own holders
 * (`whoisHolderId`; a change to that holder reaches the domain), or neither (set for this domain
 * alone). A domain recorded before holders were kept has no row: its order's holder applies.
 */
export const domainHolders = pgTable(
  'domain_holders',
  {
    domainId: integer('domain_id')
      .primaryKey()
      .references(() => domains.id, { onDelete: 'cascade' }),
    ...holderColumns(),
    usesStandard: boolean('uses_standard').notNull().default(false),
    whoisHolderId: integer('whois_holder_id').references(() => whoisHolders.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('domain_holders_whois_holder_idx').on(t.whoisHolderId)],
);

/**
 * The standard holder's own label, e-mail address and phone number, when the customer changed
 * them (spec 001 section 3: the standard holder has label, email and phone); without a row they
 * are the account's.
 */
export const standardHolders = pgTable('standard_holders', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  label: text('label').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
