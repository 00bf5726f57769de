import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';

/** What every delivered product has: its customer, the order that brought it, and the order line's reference (a retry finds it). */
const deliveredColumns = () => ({
  id: serial('id').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  orderId: integer('order_id').notNull(),
  clientRef: text('client_ref').notNull(),
});

/**
 * The order app's products once delivered: certificates, domains behind Cloudflare and virtual
 * servers. Each row is written by a fulfilment step and owned by its feature (certificates,
 * cloudflare, vps); `client_ref` is the order line's reference, so a repeated step finds its row.
 */

export type SslCertificateStatus = 'pending' | 'issued' | 'failed' | 'revoked';

/** An SSL certificate the shop ordered for a customer, with the key pair the shop made for it. */
export const sslCertificates = pgTable(
  'ssl_certificates',
  {
    ...deliveredColumns(),
    commonName: text('common_name').notNull(),
    /** Every DNS name of the certificate beside the common name (several for a multi-domain one). */
    altNames: jsonb('alt_names').$type<string[]>().notNull().default([]),
    productId: integer('product_id').notNull(),
    productCode: text('product_code').notNull(),
    validation: text('validation').$type<'DV' | 'OV' | 'EV'>().notNull(),
    /** The authority's reference of the order, once it accepted it. */
    providerRef: text('provider_ref'),
    status: text('status').$type<SslCertificateStatus>().notNull().default('pending'),
    failureDetail: text('failure_detail'),
    /** Made by the shop; handed to the customer who owns the certificate and to nobody else. */
    privateKeyPem: text('private_key_pem').notNull(),
    csrPem: text('csr_pem').notNull(),
    certificatePem: text('certificate_pem'),
    chainPem: text('chain_pem'),
    notAfter: timestamp('not_after', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('ssl_certificates_client_ref_idx').on(t.clientRef), index('ssl_certificates_customer_idx').on(t.customerId)],
);

export type CloudflareZoneStatus = 'pending' | 'active';

/** A customer's domain on a Cloudflare plan (one plan per domain). */
export const cloudflareZones = pgTable(
  'cloudflare_zones',
  {
    ...deliveredColumns(),
    domain: text('domain').notNull(),
    productId: integer('product_id').notNull(),
    planCode: text('plan_code').notNull(),
    /** Cloudflare's zone id. */
    zoneId: text('zone_id').notNull(),
    nameservers: jsonb('nameservers').$type<string[]>().notNull().default([]),
    status: text('status').$type<CloudflareZoneStatus>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cloudflare_zones_domain_idx').on(t.domain), uniqueIndex('cloudflare_zones_client_ref_idx').on(t.clientRef), index('cloudflare_zones_customer_idx').on(t.customerId)],
);

export type VpsServerStatus = 'provisioning' | 'running';

export interface VpsServerSpec {
  vCpu: number;
  memoryGb: number;
  diskGb: number;
  trafficTb: number;
}

/** A customer's virtual server of a VPS package. */
export const vpsServers = pgTable(
  'vps_servers',
  {
    ...deliveredColumns(),
    /** The server's host name. */
    name: text('name').notNull(),
    productId: integer('product_id').notNull(),
    productCode: text('product_code').notNull(),
    spec: jsonb('spec').$type<VpsServerSpec>().notNull(),
    /** The platform's reference of the server. */
    providerRef: text('provider_ref').notNull(),
    status: text('status').$type<VpsServerStatus>().notNull(),
    ipv4: text('ipv4'),
    ipv6: text('ipv6'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vps_servers_client_ref_idx').on(t.clientRef), index('vps_servers_customer_idx').on(t.customerId)],
);
