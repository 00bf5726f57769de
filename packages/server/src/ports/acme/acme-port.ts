/**
 * Certificates from an ACME certificate authority (RFC 8555) for the forwarding responder's
 * HTTPS: `none` (the default: issues nothing, the responder serves HTTP only) and `acme-client`
 * (a real directory: Let's Encrypt, its staging, or pebble in the tests). Validation is HTTP-01:
 * the port hands each challenge's answer to `challenges`, which keeps it where every responder
 * process can serve it, and takes it away when the order is done.
 */
export interface AcmeChallenges {
  put(host: string, token: string, keyAuthorization: string): Promise<void>;
  remove(token: string): Promise<void>;
}

export interface IssuedCertificate {
  /** The leaf certificate followed by its intermediates (PEM). */
  certificatePem: string;
  /** The certificate's private key (PKCS#8 PEM). */
  keyPem: string;
  notAfter: Date;
}

export type AcmeIssueAnswer = { ok: true; certificate: IssuedCertificate } | { ok: false; reason: 'disabled' | 'failed'; detail: string };

export interface AcmePort {
  readonly name: 'none' | 'acme-client';
  /** Orders, validates (HTTP-01) and downloads a certificate for the one host name. */
  issue(host: string, challenges: AcmeChallenges): Promise<AcmeIssueAnswer>;
}
