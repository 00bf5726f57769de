import type { Database, Queryable } from '../../db/connect.ts';
import type { SslCertificateStatus } from '../../db/schema/index.ts';
import { createCertificateRequest } from '../../ports/certificates/index.ts';
import * as repository from './certificate-repository.ts';

export type CertificateRow = repository.CertificateRow;

/** A certificate as fulfilment orders it: the order line's names and product. */
export interface CertificateOrder {
  customerId: number;
  orderId: number;
  clientRef: string;
  commonName: string;
  altNames: string[];
  productId: number;
  productCode: string;
  validation: 'DV' | 'OV' | 'EV';
  organisation?: string;
}

/** A domain's certificate as the account's domain list shows it. */
export interface DomainCertificate {
  id: number;
  status: SslCertificateStatus;
}

/** The PEM files of an issued certificate, for its owner only. */
export interface CertificateFiles {
  commonName: string;
  certificatePem: string;
  chainPem: string;
  privateKeyPem: string;
}

export interface CertificateService {
  /**
   * The certificate's row with its key pair and signing request, made on the first call and read
   * on every later one: a repeated fulfilment step sends the authority the same request.
   */
  prepare(order: CertificateOrder): Promise<CertificateRow>;
  setProviderRef(id: number, providerRef: string): Promise<void>;
  markIssued(q: Queryable, id: number, issued: { certificatePem: string; chainPem: string; notAfter: Date; issuedAt: Date }): Promise<void>;
  markFailed(id: number, detail: string): Promise<void>;
  markRevoked(q: Queryable, id: number): Promise<void>;
  /**
   * The certificate of each of these domains, by name: one whose names include the domain (or
   * its wildcard); of several, an issued one before a pending, a failed and a revoked one, newest first.
   */
  byDomain(customerId: number, domains: readonly string[]): Promise<Map<string, DomainCertificate>>;
  /** The PEM files of the customer's issued certificate; null for none, someone else's, or one not (or no longer) valid. */
  filesOf(customerId: number, id: number): Promise<CertificateFiles | null>;
}

export function createCertificateService(db: Database): CertificateService {
  return {
    async prepare(order) {
      const existing = await repository.findByClientRef(db, order.clientRef);
      if (existing) return existing;
      const { csrPem, privateKeyPem } = await createCertificateRequest({
        commonName: order.commonName,
        altNames: order.altNames,
        ...(order.organisation ? { organisation: order.organisation } : {}),
      });
      return repository.insertOnce(db, {
        customerId: order.customerId,
        orderId: order.orderId,
        clientRef: order.clientRef,
        commonName: order.commonName,
        altNames: order.altNames,
        productId: order.productId,
        productCode: order.productCode,
        validation: order.validation,
        status: 'pending',
        privateKeyPem,
        csrPem,
      });
    },

    setProviderRef: (id, providerRef) => repository.update(db, id, { providerRef }),

    markIssued: (q, id, issued) => repository.update(q, id, { status: 'issued', failureDetail: null, ...issued }),

    markFailed: (id, detail) => repository.update(db, id, { status: 'failed', failureDetail: detail.slice(0, 2000) }),

    markRevoked: (q, id) => repository.update(q, id, { status: 'revoked' }),

    async byDomain(customerId, domains) {
      const wanted = new Set(domains.map((domain) => domain.toLowerCase()));
      const found = new Map<string, DomainCertificate>();
      if (wanted.size === 0) return found;
      for (const row of await repository.listOwned(db, customerId)) {
        const names = new Set([row.commonName, ...row.altNames].map((name) => name.toLowerCase()));
        for (const domain of wanted) {
          if (!names.has(domain) && !names.has(`*.${domain}`)) continue;
          const earlier = found.get(domain);
          // Rows come newest first: a later row replaces only one of a worse status.
          if (!earlier || repository.STATUS_RANK[row.status] < repository.STATUS_RANK[earlier.status]) found.set(domain, { id: row.id, status: row.status });
        }
      }
      return found;
    },

    async filesOf(customerId, id) {
      const row = await repository.findOwned(db, customerId, id);
      if (!row?.certificatePem || row.status !== 'issued') return null;
      return { commonName: row.commonName, certificatePem: row.certificatePem, chainPem: row.chainPem ?? '', privateKeyPem: row.privateKeyPem };
    },
  };
}
