import { Agent } from 'node:https';
import { rootCertificates } from 'node:tls';
import acme from 'acme-client';
import type { AcmePort } from './acme-port.ts';

export interface AcmeClientOptions {
  /** The ACME directory, e.g. `https://acme-staging-v02.api.letsencrypt.org/directory`. */
  directoryUrl: string;
  /** The account's private key (PEM); the same key is the same account on every start and process. */
  accountKeyPem: string;
  /** The account's contact address; none when null. */
  email: string | null;
  /** Extra certificate authorities (PEM) trusted for the ACME server's own HTTPS (pebble's test CA). */
  caPem: string | null;
}

/** A new account key (PEM) for `accountKeyPem`, made once and kept by the caller. */
export async function createAcmeAccountKey(): Promise<string> {
  return (await acme.crypto.createPrivateEcdsaKey('P-256')).toString();
}

/**
 * The `acme-client` library against a real directory. Each certificate gets a fresh P-256 key.
 * The library's own check that the challenge is reachable is skipped: the forwarding service
 * has checked that the host points at the responder, and the authority checks it anyway.
 */
export function createAcmeClientAcme(options: AcmeClientOptions): AcmePort {
  if (options.caPem) {
    // acme-client makes its requests through its own axios instance: that instance trusts the extra CA too.
    acme.axios.defaults.httpsAgent = new Agent({ ca: [...rootCertificates, options.caPem], keepAlive: true });
  }
  const client = new acme.Client({ directoryUrl: options.directoryUrl, accountKey: options.accountKeyPem, backoffAttempts: 8, backoffMin: 500, backoffMax: 5000 });
  return {
    name: 'acme-client',
    async issue(host, challenges) {
      try {
        const [keyPem, csr] = await acme.crypto.createCsr({ commonName: host, altNames: [host] }, await acme.crypto.createPrivateEcdsaKey('P-256'));
        const certificatePem = await client.auto({
          csr,
          ...(options.email ? { email: options.email } : {}),
          termsOfServiceAgreed: true,
          challengePriority: ['http-01'],
          skipChallengeVerification: true,
          challengeCreateFn: (_authz, challenge, keyAuthorization) => challenges.put(host, challenge.token, keyAuthorization),
          challengeRemoveFn: (_authz, challenge) => challenges.remove(challenge.token),
        });
        return { ok: true, certificate: { certificatePem, keyPem: keyPem.toString(), notAfter: acme.crypto.readCertificateInfo(certificatePem).notAfter } };
      } catch (error) {
        return { ok: false, reason: 'failed', detail: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
