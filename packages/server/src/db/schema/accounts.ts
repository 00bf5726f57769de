import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { countries } from './catalogue.ts';

/** Where a customer's account is in its life; moves only along `features/accounts/account-states.ts`. */
export type AccountState = 'awaiting_activation' | 'active' | 'locked';

/**
 * Customers (private or company). The login e-mail is stored lower-case and is unique
 * case-insensitively; the password hash is null until an order-app registration sets one.
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** `scrypt$N$r$p$salt$hash`, see `features/accounts/password-hashing.ts`. */
    passwordHash: text('password_hash'),
    state: text('state').$type<AccountState>().notNull().default('awaiting_activation'),
    isCompany: boolean('is_company').notNull().default(false),
    companyName: text('company_name').notNull().default(''),
    gender: text('gender').$type<'M' | 'F'>().notNull().default('M'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    street: text('street').notNull().default(''),
    streetNumber: text('street_number').notNull().default(''),
    streetNumberAddition: text('street_number_addition').notNull().default(''),
    postCode: text('post_code').notNull().default(''),
    city: text('city').notNull().default(''),
    countryId: integer('country_id')
      .notNull()
      .default(154)
      .references(() => countries.id),
    phoneNumber: text('phone_number').notNull().default(''),
    language: text('language').$type<'nl' | 'en'>().notNull().default('nl'),
    isReseller: boolean('is_reseller').notNull().default(false),
    /** Reseller tier; decides reseller prices. Null for others. */
    staffel: integer('staffel'),
    /** A web user of another customer: may log in, may not order. */
    isSubUser: boolean('is_sub_user').notNull().default(false),
    parentCustomerId: integer('parent_customer_id').references((): AnyPgColumn => customers.id, { onDelete: 'cascade' }),
    /**
     * When a staff member approved this customer for ordering on account (core's `mayOrderOnAccount`);
     * null for most. Set directly in the database until a back office exists.
     */
    onAccountApprovedAt: timestamp('on_account_approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('customers_email_idx').on(sql`lower(${t.email})`), index('customers_parent_idx').on(t.parentCustomerId)],
);

export type AccountTokenPurpose = 'activation' | 'password_reset';

/** Activation and password-reset links. Only a SHA-256 of the token is stored; each works once. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<AccountTokenPurpose>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('account_tokens_customer_idx').on(t.customerId, t.purpose)],
);

/**
 * Attempts that count towards a captcha demand or a cooldown, per scope (`login-account:<id>`,
 * `login-ip:<ip>`, `register-ip:<ip>`, `reset-email:<sha256>`...). In the database, so that
 * every process counts the same.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: serial('id').primaryKey(),
    scope: text('scope').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_attempts_scope_idx').on(t.scope, t.createdAt)],
);

/**
 * The login throttle of one account (`login-account:<id>`) or unknown address
 * (`login-email:<sha256>`): how many password checks failed in a row, when the next check may
 * start, and until when further attempts are refused outright. One row per scope, claimed with a
 * conditional UPDATE, so concurrent attempts in every process share one delay slot.
 */
export const loginThrottles = pgTable('login_throttles', {
  scope: text('scope').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * One row per `send-mail` job that began sending: written before the SMTP exchange, `sent_at`
 * right after the server accepted the message. A retry of a job already sent sends nothing;
 * `attempts` above one tells an interrupted send (see ARCHITECTURE.md, mail exactly once).
 */
export const mailDeliveries = pgTable('mail_deliveries', {
  jobId: text('job_id').primaryKey(),
  attempts: integer('attempts').notNull().default(1),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
