import { and, asc, eq, lt, lte } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.ts';
import { acmeChallenges, forwardCertificateLeases, forwardCertificates } from '../../db/schema/index.ts';

/** A host's certificate as stored. */
export interface StoredCertificate {
  host: string;
  certificatePem: string;
  keyPem: string;
  notAfter: Date;
  issuedAt: Date;
}

export async function certificateOf(q: Queryable, host: string): Promise<StoredCertificate | null> {
  const [row] = await q.select().from(forwardCertificates).where(eq(forwardCertificates.host, host));
  return row ?? null;
}

/** Stores (or replaces) the host's certificate. */
export async function storeCertificate(q: Queryable, certificate: StoredCertificate): Promise<void> {
  const { certificatePem, keyPem, notAfter, issuedAt } = certificate;
  const values = { certificatePem, keyPem, notAfter, issuedAt };
  await q.insert(forwardCertificates).values(certificate).onConflictDoUpdate({ target: forwardCertificates.host, set: values });
}

export async function removeCertificate(q: Queryable, host: string): Promise<void> {
  await q.delete(forwardCertificates).where(eq(forwardCertificates.host, host));
}

/** The hosts whose certificate ends before `before`, soonest first. */
export async function certificatesEndingBefore(q: Queryable, before: Date, limit: number): Promise<{ host: string; notAfter: Date }[]> {
  return q
    .select({ host: forwardCertificates.host, notAfter: forwardCertificates.notAfter })
    .from(forwardCertificates)
    .where(lt(forwardCertificates.notAfter, before))
    .orderBy(asc(forwardCertificates.notAfter))
    .limit(limit);
}

/**
 * Takes the host's lease for `holder` until `until`, unless another holder's lease still runs
 * (one atomic statement, so two processes never both get it). True when taken.
 */
export async function takeLease(q: Queryable, host: string, holder: string, now: Date, until: Date): Promise<boolean> {
  const taken = await q
    .insert(forwardCertificateLeases)
    .values({ host, holder, heldUntil: until })
    .onConflictDoUpdate({ target: forwardCertificateLeases.host, set: { holder, heldUntil: until }, setWhere: lte(forwardCertificateLeases.heldUntil, now) })
    .returning({ host: forwardCertificateLeases.host });
  return taken.length > 0;
}

export async function releaseLease(q: Queryable, host: string, holder: string): Promise<void> {
  await q.delete(forwardCertificateLeases).where(and(eq(forwardCertificateLeases.host, host), eq(forwardCertificateLeases.holder, holder)));
}

export async function putChallenge(q: Queryable, host: string, token: string, keyAuthorization: string): Promise<void> {
  await q.insert(acmeChallenges).values({ host, token, keyAuthorization }).onConflictDoUpdate({ target: acmeChallenges.token, set: { host, keyAuthorization } });
}

export async function removeChallenge(q: Queryable, token: string): Promise<void> {
  await q.delete(acmeChallenges).where(eq(acmeChallenges.token, token));
}

/** The key authorization answering `token` for a request to `host`; null when no order of that host waits for it. */
export async function challengeAnswer(q: Queryable, host: string, token: string): Promise<string | null> {
  const [row] = await q
    .select({ keyAuthorization: acmeChallenges.keyAuthorization })
    .from(acmeChallenges)
    .where(and(eq(acmeChallenges.token, token), eq(acmeChallenges.host, host)));
  return row?.keyAuthorization ?? null;
}

/** Challenges of orders that never finished (a process that died mid-order). */
export async function removeChallengesBefore(q: Queryable, before: Date): Promise<void> {
  await q.delete(acmeChallenges).where(lt(acmeChallenges.createdAt, before));
}
