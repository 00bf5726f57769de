import { execFile } from 'node:child_process';
import { createPublicKey, X509Certificate } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { contracts, pathOf, ZApiError, ZCustomerDomain, ZOrderAppDomain, ZVps } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../src/db/connect.ts';
import wellKnown from '../src/features/catalogue/data/well-known-names.json' with { type: 'json' };
import { createSimulatedCertificates, type SimulatedCertificates } from '../src/ports/certificates/index.ts';
import { createSimulatedProvisioning } from '../src/ports/provisioning/index.ts';
import { createSimulatedRegistry } from '../src/ports/registry/index.ts';
import {
  createTestFulfilment,
  customerIdOf,
  databaseKinds,
  freshClient,
  insertTestOrder,
  lineFixtures as line,
  loginAs,
  products,
  type TestClient,
  useTestShop,
} from './support/index.ts';

const run = promisify(execFile);

/** The openssl binary, or null where it is missing (then the chain is checked by Node alone). */
const openssl = await run('openssl', ['version']).then(
  () => 'openssl',
  () => null,
);

/** `openssl verify` of a certificate against a CA file holding the test root and its intermediate. */
async function opensslVerify(caFile: string, certificate: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'kavel-download-'));
  try {
    await writeFile(join(dir, 'ca.pem'), caFile);
    await writeFile(join(dir, 'cert.pem'), certificate);
    const { stdout } = await run('openssl', ['verify', '-CAfile', join(dir, 'ca.pem'), '-purpose', 'sslserver', join(dir, 'cert.pem')]);
    return stdout.trim();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n/g;

describe.each(databaseKinds)("the customer's certificates, Cloudflare plans and virtual servers on $name", (kind) => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let authority: SimulatedCertificates;
  const registry = createSimulatedRegistry({ latencyMs: { min: 0, max: 0 }, failureRate: 0, wellKnown, registeredInShop: async () => new Set() });
  useTestShop(kind, (shop) => ({ app, database } = shop), {
    demoAccounts: true,
    app: { registry, certificates: (db) => (authority = createSimulatedCertificates({ db, issueSeconds: 0 })) },
  });

  let bakery: TestClient;
  let reseller: TestClient;
  let certificateId: number;
  beforeAll(async () => {
    const db = database.db;
    const customerId = await customerIdOf(db, 'klant@demo.kavel.nl');
    const provisioning = createSimulatedProvisioning({ db });
    // The shop's authority issues at once; a second one takes an hour, so that certificate stays pending.
    const { fulfilment } = await createTestFulfilment(db, { registry, provisioning, certificates: authority });
    const slow = await createTestFulfilment(db, { registry, provisioning, certificates: createSimulatedCertificates({ db, authority: 'langzaam', issueSeconds: 3600 }) });
    const delivered = await insertTestOrder(db, { customerId, lines: [line.cloudflare('goudenkorst.nl'), line.vps(products.vpsM), line.ssl('goudenkorst.nl', ['www.goudenkorst.nl'])] });
    if ((await fulfilment.fulfil(delivered)) !== 'FULFILLED') throw new Error('the order was not fulfilled');
    const validating = await insertTestOrder(db, { customerId, lines: [line.ssl('goudenkorst-webshop.com')] });
    if ((await slow.fulfilment.fulfil(validating)) !== 'NOT_READY') throw new Error('the certificate did not wait for validation');
    bakery = await loginAs(app, 'klant@demo.kavel.nl');
    reseller = await loginAs(app, 'reseller@demo.kavel.nl');
  });

  const domainsOf = async (client: TestClient) => {
    const response = await client.get(contracts.domains.path);
    expect(response.statusCode).toBe(200);
    return z.array(ZCustomerDomain).parse(response.json());
  };

  it("lists each domain's certificate status and Cloudflare plan", async () => {
    const byName = new Map((await domainsOf(bakery)).map((domain) => [domain.name, domain]));
    const protectedDomain = byName.get('goudenkorst.nl')!;
    expect(protectedDomain).toMatchObject({ sslStatus: 'issued', sslCertificateId: expect.any(Number), cloudflarePlan: 'Cloudflare Pro' });
    expect(byName.get('goudenkorst-webshop.com')).toMatchObject({ sslStatus: 'pending', sslCertificateId: null, cloudflarePlan: null });
    certificateId = protectedDomain.sslCertificateId!;
    expect((await domainsOf(reseller)).map((domain) => [domain.name, domain.sslStatus, domain.cloudflarePlan])).toEqual([['oudegracht-design.nl', null, null]]);
  });

  it('hands the owner the certificate with its chain, which openssl verifies under the test root, and the key that belongs to it', async () => {
    const response = await bakery.get(pathOf(contracts.sslCertificatePem, { id: certificateId }));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-pem-file');
    expect(response.headers['content-disposition']).toBe('attachment; filename="goudenkorst.nl.pem"');
    expect(response.headers['cache-control']).toBe('no-store');
    const [certificatePem, intermediatePem, ...rest] = response.body.match(PEM_BLOCK) ?? [];
    expect(rest).toEqual([]);
    const certificate = new X509Certificate(certificatePem!);
    expect(certificate.subjectAltName).toBe('DNS:goudenkorst.nl, DNS:www.goudenkorst.nl');
    const rootPem = await authority.rootCertificatePem();
    expect(certificate.checkIssued(new X509Certificate(intermediatePem!)) && new X509Certificate(intermediatePem!).checkIssued(new X509Certificate(rootPem))).toBe(true);
    if (openssl) expect(await opensslVerify(`${rootPem}\n${intermediatePem!}`, certificatePem!)).toMatch(/: OK$/);
    else console.warn('openssl is missing: the downloaded chain was checked by Node only');

    const key = await bakery.get(pathOf(contracts.sslPrivateKeyPem, { id: certificateId }));
    expect(key.statusCode).toBe(200);
    expect(key.headers['content-type']).toBe('application/x-pem-file');
    expect(key.headers['content-disposition']).toBe('attachment; filename="goudenkorst.nl.key.pem"');
    const publicKey = (pem: string | X509Certificate['publicKey']) => (typeof pem === 'string' ? createPublicKey(pem) : pem).export({ type: 'spki', format: 'der' }).toString('hex');
    expect(publicKey(key.body)).toBe(publicKey(certificate.publicKey));
  });

  it("answers 404 for another customer's certificate (a sub-user's too) and 401 to a visitor, for the certificate and its key alike", async () => {
    const visitor = freshClient(app);
    // The bakery's sub-user works for the bakery, but the certificate and its key are the bakery's alone.
    const subUser = await loginAs(app, 'medewerker@demo.kavel.nl');
    for (const file of [contracts.sslCertificatePem, contracts.sslPrivateKeyPem]) {
      const path = pathOf(file, { id: certificateId });
      for (const other of [await reseller.get(path), await subUser.get(path)]) {
        expect(other.statusCode).toBe(404);
        expect(ZApiError.parse(other.json()).message).toBe('Niet gevonden.');
        expect(other.body).not.toContain('BEGIN');
      }
      expect((await visitor.get(path)).statusCode).toBe(401);
      // An id that names no certificate, and one for a certificate not issued yet, are the same 404.
      expect((await bakery.get(pathOf(file, { id: 999_999 }))).statusCode).toBe(404);
    }
    expect((await bakery.get('/api/account/ssl/abc/sleutel.pem')).statusCode).toBe(404);
  });

  it("lists the customer's virtual servers, and nobody else's", async () => {
    const response = await bakery.get(contracts.vpsServers.path);
    expect(response.statusCode).toBe(200);
    const servers = z.array(ZVps).parse(response.json());
    expect(servers).toEqual([
      {
        id: expect.any(Number),
        name: expect.stringMatching(/^vps-\d+-1$/),
        productCode: 'VPS_M',
        productName: 'VPS M',
        spec: products.vpsM.details.spec,
        status: 'running',
        ipv4: expect.stringMatching(/^203\.0\.113\.\d+$/),
        ipv6: null,
        createdAt: expect.any(String),
      },
    ]);
    const other = await reseller.get(contracts.vpsServers.path);
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual([]);
    expect((await freshClient(app).get(contracts.vpsServers.path)).statusCode).toBe(401);
  });

  it("answers the order app's domains with the Cloudflare flag and, when asked, the certificate status", async () => {
    const domainsFor = async (client: TestClient, query: string) => {
      const response = await client.get(`${contracts.orderAppDomains.path}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return z.array(ZOrderAppDomain).parse(response.json());
    };
    const resolved = await domainsFor(bakery, '?resolveSslStatus=true&resolveCloudflareStatus=true');
    expect(resolved.map(({ name, cloudflare, sslStatus }) => ({ name, cloudflare, sslStatus }))).toEqual([
      { name: 'goudenkorst-webshop.com', cloudflare: false, sslStatus: 'pending' },
      { name: 'goudenkorst.nl', cloudflare: true, sslStatus: 'issued' },
    ]);
    // Without the certificate status; the Cloudflare flag is there, asked for or not.
    const plain = await domainsFor(bakery, '');
    expect(plain.map((domain) => Object.keys(domain).sort())).toEqual([
      ['cloudflare', 'id', 'name'],
      ['cloudflare', 'id', 'name'],
    ]);
    expect(plain.find((domain) => domain.name === 'goudenkorst.nl')?.cloudflare).toBe(true);
    expect((await domainsFor(reseller, '?resolveSslStatus=true&resolveCloudflareStatus=true')).map(({ name, cloudflare, sslStatus }) => [name, cloudflare, sslStatus])).toEqual([
      ['oudegracht-design.nl', false, null],
    ]);
    expect((await freshClient(app).get(`${contracts.orderAppDomains.path}?resolveSslStatus=true`)).statusCode).toBe(401);
    const refused = await bakery.get(`${contracts.orderAppDomains.path}?resolveSslStatus=ja`);
    expect(refused.statusCode).toBe(400);
    expect(ZApiError.parse(refused.json()).fieldErrors).toHaveProperty('resolveSslStatus');
  });
});
