export type { AcmeChallenges, AcmeIssueAnswer, AcmePort, IssuedCertificate } from './acme-port.ts';
export { createNoneAcme } from './none-acme.ts';
export { createAcmeAccountKey, createAcmeClientAcme, type AcmeClientOptions } from './acme-client-acme.ts';
