import type { TBasketItemOptions, TOrderPeriod, TOrderStatus, TPaymentMethodCode, TPaymentStatus, TProductType, TVpsSpec } from '@kavel/core';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import type { HolderFields } from '../../ports/registry/registrant.ts';

/**
 * The last invoice number given out per year. Taken with a row lock inside the purchase's
 * transaction, so numbers run 1, 2, 3... without gaps (Dutch invoicing rules): a rolled-back
 * purchase gives its number back.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** The customer's address when the invoice was made, as printed on it. */
export interface InvoiceAddressee {
  name: string;
  companyName: string;
  street: string;
  postCode: string;
  city: string;
  country: string;
  email: string;
}

/**
 * Invoices. `closed`: final (online payment, direct debit, or an open invoice at the end of its
 * month); open: pay-on-account orders of the month are added to it. Totals are the sums of the
 * orders on it; VAT is taken per order (each order's VAT is on the order).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** `2026-000042`: year and the sequence within it. */
    number: text('number').notNull().unique(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    closed: boolean('closed').notNull().default(false),
    addressee: jsonb('addressee').$type<InvoiceAddressee>().notNull(),
    totalExcludeTax: integer('total_exclude_tax').notNull().default(0),
    totalTax: integer('total_tax').notNull().default(0),
    totalIncludeTax: integer('total_include_tax').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A credit note (negative totals): the issued invoice it corrects. */
    correctsInvoiceId: integer('corrects_invoice_id').references((): AnyPgColumn => invoices.id),
  },
  (t) => [uniqueIndex('invoices_year_sequence_idx').on(t.year, t.sequence), index('invoices_customer_idx').on(t.customerId)],
);

/** Orders; `status` moves only along `ORDER_TRANSITIONS` (core `schemas/orders.ts`). */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    /** The purchase attempt's id: the same request twice answers this order. */
    requestId: text('request_id').notNull(),
    status: text('status').$type<TOrderStatus>().notNull(),
    paymentMethod: text('payment_method').$type<TPaymentMethodCode>().notNull(),
    period: text('period').$type<TOrderPeriod>().notNull(),
    discountCode: text('discount_code'),
    totalExcludeTax: integer('total_exclude_tax').notNull(),
    totalTax: integer('total_tax').notNull(),
    totalIncludeTax: integer('total_include_tax').notNull(),
    discountExcludeTax: integer('discount_exclude_tax').notNull().default(0),
    administrativeCost: integer('administrative_cost').notNull().default(0),
    /** True when the order made its own (closed) invoice; false when added to an open one. */
    closedInvoice: boolean('closed_invoice').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    /** While set and in the future, one process is fulfilling the order; others leave it alone. */
    fulfilmentLeaseUntil: timestamp('fulfilment_lease_until', { withTimezone: true }),
    /** When the order's amounts were credited (it could not be delivered); once per order. */
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    /** Where that credit is booked: the order's own invoice while it was open, else a credit note. */
    creditInvoiceId: integer('credit_invoice_id').references(() => invoices.id),
  },
  (t) => [
    uniqueIndex('orders_request_idx').on(t.customerId, t.requestId),
    index('orders_invoice_idx').on(t.invoiceId),
    index('orders_status_idx').on(t.status),
    index('orders_credit_invoice_idx').on(t.creditInvoiceId),
  ],
);

/**
 * The names that orders are registering or transferring in, one row per name: the primary key
 * lets one order at a time have a name, so a second order for it is refused when it is placed.
 * Written in the order's transaction; removed when the registration ends (delivered: the
 * `domains` row guards the name from then on; failed; or, for an order awaiting payment, its
 * payment cancelled or expired).
 */
export const domainOrderClaims = pgTable(
  'domain_order_claims',
  {
    /** Lower case, as fulfilment registers it. */
    name: text('name').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('domain_order_claims_order_idx').on(t.orderId)],
);

/** The domain holder sent to the registry, as it was at purchase (and the holder it came from, if one of the customer's). */
export interface HolderSnapshot extends HolderFields {
  customWhoisId: number | null;
}

/**
 * What fulfilment needs of a line besides its product: a domain's basket choices, transfer code
 * and redirect; a certificate's names (`commonName`, `altNames`); the domain a Cloudflare plan
 * protects (`assignedDomain`); a VPS package's specification (`vpsSpec`).
 */
export type OrderLineOptions = TBasketItemOptions & {
  transferCode?: string;
  redirectUrl?: string;
  commonName?: string;
  altNames?: string[];
  assignedDomain?: string;
  vpsSpec?: TVpsSpec;
};

/** What an order bought: the basket's items with their prices and choices at purchase. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The basket item's `unique`; children point at their domain's through `parentUnique`. */
    unique: text('unique').notNull(),
    parentUnique: text('parent_unique'),
    productType: text('product_type').$type<TProductType>().notNull(),
    productId: integer('product_id').notNull(),
    productCode: text('product_code').notNull(),
    productName: text('product_name').notNull(),
    title: text('title').notNull(),
    /** An existing product being changed (hosting upgrade, extras): no new domain. */
    invoiced: boolean('invoiced').notNull().default(false),
    price: integer('price').notNull(),
    originalPrice: integer('original_price').notNull(),
    options: jsonb('options').$type<OrderLineOptions>().notNull().default({}),
    holder: jsonb('holder').$type<HolderSnapshot>(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

/** Payment attempts of an order; a cancelled or expired one may be followed by a new one. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** Ours, sent to the provider (`merchantOrderId`): unique per attempt. */
    merchantOrderId: text('merchant_order_id').notNull().unique(),
    /** The provider's id of the attempt (Omnikassa's `omnikassaOrderId`). */
    providerOrderId: text('provider_order_id'),
    status: text('status').$type<TPaymentStatus>().notNull(),
    amount: integer('amount').notNull(),
    redirectUrl: text('redirect_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_order_idx').on(t.orderId)],
);

/** `waiting`: the outside party accepted the step and is still at work (a transfer in); asked again by later runs. */
export type FulfilmentStepState = 'pending' | 'waiting' | 'done' | 'undone' | 'failed';

/**
 * The steps that deliver an order, one row per step. A step is done once; a retry skips what is
 * done, so a replayed webhook or a restart after a crash never delivers twice.
 */
export const fulfilmentSteps = pgTable(
  'fulfilment_steps',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** `register-domain:mijnbakkerij.nl`, `create-hosting:<line unique>`... */
    key: text('key').notNull(),
    state: text('state').$type<FulfilmentStepState>().notNull().default('pending'),
    /** What the step made (ids), for its undo. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fulfilment_steps_order_key_idx').on(t.orderId, t.key)],
);

/** A customer's SEPA direct-debit mandate, given with their first direct-debit order. */
export const directDebitMandates = pgTable('direct_debit_mandates', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  /** `KAVEL-<customer id>-<n>`: the mandate reference on the debit. */
  reference: text('reference').notNull().unique(),
  iban: text('iban').notNull(),
  accountHolder: text('account_holder').notNull(),
  signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
});
