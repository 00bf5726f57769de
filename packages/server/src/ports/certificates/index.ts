export type {
  CertificateFailure,
  CertificatePort,
  CertificateRequest,
  CertificateStatus,
  CertificateValidation,
  IssueAnswer,
  RevokeAnswer,
  StatusAnswer,
} from './certificate-port.ts';
export { createSimulatedCertificates, DEFAULT_SIMULATED_AUTHORITY, isCertifiableName } from './simulated-certificates.ts';
import type { CertificateSubject } from './x509.ts';

export type { CertificateCall, InjectedCertificateFault, SimulatedCertificates } from './simulated-certificates.ts';

/**
 * The shop's key pair and signing request for a certificate (see `x509.ts`). node-forge is loaded
 * with the first certificate, not with the server: it is most of a process's start that no first
 * answer needs.
 */
export async function createCertificateRequest(subject: CertificateSubject): Promise<{ csrPem: string; privateKeyPem: string }> {
  return (await import('./x509.ts')).createCertificateRequest(subject);
}
