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
export type { CertificateCall, InjectedCertificateFault, SimulatedCertificates } from './simulated-certificates.ts';
export { createCertificateRequest } from './x509.ts';
