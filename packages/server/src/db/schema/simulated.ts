import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * State of the simulated payment provider, hosting platform, Cloudflare, VPS platform and domain
 * registry (development, demos, tests), kept in the database so that a restart or a second
 * process does not lose an open payment page, an account, a zone, a server or a transfer. Owned by those adapters alone:
 * no feature reads these tables.
 */

/** One announced payment attempt of the simulated provider. */
export const simulatedPaymentAttempts = pgTable('simulated_payment_attempts', {
  merchantOrderId: text('merchant_order_id').primaryKey(),
  /** The page's address: 128 random bits, base64url. */
  providerOrderId: text('provider_order_id').notNull().unique(),
  /** The announcement as the shop sent it (amount, description, return URL, shopper). */
  announcement: jsonb('announcement').notNull(),
  /** COMPLETED, CANCELLED or EXPIRED once the tester chose; the first choice is final. */
  outcome: text('outcome'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The `authentication` token of each notification sent to the shop, and the attempt it reports on. */
export const simulatedPaymentNotifications = pgTable('simulated_payment_notifications', {
  authentication: text('authentication').primaryKey(),
  merchantOrderId: text('merchant_order_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A hosting account on the simulated platform. */
export const simulatedHostingAccounts = pgTable(
  'simulated_hosting_accounts',
  {
    id: serial('id').primaryKey(),
    /** Which simulated platform: one per shop, or a fresh one per test on a shared database. */
    platform: text('platform').notNull(),
    /** The shop's reference of the request that created it: a repeat answers this account. */
    clientRef: text('client_ref').notNull(),
    domain: text('domain').notNull(),
    username: text('username').notNull(),
    packageCode: text('package_code').notNull(),
    cmsInstall: text('cms_install'),
    customerRef: text('customer_ref').notNull(),
    /** A reseller account's number of sites; null for a customer's account. */
    resellerSites: integer('reseller_sites'),
    extras: jsonb('extras').$type<string[]>().notNull().default([]),
  },
  (table) => [
    unique('simulated_hosting_accounts_client_ref').on(table.platform, table.clientRef),
    unique('simulated_hosting_accounts_domain').on(table.platform, table.domain),
    unique('simulated_hosting_accounts_username').on(table.platform, table.username),
  ],
);

/**
 * The simulated certificate authority's own test CA: a root and an intermediate that signs the
 * certificates, created once per authority and kept here so that every process and a restart
 * sign with the same chain. These keys protect nothing: no browser trusts this root.
 */
export const simulatedCertificateAuthorities = pgTable('simulated_certificate_authorities', {
  /** Which simulated authority: one per shop, or a fresh one per test on a shared database. */
  authority: text('authority').primaryKey(),
  rootKeyPem: text('root_key_pem').notNull(),
  rootCertificatePem: text('root_certificate_pem').notNull(),
  intermediateKeyPem: text('intermediate_key_pem').notNull(),
  intermediateCertificatePem: text('intermediate_certificate_pem').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A certificate order at the simulated authority, from request to issued, failed or revoked. */
export const simulatedCertificates = pgTable(
  'simulated_certificates',
  {
    id: serial('id').primaryKey(),
    authority: text('authority').notNull(),
    /** The shop's reference of the request: a repeat answers this order. */
    clientRef: text('client_ref').notNull(),
    productCode: text('product_code').notNull(),
    commonName: text('common_name').notNull(),
    altNames: jsonb('alt_names').$type<string[]>().notNull(),
    validation: text('validation').notNull(),
    organisation: text('organisation'),
    /** The shop's certificate signing request; the private key never reaches the authority. */
    csrPem: text('csr_pem').notNull(),
    /** pending, issued, failed or revoked. */
    status: text('status').notNull(),
    /** When validation completes: the first status question from then on issues (or fails) it. */
    readyAt: timestamp('ready_at', { withTimezone: true }).notNull(),
    /** Set at request time when validation is to fail (a `.invalid` name, an injected failure). */
    failureDetail: text('failure_detail'),
    serial: text('serial'),
    certificatePem: text('certificate_pem'),
    notAfter: timestamp('not_after', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('simulated_certificates_client_ref').on(table.authority, table.clientRef)],
);

/** A zone on the simulated Cloudflare account: one per domain name, as on the real one. */
export const simulatedCloudflareZones = pgTable(
  'simulated_cloudflare_zones',
  {
    id: serial('id').primaryKey(),
    /** Which simulated account: one per shop, or a fresh one per test on a shared database. */
    platform: text('platform').notNull(),
    /** Cloudflare's zone identifier: 32 hexadecimal digits. */
    zoneId: text('zone_id').notNull(),
    name: text('name').notNull(),
    /** `pro` or `business`. */
    plan: text('plan').notNull(),
    /** The shop's reference of the request that created it. */
    clientRef: text('client_ref').notNull(),
    nameservers: jsonb('nameservers').$type<string[]>().notNull(),
    /** The zone is `active` from this moment on (Cloudflare saw its name servers). */
    activeFrom: timestamp('active_from', { withTimezone: true }).notNull(),
  },
  (table) => [unique('simulated_cloudflare_zones_zone_id').on(table.platform, table.zoneId), unique('simulated_cloudflare_zones_name').on(table.platform, table.name)],
);

/** A virtual server on the simulated VPS platform. */
export const simulatedVpsServers = pgTable(
  'simulated_vps_servers',
  {
    id: serial('id').primaryKey(),
    platform: text('platform').notNull(),
    /** The shop's reference of the request that created it: a repeat answers this server. */
    clientRef: text('client_ref').notNull(),
    hostname: text('hostname').notNull(),
    packageCode: text('package_code').notNull(),
    spec: jsonb('spec').$type<{ vCpu: number; memoryGb: number; diskGb: number }>().notNull(),
    customerRef: text('customer_ref').notNull(),
    /** From 203.0.113.0/24 (TEST-NET-3, RFC 5737), so it never reaches a real machine. */
    ipv4: text('ipv4').notNull(),
    /** The server is `running` from this moment on. */
    runningFrom: timestamp('running_from', { withTimezone: true }).notNull(),
  },
  (table) => [unique('simulated_vps_servers_client_ref').on(table.platform, table.clientRef), unique('simulated_vps_servers_ipv4').on(table.platform, table.ipv4)],
);

/**
 * A registration or transfer request at the simulated registry, with the first definite answer
 * it got (a repeat of the request answers it again). `holds`: the request has the name
 * (registered, or a transfer accepted); one request per name at a time.
 */
export const simulatedRegistryRequests = pgTable(
  'simulated_registry_requests',
  {
    /** Which simulated registry: one per shop, or a fresh one per test on a shared database. */
    registry: text('registry').notNull(),
    clientRef: text('client_ref').notNull(),
    name: text('name').notNull(),
    /** The answer as the port gives it, its dates as ISO strings. */
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    holds: boolean('holds').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'simulated_registry_requests_pk', columns: [table.registry, table.clientRef] }),
    uniqueIndex('simulated_registry_requests_holder').on(table.registry, table.name).where(sql`${table.holds}`),
  ],
);

/** What the simulated registry holds per domain: its delegation and its holder, as last set. */
export const simulatedRegistryDomains = pgTable(
  'simulated_registry_domains',
  {
    registry: text('registry').notNull(),
    name: text('name').notNull(),
    nameservers: jsonb('nameservers').$type<string[]>(),
    holder: jsonb('holder').$type<Record<string, string>>(),
  },
  (table) => [primaryKey({ name: 'simulated_registry_domains_pk', columns: [table.registry, table.name] })],
);
