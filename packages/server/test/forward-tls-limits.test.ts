import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { forwardCertificates } from '../src/db/schema/index.ts';
import { createKeySealing } from '../src/features/forward-tls/key-sealing.ts';
import { createForwardTlsService, type ForwardTlsService } from '../src/features/forward-tls/forward-tls-service.ts';
import { createCertificateRequest, createTestAuthority, readCertificateRequest, signLeaf, type TestAuthorityPem } from '../src/ports/certificates/x509.ts';
import type { AcmeIssueAnswer, AcmePort } from '../src/ports/acme/index.ts';
import { createUncheckedHostAddresses } from '../src/ports/host-addresses/index.ts';
import type { Services } from '../src/services.ts';
import { customerIdOf, databaseKinds, useTestShop } from './support/index.ts';

const WEBSHOP = 'goudenkorst-webshop.com';
const LIMITS = { ordersPerHostPerDay: 2, ordersPerHour: 4, renewBeforeDays: 30 };
const KEY_ENCRYPTION_KEY = randomBytes(32);

/**
 * The order rules without a certificate authority: a stand-in ACME port that answers after a
 * pause, with a certificate of a local test authority or a failure, and counts its orders.
 */
describe.each(databaseKinds)('certificate orders of the forwarding responder: one per host at a time, within limits, on $name', (kind) => {
  let authority: TestAuthorityPem;
  let clock = new Date();
  let answerWith: 'certificate' | 'failure' = 'certificate';
  const orders: string[] = [];
  const acme: AcmePort = {
    name: 'acme-client',
    async issue(host): Promise<AcmeIssueAnswer> {
      orders.push(host);
      await new Promise((resolve) => setTimeout(resolve, 300));
      if (answerWith === 'failure') return { ok: false, reason: 'failed', detail: 'the authority said no' };
      const { csrPem, privateKeyPem } = await createCertificateRequest({ commonName: host, altNames: [host] });
      const request = readCertificateRequest(csrPem);
      if (!request.ok) throw new Error(request.detail);
      const leaf = signLeaf(authority, { commonName: host, dnsNames: [host], validation: 'DV', organisation: null, publicKey: request.publicKey }, new Date());
      return { ok: true, certificate: { certificatePem: leaf.certificatePem + authority.intermediateCertificatePem, keyPem: privateKeyPem, notAfter: leaf.notAfter } };
    },
  };

  let services: Services;
  let customerId: number;
  useTestShop(kind, (shop) => ({ services } = shop), {
    demoAccounts: true,
    app: { acme, now: () => clock, config: { forwarder: { ipv4: '127.0.0.1', ipv6: null, https: { port: 0, dnsCheck: false, dnsServers: [], ...LIMITS, keyEncryptionKey: KEY_ENCRYPTION_KEY.toString('base64') } } } },
  });
  /** The same feature in another process: its own caches and in-flight orders, the same database. */
  const otherProcess = (keyEncryptionKey = KEY_ENCRYPTION_KEY): ForwardTlsService =>
    createForwardTlsService({
      db: services.db,
      acme,
      hostAddresses: createUncheckedHostAddresses(),
      forwards: services.forwards,
      counters: services.adapters.counters,
      cacheEvents: services.adapters.cacheEvents,
      responder: { ipv4: '127.0.0.1', ipv6: null },
      limits: LIMITS,
      keySealing: createKeySealing(keyEncryptionKey),
      log: services.log,
      now: () => clock,
    });

  beforeAll(async () => {
    authority = await createTestAuthority('acme-limits', new Date());
    customerId = await customerIdOf(services.db, 'klant@demo.kavel.nl');
    const saved = await services.forwards.save(customerId, { domainName: WEBSHOP, forwardOption: 'HTTP', forwardTo: 'https://goudenkorst.nl/winkel' });
    expect(saved.ok).toBe(true);
  });

  it('places no order for a server name that is no host name, though it starts with a forwarded one', async () => {
    for (const name of [`${WEBSHOP}\\evil.example.com`, `${WEBSHOP}/x`, 'goudenkorst-webshop%2ecom', `${WEBSHOP}?x`, `${WEBSHOP}:443`, `${WEBSHOP} `]) {
      expect(await services.forwardTls.secureContextFor(name), name).toBeNull();
    }
    expect(orders).toEqual([]);
  });

  it('places one order for handshakes that come together, in this process and in another one, and stores the key encrypted', async () => {
    const other = otherProcess();
    const contexts = await Promise.all([
      services.forwardTls.secureContextFor(WEBSHOP),
      services.forwardTls.secureContextFor(WEBSHOP),
      other.secureContextFor(WEBSHOP),
    ]);
    expect(contexts.every((context) => context !== null)).toBe(true);
    expect(orders).toEqual([WEBSHOP]);
    const [row] = await services.db.select().from(forwardCertificates).where(eq(forwardCertificates.host, WEBSHOP));
    expect(row?.keyPem).toMatch(/^sealed:v1:/);
    expect(row?.keyPem).not.toContain('PRIVATE KEY');
    // Under another key encryption key the stored key cannot be opened: the certificate is ordered again.
    expect(await otherProcess(randomBytes(32)).secureContextFor(WEBSHOP)).not.toBeNull();
    expect(orders).toEqual([WEBSHOP, WEBSHOP]);
  });

  it('stops ordering for a host at its daily limit, failed orders counted, and tries again only after a pause', async () => {
    answerWith = 'failure';
    const www = `www.${WEBSHOP}`;
    expect(await services.forwardTls.secureContextFor(www)).toBeNull();
    expect(orders).toEqual([WEBSHOP, WEBSHOP, www]);
    // Refused a minute long in this process: no new order.
    expect(await services.forwardTls.secureContextFor(www)).toBeNull();
    expect(orders).toHaveLength(3);
    clock = new Date(clock.getTime() + 61_000);
    expect(await services.forwardTls.secureContextFor(www)).toBeNull();
    expect(orders).toEqual([WEBSHOP, WEBSHOP, www, www]);
    // The third order of the day is not placed: the shared counters say the host had its two.
    answerWith = 'certificate';
    clock = new Date(clock.getTime() + 61_000);
    expect(await otherProcess().secureContextFor(www)).toBeNull();
    expect(orders).toHaveLength(4);
  });

  it('stops ordering for every host at the hourly limit', async () => {
    // Four orders were placed this hour (the refused one was not counted overall): another host gets none.
    expect(await services.forwardTls.secureContextFor('goudenkorst.nl')).toBeNull(); // no forward: nothing counted
    expect((await services.forwards.save(customerId, { domainName: 'goudenkorst.nl', forwardOption: 'HTTP', forwardTo: 'https://example.nl' })).ok).toBe(true);
    expect(await otherProcess().secureContextFor('goudenkorst.nl')).toBeNull();
    expect(orders).toHaveLength(4);
  });
});
