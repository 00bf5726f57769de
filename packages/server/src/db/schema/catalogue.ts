import type { TProductType } from '@kavel/core';
import { boolean, date, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** Domain extensions for sale, in popularity order (`position`). Prices: cents excl. VAT per year. */
export const domainExtensions = pgTable('domain_extensions', {
  productId: integer('product_id').primaryKey(),
  productCode: text('product_code').notNull().unique(),
  extension: text('extension').notNull().unique(),
  position: integer('position').notNull(),
  originalPrice: integer('original_price').notNull(),
  discountedPrice: integer('discounted_price').notNull(),
  transferPrice: integer('transfer_price').notNull(),
  rdapBaseUrl: text('rdap_base_url'),
  whoisServer: text('whois_server'),
  whoisFreePattern: text('whois_free_pattern'),
  whoisQuarantinePattern: text('whois_quarantine_pattern'),
  /** Whether the registry allows hiding the holder's data behind the shop's (the DNS page's privacy option). */
  privacySupported: boolean('privacy_supported').notNull().default(false),
  active: boolean('active').notNull().default(true),
});

/** Hosting packages. Prices: cents excl. VAT per month. */
export const hostingPackages = pgTable('hosting_packages', {
  productId: integer('product_id').primaryKey(),
  productCode: text('product_code').notNull().unique(),
  productName: text('product_name').notNull(),
  position: integer('position').notNull(),
  originalPrice: integer('original_price').notNull(),
  discountedPrice: integer('discounted_price').notNull(),
  reseller: boolean('reseller').notNull().default(false),
  mostChosen: boolean('most_chosen').notNull().default(false),
  diskSpace: text('disk_space').notNull(),
  dataTraffic: text('data_traffic').notNull(),
  features: jsonb('features').$type<string[]>().notNull(),
});

/** Extra services per hosting package. Price: cents excl. VAT per year. */
export const extraServices = pgTable('extra_services', {
  productId: integer('product_id').primaryKey(),
  productCode: text('product_code').notNull().unique(),
  productName: text('product_name').notNull(),
  position: integer('position').notNull(),
  price: integer('price').notNull(),
});

/**
 * The order app's single products: SSL certificates (price per year), Cloudflare plans and VPS
 * packages (per month). Prices in cents excl. VAT; `details` holds what the type adds (the
 * certificate's validation and warranty, the plan's features, the package's specification), read
 * through core's schema of the type.
 */
export const orderProducts = pgTable('order_products', {
  productId: integer('product_id').primaryKey(),
  productCode: text('product_code').notNull().unique(),
  productType: text('product_type').$type<'ssl' | 'sslmultidomains' | 'cloudflare' | 'vpspackage'>().notNull(),
  productName: text('product_name').notNull(),
  position: integer('position').notNull(),
  price: integer('price').notNull(),
  period: text('period').$type<'MONTHLY' | 'YEARLY'>().notNull(),
  details: jsonb('details').$type<Record<string, unknown>>().notNull(),
  active: boolean('active').notNull().default(true),
});

/** Free CMS installs offered with hosting. */
export const freeInstalls = pgTable('free_installs', {
  productId: integer('product_id').primaryKey(),
  productCode: text('product_code').notNull().unique(),
  productName: text('product_name').notNull(),
  position: integer('position').notNull(),
});

/** The redirect and transfer-code products. Price: cents excl. VAT per year. */
export const basketProducts = pgTable('basket_products', {
  productId: integer('product_id').primaryKey(),
  productCode: text('product_code').notNull().unique(),
  productType: text('product_type').$type<'REDIRECT' | 'TRANSFER_CODE'>().notNull().unique(),
  productName: text('product_name').notNull(),
  position: integer('position').notNull(),
  price: integer('price').notNull(),
});

/**
 * Discount codes: a percentage or a fixed amount (cents excl. VAT, once per basket period) off
 * the listed product types, valid from and until two dates (inclusive).
 */
export const discountCodes = pgTable('discount_codes', {
  code: text('code').primaryKey(),
  percentage: integer('percentage'),
  amount: integer('amount'),
  productTypes: jsonb('product_types').$type<TProductType[]>().notNull(),
  validFrom: date('valid_from', { mode: 'string' }).notNull(),
  validUntil: date('valid_until', { mode: 'string' }).notNull(),
});

/** Payment methods; `surcharge` in cents excl. VAT. */
export const paymentMethods = pgTable('payment_methods', {
  code: text('code').primaryKey(),
  position: integer('position').notNull(),
  surcharge: integer('surcharge').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** Countries with the ids the order app uses (1 to 249; Nederland is 154). */
export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  code: text('code').notNull(),
  nameNl: text('name_nl').notNull(),
  nameEn: text('name_en').notNull(),
});
