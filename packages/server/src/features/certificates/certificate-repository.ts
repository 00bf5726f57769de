import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.ts';
import { sslCertificates, type SslCertificateStatus } from '../../db/schema/index.ts';

/** The certificates feature's queries: it owns `ssl_certificates`. */

export type CertificateRow = typeof sslCertificates.$inferSelect;
export type NewCertificateRow = typeof sslCertificates.$inferInsert;

export async function findByClientRef(q: Queryable, clientRef: string): Promise<CertificateRow | null> {
  const [row] = await q.select().from(sslCertificates).where(eq(sslCertificates.clientRef, clientRef));
  return row ?? null;
}

/** Inserts the row unless one with its reference exists; answers the stored row either way. */
export async function insertOnce(q: Queryable, row: NewCertificateRow): Promise<CertificateRow> {
  await q.insert(sslCertificates).values(row).onConflictDoNothing();
  const stored = await findByClientRef(q, row.clientRef);
  if (!stored) throw new Error('certificate row missing right after insert');
  return stored;
}

export async function update(q: Queryable, id: number, change: Partial<Omit<CertificateRow, 'id' | 'customerId' | 'clientRef'>>): Promise<void> {
  await q.update(sslCertificates).set(change).where(eq(sslCertificates.id, id));
}

/** The customer's certificate with this id; null for none or someone else's. */
export async function findOwned(q: Queryable, customerId: number, id: number): Promise<CertificateRow | null> {
  const [row] = await q
    .select()
    .from(sslCertificates)
    .where(and(eq(sslCertificates.id, id), eq(sslCertificates.customerId, customerId)));
  return row ?? null;
}

/** The customer's certificates, newest first, with their names and status. */
export function listOwned(q: Queryable, customerId: number) {
  return q
    .select({ id: sslCertificates.id, commonName: sslCertificates.commonName, altNames: sslCertificates.altNames, status: sslCertificates.status })
    .from(sslCertificates)
    .where(eq(sslCertificates.customerId, customerId))
    .orderBy(desc(sslCertificates.id));
}

export const STATUS_RANK: Record<SslCertificateStatus, number> = { issued: 0, pending: 1, failed: 2, revoked: 3 };

