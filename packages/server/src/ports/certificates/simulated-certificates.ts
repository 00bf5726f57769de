/**
 * Offline certificate authority for development, demos and tests. It behaves like a reseller CA:
 * an order is accepted as `pending`, validated for a configurable time, then issued as a real
 * X.509 certificate (one year, random serial, the order's DNS names) signed by a test CA of its
 * own (root -> intermediate -> certificate). Orders and the test CA live in the database (the
 * adapter's own tables), so every process and a restarted one see the same authority and sign
 * with the same chain. Completion happens at the first `status` question after the delay, so no
 * timer or job is needed. A DNS name under `.invalid` fails validation, like a domain whose
 * owner never confirms.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { simulatedCertificateAuthorities, simulatedCertificates } from '../../db/schema/index.ts';
import type { CertificateFailure, CertificatePort, CertificateRequest, IssueAnswer, RevokeAnswer, StatusAnswer } from './certificate-port.ts';
import type { TestAuthorityPem } from './x509.ts';

/** The X.509 code (node-forge), loaded with the first certificate rather than with the server. */
const x509 = () => import('./x509.ts');

/** A call the test hook may fail: answered with the failure instead of being done. */
export type CertificateCall = 'issue' | 'status' | 'revoke';
/** What the hook injects: a failure answer, or (for `issue`) an order accepted whose validation will fail. */
export type InjectedCertificateFault = CertificateFailure | { validationFails: string } | null;

export interface SimulatedCertificatesOptions {
  db: Database;
  /** The authority's name; the default one is the shop's. Tests start a fresh authority with a new name. */
  authority?: string;
  /** Seconds between the request and the issued certificate (domain validation); 0 for tests. */
  issueSeconds: number;
  /** Share of `issue` calls answered `unreachable` (nothing ordered, so a retry works), 0 to 1. */
  failureRate?: number;
  random?: () => number;
  /** Tests: decides per call whether it fails. */
  inject?: (call: CertificateCall, request: CertificateRequest | string) => InjectedCertificateFault;
  now?: () => Date;
}

export interface SimulatedCertificates extends CertificatePort {
  /** The test CA's root certificate (PEM): what a client must trust to accept the certificates. */
  rootCertificatePem(): Promise<string>;
}

/** The shop's one simulated authority. */
export const DEFAULT_SIMULATED_AUTHORITY = 'simulated';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A DNS name a CA may certify: at least two labels, a wildcard only as the whole first label. */
export function isCertifiableName(name: string, wildcardAllowed: boolean): boolean {
  if (name.length > 253) return false;
  const labels = name.split('.');
  if (labels.length < 2) return false;
  return labels.every((label, index) => (index === 0 && label === '*' && wildcardAllowed && labels.length > 2) || LABEL.test(label));
}

/** The order's DNS names (common name first, lowercase, once each), or why the CA refuses it. */
export function namesOf(request: CertificateRequest): { ok: true; names: string[] } | { ok: false; detail: string } {
  const names = [...new Set([request.commonName, ...request.altNames].map((name) => name.trim().toLowerCase()))];
  const wildcardAllowed = request.validation !== 'EV';
  const bad = names.find((name) => !isCertifiableName(name, wildcardAllowed));
  if (bad !== undefined) return { ok: false, detail: `${bad} cannot be certified${request.validation === 'EV' && bad.startsWith('*.') ? ' (no wildcards in EV)' : ''}` };
  if (names.length > 100) return { ok: false, detail: 'at most 100 names per certificate' };
  if (request.validation !== 'DV' && !request.organisation?.trim()) return { ok: false, detail: `${request.validation} needs the organisation` };
  return { ok: true, names };
}

type OrderRow = typeof simulatedCertificates.$inferSelect;

const providerRefOf = (id: number) => `simcert-${id}`;
function idOf(providerRef: string): number | null {
  const match = /^simcert-(\d{1,9})$/.exec(providerRef);
  return match ? Number(match[1]) : null;
}

export function createSimulatedCertificates(options: SimulatedCertificatesOptions): SimulatedCertificates {
  const { db } = options;
  const authority = options.authority ?? DEFAULT_SIMULATED_AUTHORITY;
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const failureRate = options.failureRate ?? 0;
  if (!(failureRate >= 0 && failureRate <= 1)) throw new RangeError(`failureRate must be within [0, 1], got ${failureRate}`);
  const t = simulatedCertificates;
  const ca = simulatedCertificateAuthorities;
  const unknown = (providerRef: string): CertificateFailure => ({ ok: false, reason: 'unknown', detail: `no certificate order ${providerRef}` });

  // The test CA never changes once stored, so one read per process is enough.
  let authorityPem: Promise<TestAuthorityPem> | null = null;
  function testAuthority(): Promise<TestAuthorityPem> {
    authorityPem ??= (async () => {
      const [stored] = await db.select().from(ca).where(eq(ca.authority, authority));
      if (stored) return stored;
      // Two processes may both create one; the first insert wins and both sign with that one.
      const { createTestAuthority } = await x509();
      await db.insert(ca).values({ authority, ...(await createTestAuthority(authority, now())) }).onConflictDoNothing();
      const [created] = await db.select().from(ca).where(eq(ca.authority, authority));
      if (!created) throw new Error(`test CA ${authority} missing right after insert`);
      return created;
    })();
    authorityPem.catch(() => {
      authorityPem = null;
    });
    return authorityPem;
  }

  async function findOrder(providerRef: string): Promise<OrderRow | undefined> {
    const id = idOf(providerRef);
    if (id === null) return undefined;
    const [row] = await db.select().from(t).where(and(eq(t.authority, authority), eq(t.id, id)));
    return row;
  }

  /** Issues (or fails) a pending order whose validation time has come; another process may beat us to it. */
  async function complete(row: OrderRow): Promise<OrderRow> {
    const pending = and(eq(t.id, row.id), eq(t.status, 'pending'));
    let set: Partial<OrderRow>;
    if (row.failureDetail !== null) {
      set = { status: 'failed' };
    } else {
      const { readCertificateRequest, signLeaf } = await x509();
      const csr = readCertificateRequest(row.csrPem);
      if (!csr.ok) {
        set = { status: 'failed', failureDetail: csr.detail };
      } else {
        const leaf = signLeaf(
          await testAuthority(),
          { commonName: row.commonName, dnsNames: row.altNames, validation: row.validation as 'DV' | 'OV' | 'EV', organisation: row.organisation, publicKey: csr.publicKey },
          now(),
        );
        set = { status: 'issued', certificatePem: leaf.certificatePem, serial: leaf.serial, notAfter: leaf.notAfter };
      }
    }
    const [updated] = await db.update(t).set(set).where(pending).returning();
    if (updated) return updated;
    const [current] = await db.select().from(t).where(eq(t.id, row.id));
    return current ?? row;
  }

  return {
    name: 'simulated',

    async rootCertificatePem() {
      return (await testAuthority()).rootCertificatePem;
    },

    async issue(request): Promise<IssueAnswer> {
      const [earlier] = await db.select().from(t).where(and(eq(t.authority, authority), eq(t.clientRef, request.clientRef)));
      if (earlier) return { ok: true, providerRef: providerRefOf(earlier.id), status: 'pending' };
      const fault = options.inject?.('issue', request) ?? null;
      if (fault && 'ok' in fault) return fault;
      if (random() < failureRate) return { ok: false, reason: 'unreachable', detail: 'the simulated authority did not answer (injected)' };
      const names = namesOf(request);
      if (!names.ok) return { ok: false, reason: 'refused', detail: names.detail };
      const csr = (await x509()).readCertificateRequest(request.csrPem);
      if (!csr.ok) return { ok: false, reason: 'refused', detail: csr.detail };
      const commonName = names.names[0]!;
      if (csr.commonName !== null && csr.commonName.toLowerCase() !== commonName) {
        return { ok: false, reason: 'refused', detail: `the signing request names ${csr.commonName}, the order ${commonName}` };
      }
      const invalid = names.names.find((name) => name.endsWith('.invalid'));
      const failureDetail = fault ? fault.validationFails : invalid ? `domain validation of ${invalid} failed` : null;
      await db
        .insert(t)
        .values({
          authority,
          clientRef: request.clientRef,
          productCode: request.productCode,
          commonName,
          altNames: names.names,
          validation: request.validation,
          organisation: request.organisation?.trim() || null,
          csrPem: request.csrPem,
          status: 'pending',
          readyAt: new Date(now().getTime() + options.issueSeconds * 1000),
          failureDetail,
        })
        .onConflictDoNothing();
      // Read back: a concurrent request with the same reference may have been first.
      const [order] = await db.select().from(t).where(and(eq(t.authority, authority), eq(t.clientRef, request.clientRef)));
      if (!order) return { ok: false, reason: 'unreachable', detail: 'the order vanished right after it was placed' };
      return { ok: true, providerRef: providerRefOf(order.id), status: 'pending' };
    },

    async status(providerRef): Promise<StatusAnswer> {
      const fault = options.inject?.('status', providerRef) ?? null;
      if (fault && 'ok' in fault) return fault;
      let row = await findOrder(providerRef);
      if (!row) return unknown(providerRef);
      if (row.status === 'pending' && row.readyAt.getTime() <= now().getTime()) row = await complete(row);
      if (row.status === 'failed') return { ok: true, status: 'failed', ...(row.failureDetail ? { detail: row.failureDetail } : {}) };
      if ((row.status === 'issued' || row.status === 'revoked') && row.certificatePem && row.notAfter) {
        const chainPem = (await testAuthority()).intermediateCertificatePem;
        return { ok: true, status: row.status, certificatePem: row.certificatePem, chainPem, notAfter: row.notAfter.toISOString() };
      }
      return { ok: true, status: row.status as 'pending' | 'revoked' };
    },

    async revoke(providerRef): Promise<RevokeAnswer> {
      const fault = options.inject?.('revoke', providerRef) ?? null;
      if (fault && 'ok' in fault) return fault;
      const row = await findOrder(providerRef);
      if (!row) return unknown(providerRef);
      if (row.status === 'revoked') return { ok: true };
      if (row.status === 'failed') return { ok: false, reason: 'refused', detail: 'a failed order has no certificate to revoke' };
      await db.update(t).set({ status: 'revoked', revokedAt: now() }).where(eq(t.id, row.id));
      return { ok: true };
    },
  };
}
