import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../src/db/connect.ts';
import { cloudflareZones, sslCertificates, vpsServers } from '../src/db/schema/index.ts';
import { ensureDemoAccounts } from '../src/features/accounts/demo-accounts.ts';
import wellKnown from '../src/features/catalogue/data/well-known-names.json' with { type: 'json' };
import { createSimulatedCertificates, type CertificateCall, type InjectedCertificateFault } from '../src/ports/certificates/index.ts';
import { createSimulatedCloudflare } from '../src/ports/cloudflare/index.ts';
import { createSimulatedProvisioning } from '../src/ports/provisioning/index.ts';
import { createSimulatedRegistry } from '../src/ports/registry/index.ts';
import { createVpsService } from '../src/features/vps/vps-service.ts';
import { createSimulatedVps, type VpsPort } from '../src/ports/vps/index.ts';
import { createTestFulfilment, customerIdOf, databaseKinds, demoAccountDeps, insertTestOrder, lineFixtures as line, orderProgress, products } from './support/index.ts';

/** Each method fails once, answering `unreachable`, the first time it is called; every call is counted. */
function failingOnce<P extends object>(port: P, methods: ReadonlyArray<keyof P>): { port: P; calls: string[] } {
  const pending = new Set<keyof P>(methods);
  const calls: string[] = [];
  const wrapped = { ...port } as Record<keyof P, unknown>;
  for (const method of Object.keys(port) as Array<keyof P>) {
    const original = port[method];
    if (typeof original !== 'function') continue;
    wrapped[method] = async (...args: unknown[]) => {
      calls.push(String(method));
      if (pending.delete(method)) return { ok: false, reason: 'unreachable', detail: 'injected' };
      return (original as (...a: unknown[]) => Promise<unknown>).apply(port, args);
    };
  }
  return { port: wrapped as P, calls };
}

describe.each(databaseKinds)('fulfilment of certificates, Cloudflare plans and virtual servers on $name', (kind) => {
  let database: DatabaseHandle;
  let db: Database;
  let customerId: number;
  // A clock the simulated platforms and fulfilment share, so a test can let validation or booting pass.
  let clock = new Date();
  const now = () => clock;
  const later = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));

  beforeAll(async () => {
    database = await kind.open();
    db = database.db;
    await ensureDemoAccounts(await demoAccountDeps(db));
    customerId = await customerIdOf(db, 'klant@demo.kavel.nl');
  });
  afterAll(async () => database?.close());

  const registry = () => createSimulatedRegistry({ latencyMs: { min: 0, max: 0 }, failureRate: 0, wellKnown, registeredInShop: async () => new Set() });
  const provisioning = () => createSimulatedProvisioning({ db, platform: randomUUID() });
  const authority = (issueSeconds = 0, inject?: (call: CertificateCall) => InjectedCertificateFault) =>
    createSimulatedCertificates({ db, authority: randomUUID(), issueSeconds, now, ...(inject ? { inject } : {}) });
  const cloudflareAccount = () => createSimulatedCloudflare({ db, platform: randomUUID(), activationSeconds: 0, now });
  const vpsPlatform = (bootSeconds = 0) => createSimulatedVps({ db, platform: randomUUID(), bootSeconds, now });
  const fulfilmentWith = async (adapters: Partial<Parameters<typeof createTestFulfilment>[1]>) =>
    (await createTestFulfilment(db, { registry: registry(), provisioning: provisioning(), now, ...adapters })).fulfilment;

  const certificatesOf = (orderId: number) => db.select().from(sslCertificates).where(eq(sslCertificates.orderId, orderId));
  const zonesOf = (orderId: number) => db.select().from(cloudflareZones).where(eq(cloudflareZones.orderId, orderId));
  const serversOf = (orderId: number) => db.select().from(vpsServers).where(eq(vpsServers.orderId, orderId));

  it('issues a multi-domain certificate: the step waits while the authority validates, then stores the certificate and its chain', async () => {
    const certificates = authority(60);
    const fulfilment = await fulfilmentWith({ certificates });
    const orderId = await insertTestOrder(db, { customerId, lines: [line.ssl('Winkel.Goudenkorst.nl', ['goudenkorst.nl', 'www.goudenkorst.nl'], products.multiDomainSsl)] });

    expect(await fulfilment.fulfil(orderId)).toBe('NOT_READY');
    const waiting = await orderProgress(db, orderId);
    expect(waiting.status).toBe('CONFIRMED');
    expect(waiting.steps).toMatchObject([{ key: 'ssl-certificate:winkel.goudenkorst.nl', state: 'waiting' }]);
    const [pending] = await certificatesOf(orderId);
    expect(pending).toMatchObject({ customerId, status: 'pending', commonName: 'winkel.goudenkorst.nl', altNames: ['goudenkorst.nl', 'www.goudenkorst.nl'], certificatePem: null });
    expect(pending!.privateKeyPem).toMatch(/^-----BEGIN RSA PRIVATE KEY-----/);

    // Asked again before validation is over: still waiting, and nothing ordered twice.
    expect(await fulfilment.fulfil(orderId)).toBe('NOT_READY');
    later(61);
    expect(await fulfilment.fulfil(orderId)).toBe('FULFILLED');

    const [issued] = await certificatesOf(orderId);
    expect(issued).toMatchObject({ id: pending!.id, status: 'issued', providerRef: pending!.providerRef, privateKeyPem: pending!.privateKeyPem });
    expect(issued!.certificatePem).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(issued!.chainPem).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(issued!.notAfter!.getTime()).toBeGreaterThan(clock.getTime() + 300 * 86_400_000);
    expect((await orderProgress(db, orderId)).steps).toMatchObject([{ state: 'done', attempts: 1 }]);
  });

  it('retries a certificate whose authority was unreachable, with the same key and one order at the authority', async () => {
    let faults = ['issue', 'status'] as CertificateCall[];
    const certificates = authority(0, (call) => {
      if (!faults.includes(call)) return null;
      faults = faults.filter((fault) => fault !== call);
      return { ok: false, reason: 'unreachable', detail: 'injected' };
    });
    const fulfilment = await fulfilmentWith({ certificates });
    const orderId = await insertTestOrder(db, { customerId, lines: [line.ssl('opnieuw.goudenkorst.nl')] });

    expect(await fulfilment.fulfil(orderId)).toBe('NOT_READY');
    const [first] = await certificatesOf(orderId);
    expect(first).toMatchObject({ status: 'pending', providerRef: null });
    expect((await orderProgress(db, orderId)).steps[0]).toMatchObject({ state: 'pending', attempts: 1, lastError: expect.stringContaining('unreachable') });

    expect(await fulfilment.fulfil(orderId)).toBe('NOT_READY');
    expect(await fulfilment.fulfil(orderId)).toBe('FULFILLED');
    const rows = await certificatesOf(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first!.id, status: 'issued', privateKeyPem: first!.privateKeyPem, csrPem: first!.csrPem });
    expect((await orderProgress(db, orderId)).steps[0]).toMatchObject({ state: 'done', attempts: 3, lastError: null });
  });

  it('fails the order when validation fails, and undoes what the order delivered before', async () => {
    const vps = vpsPlatform();
    const fulfilment = await fulfilmentWith({ certificates: authority(), vps });
    const orderId = await insertTestOrder(db, { customerId, lines: [line.vps(products.vpsM), line.ssl('nooit.goudenkorst.invalid')] });

    expect(await fulfilment.fulfil(orderId)).toBe('FULFILMENT_FAILED');
    const progress = await orderProgress(db, orderId);
    expect(progress.steps.map((step) => [step.key, step.state])).toEqual([
      ['vps:VPS_M', 'undone'],
      ['ssl-certificate:nooit.goudenkorst.invalid', 'failed'],
    ]);
    expect(progress.steps[1]!.lastError).toContain('domain validation of nooit.goudenkorst.invalid failed');
    expect(await certificatesOf(orderId)).toMatchObject([{ status: 'failed', failureDetail: expect.stringContaining('validation') }]);
    expect(await serversOf(orderId)).toEqual([]);
    expect(await vps.servers()).toEqual([]);
  });

  it('revokes an issued certificate when a later step of its order fails for good', async () => {
    const certificates = authority();
    const fulfilment = await fulfilmentWith({ certificates });
    const orderId = await insertTestOrder(db, { customerId, lines: [line.ssl('eerste.goudenkorst.nl'), line.ssl('tweede.goudenkorst.invalid')] });
    expect(await fulfilment.fulfil(orderId)).toBe('FULFILMENT_FAILED');
    const rows = await certificatesOf(orderId);
    expect(rows.map((row) => [row.commonName, row.status]).sort()).toEqual([
      ['eerste.goudenkorst.nl', 'revoked'],
      ['tweede.goudenkorst.invalid', 'failed'],
    ]);
    const revoked = rows.find((row) => row.status === 'revoked')!;
    expect(await certificates.status(revoked.providerRef!)).toMatchObject({ ok: true, status: 'revoked' });
  });

  it('puts a domain the same order registers behind Cloudflare on its plan', async () => {
    const cloudflare = cloudflareAccount();
    const fulfilment = await fulfilmentWith({ cloudflare });
    const orderId = await insertTestOrder(db, { customerId, lines: [line.cloudflare('beschermd.nl', products.cloudflareBusiness), line.registration('beschermd.nl')] });

    expect(await fulfilment.fulfil(orderId)).toBe('FULFILLED');
    const progress = await orderProgress(db, orderId);
    expect(progress.steps.map((step) => step.key)).toEqual(['register-domain:beschermd.nl', 'add-domain:beschermd.nl', 'dns-zone:beschermd.nl', 'cloudflare:beschermd.nl']);
    const zones = await cloudflare.zones();
    expect(zones).toMatchObject([{ name: 'beschermd.nl', plan: 'business' }]);
    expect(await zonesOf(orderId)).toMatchObject([{ customerId, domain: 'beschermd.nl', planCode: 'CLOUDFLARE_BUSINESS', zoneId: zones[0]!.zoneId, nameservers: zones[0]!.nameservers, status: 'active' }]);
  });

  it('retries a Cloudflare plan whose account was unreachable, making one zone', async () => {
    const { port, calls } = failingOnce(cloudflareAccount(), ['protect']);
    const fulfilment = await fulfilmentWith({ cloudflare: port });
    // The demo customer's own domain.
    const orderId = await insertTestOrder(db, { customerId, lines: [line.cloudflare('goudenkorst-webshop.com')] });

    expect(await fulfilment.fulfil(orderId)).toBe('NOT_READY');
    expect((await orderProgress(db, orderId)).steps[0]).toMatchObject({ key: 'cloudflare:goudenkorst-webshop.com', state: 'pending', lastError: expect.stringContaining('unreachable') });
    expect(await zonesOf(orderId)).toEqual([]);
    expect(await fulfilment.fulfil(orderId)).toBe('FULFILLED');
    expect(await zonesOf(orderId)).toMatchObject([{ domain: 'goudenkorst-webshop.com', planCode: 'CLOUDFLARE_PRO' }]);
    expect(calls).toEqual(['protect', 'protect']);
  });

  it("refuses a Cloudflare plan for a domain that is not the customer's", async () => {
    const fulfilment = await fulfilmentWith({ cloudflare: cloudflareAccount() });
    const orderId = await insertTestOrder(db, { customerId, lines: [line.cloudflare('oudegracht-design.nl')] });
    expect(await fulfilment.fulfil(orderId)).toBe('FULFILMENT_FAILED');
    expect((await orderProgress(db, orderId)).steps[0]!.lastError).toContain("not the customer's domain");
    expect(await zonesOf(orderId)).toEqual([]);
  });

  it('shows a virtual server while it boots and completes the step once it runs', async () => {
    const vps = vpsPlatform(30);
    const fulfilment = await fulfilmentWith({ vps });
    const orderId = await insertTestOrder(db, { customerId, lines: [line.vps(), line.vps()] });

    expect(await fulfilment.fulfil(orderId)).toBe('NOT_READY');
    expect((await orderProgress(db, orderId)).steps.map((step) => [step.key, step.state])).toEqual([
      ['vps:VPS_S', 'waiting'],
      ['vps:VPS_S#2', 'pending'],
    ]);
    const [booting] = await serversOf(orderId);
    expect(booting).toMatchObject({ customerId, name: `vps-${orderId}-1`, productCode: 'VPS_S', status: 'provisioning', spec: products.vpsS.details.spec });
    expect(booting!.ipv4).toMatch(/^203\.0\.113\.\d+$/);

    later(31);
    expect(await fulfilment.fulfil(orderId)).toBe('NOT_READY');
    later(31);
    expect(await fulfilment.fulfil(orderId)).toBe('FULFILLED');
    const servers = await serversOf(orderId);
    expect(servers.map((server) => [server.name, server.status])).toEqual([
      [`vps-${orderId}-1`, 'running'],
      [`vps-${orderId}-2`, 'running'],
    ]);
    expect(servers[0]!.id).toBe(booting!.id);
    expect(await vps.servers()).toHaveLength(2);
  });

  it('retries a virtual server whose platform was unreachable, making one server', async () => {
    const platform = vpsPlatform();
    const { port, calls } = failingOnce(platform, ['createVps']);
    const fulfilment = await fulfilmentWith({ vps: port });
    const orderId = await insertTestOrder(db, { customerId, lines: [line.vps(products.vpsM)] });

    expect(await fulfilment.fulfil(orderId)).toBe('NOT_READY');
    expect(await serversOf(orderId)).toEqual([]);
    expect(await fulfilment.fulfil(orderId)).toBe('FULFILLED');
    expect(await serversOf(orderId)).toMatchObject([{ productCode: 'VPS_M', status: 'running' }]);
    expect(await platform.servers()).toHaveLength(1);
    expect(calls).toEqual(['createVps', 'createVps']);
  });

  it('records the address of a running server that had none yet once the platform knows it', async () => {
    // A platform that leaves the address to DHCP: it knows it only once the guest agent runs.
    const platform = vpsPlatform();
    let agentUp = false;
    const withoutAgent = (answer: Awaited<ReturnType<VpsPort['status']>>) => {
      if (!answer.ok || agentUp) return answer;
      const { ipv4: _unknown, ...rest } = answer;
      return rest;
    };
    const port: VpsPort = {
      name: 'dhcp',
      createVps: async (request) => withoutAgent(await platform.createVps(request)),
      status: async (ref) => withoutAgent(await platform.status(ref)),
      deleteVps: (ref) => platform.deleteVps(ref),
    };
    const fulfilment = await fulfilmentWith({ vps: port });
    const orderId = await insertTestOrder(db, { customerId, lines: [line.vps(products.vpsM)] });
    expect(await fulfilment.fulfil(orderId)).toBe('FULFILLED');
    expect(await serversOf(orderId)).toMatchObject([{ status: 'running', ipv4: null }]);

    const servers = createVpsService(db, { platform: port, now });
    await servers.refreshAddresses();
    expect(await serversOf(orderId)).toMatchObject([{ ipv4: null }]);

    agentUp = true;
    expect(await servers.refreshAddresses()).toBeGreaterThanOrEqual(1);
    const [server] = await serversOf(orderId);
    expect(server!.ipv4).toMatch(/^203\.0\.113\.\d+$/);
    expect((await servers.listOwned(customerId)).find((owned) => owned.id === server!.id)?.ipv4).toBe(server!.ipv4);

    // Asked for a week after it was made, not longer.
    const unknown = await db.insert(vpsServers).values({ ...server!, id: undefined, clientRef: `${server!.clientRef}-old`, ipv4: null, createdAt: new Date(clock.getTime() - 8 * 24 * 3600 * 1000) }).returning();
    await servers.refreshAddresses();
    expect((await db.select().from(vpsServers).where(eq(vpsServers.id, unknown[0]!.id)))[0]!.ipv4).toBeNull();
  });
});
