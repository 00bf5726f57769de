import type { AcmePort } from './acme-port.ts';

/** No certificate authority configured: nothing is issued, so the responder answers over HTTP only. */
export function createNoneAcme(): AcmePort {
  return { name: 'none', issue: () => Promise.resolve({ ok: false, reason: 'disabled', detail: 'ACME_DIRECTORY_URL is not set' }) };
}
