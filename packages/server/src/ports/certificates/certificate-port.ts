/**
 * How the shop orders SSL certificates from a certificate authority (through a reseller account).
 * Adapter: `simulated` (default). Like a real CA, a request is accepted first and issued later,
 * after domain (and for OV/EV organisation) validation: `issue` answers `pending`, `status` tells
 * when the certificate is there. The shop makes the key pair and sends a certificate signing
 * request (`createCertificateRequest`); the private key stays with the shop. Every `issue` carries
 * the shop's `clientRef`; repeating it answers the first result instead of ordering twice.
 * Expected failures are answers, never throws.
 */

export type CertificateValidation = 'DV' | 'OV' | 'EV';

export interface CertificateRequest {
  /** Ours: the order line that asks for it (`order-12:<unique>`). */
  clientRef: string;
  productCode: string;
  /** The certificate's subject common name; also one of its DNS names. */
  commonName: string;
  /** Further DNS names (a wildcard `*.example.nl` is allowed, not for EV). */
  altNames: string[];
  validation: CertificateValidation;
  /** The organisation named in an OV or EV certificate; required for those. */
  organisation?: string;
  /** PEM PKCS#10 request for the certificate's public key, from `createCertificateRequest`. */
  csrPem: string;
}

export type CertificateFailure = { ok: false; reason: 'unreachable' | 'refused' | 'unknown'; detail?: string };

export type IssueAnswer = { ok: true; providerRef: string; status: 'pending' } | CertificateFailure;

export type CertificateStatus = 'pending' | 'issued' | 'failed' | 'revoked';

export type StatusAnswer =
  | {
      ok: true;
      status: CertificateStatus;
      /** PEM of the certificate, once issued (kept after a revocation). */
      certificatePem?: string;
      /** PEM of the intermediate certificate(s) between it and the root. */
      chainPem?: string;
      /** ISO 8601 end of validity. */
      notAfter?: string;
      /** Why validation failed, for a `failed` order. */
      detail?: string;
    }
  | CertificateFailure;

export type RevokeAnswer = { ok: true } | CertificateFailure;

export interface CertificatePort {
  readonly name: string;
  issue(request: CertificateRequest): Promise<IssueAnswer>;
  status(providerRef: string): Promise<StatusAnswer>;
  /** Revokes an issued certificate, or cancels a pending order; a repeat answers ok. */
  revoke(providerRef: string): Promise<RevokeAnswer>;
}
