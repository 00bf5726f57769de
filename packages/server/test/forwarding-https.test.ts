import { X509Certificate } from 'node:crypto';
import { request } from 'node:https';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acmeChallenges, forwardCertificates } from '../src/db/schema/index.ts';
import { certificateCacheKey } from '../src/features/forward-tls/forward-tls-service.ts';
import { JOBS } from '../src/jobs/queues.ts';
import { createAcmeAccountKey, createAcmeClientAcme, type AcmePort } from '../src/ports/acme/index.ts';
import { createSystemHostAddresses, type HostAddressesPort } from '../src/ports/host-addresses/index.ts';
import { startForwarder } from '../src/roles/forwarder.ts';
import type { Services } from '../src/services.ts';
import { customerIdOf, databaseKinds, jobsOf, useTestShop, waitForJobs } from './support/index.ts';
import { missingPebble, startPebble, type TestPebble } from './support/pebble.ts';
import { freePort } from './support/shop-process.ts';

const WEBSHOP = 'goudenkorst-webshop.com';
const missing = missingPebble();

type Answer = { ok: true; status: number; location: string | undefined; certificate: X509Certificate } | { ok: false; error: string };

/** An HTTPS request to the responder as a browser for `servername` makes it: SNI and Host that name, trusting only pebble's root. */
function askOverTls(port: number, servername: string, ca: string, path = '/'): Promise<Answer> {
  return new Promise((resolve) => {
    const outgoing = request({ host: '127.0.0.1', port, servername, path, ca, headers: { host: servername }, agent: false }, (response) => {
      const peer = response.socket as unknown as { getPeerX509Certificate(): X509Certificate };
      const certificate = peer.getPeerX509Certificate();
      response.resume();
      response.on('end', () => resolve({ ok: true, status: response.statusCode ?? 0, location: response.headers.location, certificate }));
    });
    outgoing.on('error', (error) => resolve({ ok: false, error: error.message }));
    outgoing.end();
  });
}

/**
 * The responder's HTTPS against Debian's pebble: a handshake for a forwarded host gets a
 * certificate pebble issued (validated over HTTP-01 at the responder, through the mock DNS), a
 * TLS client trusting pebble's root gets the redirect, and the certificate is kept and renewed.
 */
describe.each(databaseKinds)('the forwarding responder over HTTPS with certificates from pebble, on $name', (kind) => {
  if (missing) {
    // Never skipped: `npm test` installs pebble first, so a missing one fails with the fix.
    it('has pebble', () => expect.fail(missing));
    return;
  }

  let pebble: TestPebble;
  let acme: AcmePort | null = null;
  let resolver: HostAddressesPort | null = null;
  let httpPort: number;
  /** The hosts the ACME port was asked to certify, in order. */
  const orders: string[] = [];
  beforeAll(async () => {
    httpPort = await freePort();
    pebble = await startPebble({ httpPort });
    acme = createAcmeClientAcme({ directoryUrl: pebble.directoryUrl, accountKeyPem: await createAcmeAccountKey(), email: 'hostmaster@kavel.test', caPem: pebble.apiCaPem });
    resolver = createSystemHostAddresses({ servers: [pebble.dnsServer] });
  });
  afterAll(async () => {
    await pebble?.stop();
  });
  // The shop is built before pebble runs; these hand every call to the real ports.
  const countingAcme: AcmePort = {
    name: 'acme-client',
    issue: (host, challenges) => {
      orders.push(host);
      return acme!.issue(host, challenges);
    },
  };
  const relayResolver: HostAddressesPort = { name: 'system', addresses: (host) => resolver!.addresses(host) };

  let services: Services;
  let app: FastifyInstance;
  let customerId: number;
  let responder: Awaited<ReturnType<typeof startForwarder>>;
  let root: string;
  useTestShop(kind, (shop) => ({ services, app } = shop), {
    demoAccounts: true,
    app: { acme: countingAcme, hostAddresses: relayResolver, config: { forwarder: { ipv4: '127.0.0.1', ipv6: null } } },
  });

  beforeAll(async () => {
    customerId = await customerIdOf(services.db, 'klant@demo.kavel.nl');
    responder = await startForwarder(services, { host: '127.0.0.1', port: httpPort, httpsPort: 0 });
    root = await pebble.issuingRoot();
    const saved = await services.forwards.save(customerId, { domainName: WEBSHOP, forwardOption: 'HTTP', forwardTo: 'https://goudenkorst.nl/winkel', redirectStatus: 301, keepPath: true });
    expect(saved.ok).toBe(true);
  });
  afterAll(() => responder?.stop());

  const stored = async (host: string) => (await services.db.select().from(forwardCertificates).where(eq(forwardCertificates.host, host)))[0];

  it('orders no certificate for a server name that is no host name, also one that starts with a forwarded host', async () => {
    for (const name of [`${WEBSHOP}\\evil.example.com`, `${WEBSHOP}/x`, 'goudenkorst-webshop%2ecom', `evil.example.com@${WEBSHOP}`, `${WEBSHOP}:443`]) {
      expect((await askOverTls(responder.httpsPort!, name, root)).ok, name).toBe(false);
    }
    expect(orders).toEqual([]);
    expect(await services.db.select().from(forwardCertificates)).toEqual([]);
  });

  it('issues a certificate for a forwarded host on its first handshake, and answers the redirect over HTTPS', async () => {
    expect(responder.httpsPort).not.toBeNull();
    const answer = await askOverTls(responder.httpsPort!, WEBSHOP, root, '/taart?x=1');
    if (!answer.ok) throw new Error(answer.error);
    expect(answer.status).toBe(301);
    expect(answer.location).toBe('https://goudenkorst.nl/winkel/taart?x=1');
    expect(answer.certificate.checkHost(WEBSHOP)).toBe(WEBSHOP);
    expect(orders).toEqual([WEBSHOP]);

    const row = await stored(WEBSHOP);
    expect(row?.certificatePem).toContain('BEGIN CERTIFICATE');
    expect(row?.keyPem).toContain('PRIVATE KEY');
    expect(row!.notAfter.getTime()).toBe(new Date(answer.certificate.validTo).getTime());
    // The HTTP-01 answers are gone once the order is done.
    expect(await services.db.select().from(acmeChallenges)).toEqual([]);
  });

  it('serves the stored certificate on the next handshakes without another order, also from a fresh process cache', async () => {
    const first = await askOverTls(responder.httpsPort!, WEBSHOP, root);
    await services.adapters.cacheEvents.publish([certificateCacheKey(WEBSHOP)]);
    const second = await askOverTls(responder.httpsPort!, WEBSHOP, root);
    if (!first.ok || !second.ok) throw new Error('a handshake failed');
    expect(second.certificate.serialNumber).toBe(first.certificate.serialNumber);
    expect(orders).toEqual([WEBSHOP]);
  });

  it('gives a host without a forward, an address and a forwarded host pointing elsewhere no certificate and orders none', async () => {
    for (const name of ['onbekend.nl', 'goudenkorst.nl']) {
      const answer = await askOverTls(responder.httpsPort!, name, root);
      expect(answer.ok, name).toBe(false);
    }
    // The www. of the forwarded domain is answered by its forward, but its DNS points elsewhere.
    await pebble.setAddresses(`www.${WEBSHOP}`, ['198.51.100.9']);
    expect((await askOverTls(responder.httpsPort!, `www.${WEBSHOP}`, root)).ok).toBe(false);
    expect(orders).toEqual([WEBSHOP]);
    expect(await stored(`www.${WEBSHOP}`)).toBeUndefined();
  });

  it('renews a certificate close to its end through the renewal job, and serves the new one', async () => {
    const before = await stored(WEBSHOP);
    const soon = new Date(Date.now() + 5 * 86_400_000);
    await services.db.update(forwardCertificates).set({ notAfter: soon }).where(eq(forwardCertificates.host, WEBSHOP));
    await jobsOf(app).enqueue(JOBS.renewForwardCertificates, {}, {});
    await waitForJobs(app, 30_000);

    const after = await stored(WEBSHOP);
    expect(orders).toEqual([WEBSHOP, WEBSHOP]);
    expect(after!.issuedAt.getTime()).toBeGreaterThan(before!.issuedAt.getTime());
    expect(after!.notAfter.getTime()).toBeGreaterThan(Date.now() + 30 * 86_400_000);
    const answer = await askOverTls(responder.httpsPort!, WEBSHOP, root);
    if (!answer.ok) throw new Error(answer.error);
    expect(new X509Certificate(after!.certificatePem).serialNumber).toBe(answer.certificate.serialNumber);
    expect(answer.certificate.serialNumber).not.toBe(new X509Certificate(before!.certificatePem).serialNumber);
  });

  it('removes the certificate of a host whose forward is gone when it comes up for renewal', async () => {
    expect((await services.forwards.save(customerId, { domainName: WEBSHOP, forwardOption: 'NONE', forwardTo: '' })).ok).toBe(true);
    await services.db.update(forwardCertificates).set({ notAfter: new Date(Date.now() + 86_400_000) }).where(eq(forwardCertificates.host, WEBSHOP));
    expect(await services.forwardTls.renewDue()).toEqual({ renewed: [], failed: [], removed: [WEBSHOP] });
    expect(await stored(WEBSHOP)).toBeUndefined();
    expect((await askOverTls(responder.httpsPort!, WEBSHOP, root)).ok).toBe(false);
    expect(orders).toHaveLength(2);
  });
});
