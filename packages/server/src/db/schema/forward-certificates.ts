import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The certificates the forwarding responder serves over HTTPS, one per host name (a domain and
 * its `www.` are two hosts), issued on demand through ACME and renewed before `not_after`.
 * The private key is stored as PEM, like the customers' certificate keys.
 */
export const forwardCertificates = pgTable(
  'forward_certificates',
  {
    host: text('host').primaryKey(),
    /** The leaf certificate followed by its intermediates. */
    certificatePem: text('certificate_pem').notNull(),
    keyPem: text('key_pem').notNull(),
    notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('forward_certificates_not_after_idx').on(t.notAfter)],
);

/**
 * The ACME HTTP-01 answers of the orders in progress: any forwarder process answers
 * `/.well-known/acme-challenge/<token>` from here, whichever process placed the order.
 */
export const acmeChallenges = pgTable('acme_challenges', {
  token: text('token').primaryKey(),
  keyAuthorization: text('key_authorization').notNull(),
  host: text('host').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who is ordering a host's certificate: one order per host at a time across processes, until `held_until`. */
export const forwardCertificateLeases = pgTable('forward_certificate_leases', {
  host: text('host').primaryKey(),
  holder: text('holder').notNull(),
  heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
});
