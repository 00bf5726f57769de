import { randomUUID } from 'node:crypto';
import { createSecureContext, type SecureContext } from 'node:tls';
import { canonicalIpv6, isIpv6 } from '@kavel/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connect.ts';
import type { AcmeChallenges, AcmePort } from '../../ports/acme/index.ts';
import type { CacheEventsPort } from '../../ports/cache-events/index.ts';
import type { CounterPort } from '../../ports/counters/counter-port.ts';
import type { HostAddressesPort } from '../../ports/host-addresses/index.ts';
import { ReadCache } from '../../read-cache.ts';
import { serverNameDomain } from '../domains/forward-host.ts';
import type { ForwardService } from '../domains/forward-service.ts';
import * as repository from './forward-certificate-repository.ts';
import type { KeySealing } from './key-sealing.ts';
import type { StoredCertificate } from './forward-certificate-repository.ts';

/** How often certificates are ordered, and when they are renewed. */
export interface ForwardTlsLimits {
  /** Orders per host name per day; failed orders count too. */
  ordersPerHostPerDay: number;
  /** Orders per hour, all hosts together. */
  ordersPerHour: number;
  /** A certificate that ends within this many days is renewed. */
  renewBeforeDays: number;
}

export const DEFAULT_FORWARD_TLS_LIMITS: ForwardTlsLimits = { ordersPerHostPerDay: 5, ordersPerHour: 30, renewBeforeDays: 30 };

export interface ForwardTlsService {
  /** Whether certificates can be had at all (an ACME directory is configured). */
  readonly enabled: boolean;
  /**
   * The TLS context for a handshake's server name (SNI): its stored certificate, or one ordered
   * now. Null (no certificate, the handshake fails) for a name that is no host name, one without
   * an HTTP or IFRAME forward, one that does not point at the responder, or one over its rate limit.
   */
  secureContextFor(servername: string): Promise<SecureContext | null>;
  /** The HTTP-01 answer for `token` in a request to `host` (normalised), or null. */
  challengeAnswer(host: string, token: string): Promise<string | null>;
  /** The renewal job: certificates ending within `renewBeforeDays` are ordered again; those of hosts without a forward are removed. */
  renewDue(): Promise<{ renewed: string[]; failed: string[]; removed: string[] }>;
}

export interface ForwardTlsDeps {
  db: Database;
  acme: AcmePort;
  hostAddresses: HostAddressesPort;
  forwards: Pick<ForwardService, 'forHost'>;
  counters: CounterPort;
  cacheEvents: CacheEventsPort;
  /** The responder's public addresses: where a host must point to get a certificate. */
  responder: { ipv4: string; ipv6: string | null };
  limits: ForwardTlsLimits;
  /** How the certificates' private keys are stored: encrypted, or plain PEM. */
  keySealing: KeySealing;
  log: FastifyBaseLogger;
  now: () => Date;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** How long one order may hold its host; an order normally takes seconds. */
const LEASE_MS = 3 * 60_000;
/** How long a handshake waits for the order another process runs for the same host. */
const WAIT_FOR_OTHER_MS = 30_000;
/** A host refused (not pointing at us, rate limited, order failed) is not tried again for this long by this process. */
const REFUSAL_MS = 60_000;
const RENEW_BATCH = 50;

export const certificateCacheKey = (host: string) => `tls:${host}`;
const canonical = (address: string) => (isIpv6(address) ? canonicalIpv6(address) : address);

/**
 * HTTPS for forwarded domains: certificates on demand through the ACME port, kept in
 * `forward_certificates` so every responder process serves the same one, one order per host
 * at a time (a lease row), counted against per-host and overall limits on the shared counters.
 */
export function createForwardTlsService(deps: ForwardTlsDeps): ForwardTlsService {
  const { db, acme, log, now } = deps;
  const stored = new ReadCache<StoredCertificate | null>(deps.cacheEvents);
  const contexts = new Map<string, { issuedAt: number; context: SecureContext }>();
  const ordering = new Map<string, Promise<StoredCertificate | null>>();
  const refusedUntil = new Map<string, number>();
  const enabled = acme.name !== 'none';
  const ours = new Set([deps.responder.ipv4, deps.responder.ipv6].filter((address): address is string => !!address).map(canonical));

  const challenges: AcmeChallenges = {
    put: (host, token, keyAuthorization) => repository.putChallenge(db, host, token, keyAuthorization),
    remove: (token) => repository.removeChallenge(db, token),
  };

  async function certificateOf(host: string): Promise<StoredCertificate | null> {
    const key = certificateCacheKey(host);
    const cached = stored.get(key);
    if (cached !== undefined) return cached;
    const ticket = stored.ticket();
    const found = await repository.certificateOf(db, host);
    stored.set(key, found, ticket);
    return found;
  }

  function contextOf(certificate: StoredCertificate): SecureContext {
    const known = contexts.get(certificate.host);
    if (known && known.issuedAt === certificate.issuedAt.getTime()) return known.context;
    const context = createSecureContext({ cert: certificate.certificatePem, key: deps.keySealing.open(certificate.keyPem) });
    if (contexts.size >= 10_000) contexts.clear();
    contexts.set(certificate.host, { issuedAt: certificate.issuedAt.getTime(), context });
    return context;
  }

  /** The context of a stored certificate, or null when its key cannot be opened (another key encryption key): it is ordered again. */
  function usableContext(certificate: StoredCertificate): SecureContext | null {
    try {
      return contextOf(certificate);
    } catch (error) {
      log.warn({ host: certificate.host, err: error }, 'the stored certificate of a forwarded host cannot be used; ordering a new one');
      return null;
    }
  }

  function refuse(host: string, why: string): null {
    if (refusedUntil.size >= 10_000) refusedUntil.clear();
    refusedUntil.set(host, now().getTime() + REFUSAL_MS);
    log.info({ host, why }, 'no certificate ordered for the forwarded host');
    return null;
  }

  /** Every address the host has is the responder's (an AAAA elsewhere would fail the validation over IPv6). */
  async function pointsAtResponder(host: string): Promise<boolean> {
    const addresses = await deps.hostAddresses.addresses(host);
    if (addresses === null) return true;
    return addresses.length > 0 && addresses.every((address) => ours.has(canonical(address)));
  }

  async function withinLimits(host: string): Promise<boolean> {
    const perHost = await deps.counters.hit(`acme-orders:${host}`, DAY_MS);
    if (perHost.count > deps.limits.ordersPerHostPerDay) return false;
    const overall = await deps.counters.hit('acme-orders', HOUR_MS);
    return overall.count <= deps.limits.ordersPerHour;
  }

  /** Orders the host's certificate under its lease and stores it; null when another process holds the lease or the order fails. */
  async function order(host: string): Promise<StoredCertificate | null | 'busy'> {
    const holder = randomUUID();
    const start = now();
    if (!(await repository.takeLease(db, host, holder, start, new Date(start.getTime() + LEASE_MS)))) return 'busy';
    try {
      if (!(await withinLimits(host))) return refuse(host, 'rate limited');
      const answer = await acme.issue(host, challenges);
      if (!answer.ok) {
        if (answer.reason === 'failed') log.warn({ host, detail: answer.detail }, 'the ACME order failed');
        return refuse(host, answer.reason);
      }
      const { certificatePem, keyPem, notAfter } = answer.certificate;
      const certificate: StoredCertificate = { host, certificatePem, keyPem: deps.keySealing.seal(keyPem), notAfter, issuedAt: now() };
      await db.transaction(async (tx) => {
        await repository.storeCertificate(tx, certificate);
        await repository.releaseLease(tx, host, holder);
      });
      await deps.cacheEvents.publish([certificateCacheKey(host)]);
      log.info({ host, notAfter: certificate.notAfter }, 'certificate issued for the forwarded host');
      return certificate;
    } finally {
      await repository.releaseLease(db, host, holder);
    }
  }

  /** The certificate another process is ordering, once it is stored (or null after a while). */
  async function waitForOther(host: string, after: Date | null): Promise<StoredCertificate | null> {
    const until = Date.now() + WAIT_FOR_OTHER_MS;
    while (Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const found = await repository.certificateOf(db, host);
      if (found && (!after || found.issuedAt > after) && found.notAfter > now()) return found;
    }
    return null;
  }

  async function obtain(host: string): Promise<StoredCertificate | null> {
    if (!(await pointsAtResponder(host))) return refuse(host, 'does not point at the responder');
    const ordered = await order(host);
    return ordered === 'busy' ? waitForOther(host, null) : ordered;
  }

  return {
    enabled,

    async secureContextFor(servername) {
      // Taken as it came: a name that is no host name (`alpha.nl\evil.nl`) is never read as one that is.
      const host = serverNameDomain(servername);
      if (!host || !enabled) return null;
      if (!(await deps.forwards.forHost(host))) return null;
      const current = await certificateOf(host);
      const usable = current && current.notAfter > now() ? usableContext(current) : null;
      if (usable) return usable;
      if ((refusedUntil.get(host) ?? 0) > now().getTime()) return null;
      let pending = ordering.get(host);
      if (!pending) {
        pending = obtain(host).finally(() => ordering.delete(host));
        ordering.set(host, pending);
      }
      const ordered = await pending;
      return ordered ? contextOf(ordered) : null;
    },

    challengeAnswer: (host, token) => repository.challengeAnswer(db, host, token),

    async renewDue() {
      const result = { renewed: [] as string[], failed: [] as string[], removed: [] as string[] };
      await repository.removeChallengesBefore(db, new Date(now().getTime() - DAY_MS));
      const due = await repository.certificatesEndingBefore(db, new Date(now().getTime() + deps.limits.renewBeforeDays * DAY_MS), RENEW_BATCH);
      for (const { host } of due) {
        if (!(await deps.forwards.forHost(host))) {
          // The forward is gone: its certificate (and key) are not kept for nothing.
          await db.transaction((tx) => repository.removeCertificate(tx, host));
          await deps.cacheEvents.publish([certificateCacheKey(host)]);
          result.removed.push(host);
          continue;
        }
        const renewed = (await pointsAtResponder(host)) ? await order(host) : null;
        (renewed && renewed !== 'busy' ? result.renewed : result.failed).push(host);
      }
      if (due.length > 0) log.info(result, 'renewal of the forwarded hosts certificates');
      return result;
    },
  };
}
