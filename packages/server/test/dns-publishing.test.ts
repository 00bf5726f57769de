import { ZDnsZonePage, type DnsZoneRecord } from '@kavel/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { dnsZones, domains } from '../src/db/schema/index.ts';
import { requestZonePublishing } from '../src/features/dns/dns-publishing.ts';
import { zoneDiffers, type DnsPublishFailure, type DnsPublisherPort } from '../src/ports/dns-publisher/index.ts';
import type { Services } from '../src/services.ts';
import { databaseKinds, jobsOf, loginAs, servicesOf, useTestShop, waitForJobs } from './support/index.ts';

/** A DNS server in memory that can be taken down, standing in for PowerDNS (whose adapter has its own real-server test). */
function memoryPublisher() {
  const zones = new Map<string, DnsZoneRecord[]>();
  const state = { down: false, calls: 0, refusal: null as DnsPublishFailure | null, published: [] as string[] };
  const away = { ok: false as const, reason: 'unreachable' as const, detail: 'connection refused' };
  const port: DnsPublisherPort = {
    name: 'powerdns',
    nameservers: ['ns1.kavel.nl.', 'ns2.kavel.nl.'],
    async publish(domain, records) {
      state.calls++;
      state.published.push(domain);
      if (state.down) return away;
      if (state.refusal) return state.refusal;
      const changed = zoneDiffers(domain, records, zones.get(domain) ?? []) ? 1 : 0;
      zones.set(domain, [...records]);
      return { ok: true, changedRecordSets: changed };
    },
    async read(domain) {
      return state.down ? away : { ok: true, zone: zones.has(domain) ? { serial: 1, records: zones.get(domain)! } : null };
    },
    async remove(domain) {
      if (state.down) return away;
      zones.delete(domain);
      return { ok: true };
    },
  };
  return { port, zones, state };
}

describe.each(databaseKinds)('publishing DNS zones through jobs on $name', (kind) => {
  const server = memoryPublisher();
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let services: Services;
  useTestShop(
    kind,
    (shop) => {
      ({ app, database } = shop);
      services = servicesOf(app);
    },
    { demoAccounts: true, app: { dnsPublisher: server.port } },
  );

  const zoneRow = async (name: string) => {
    const [row] = await database.db
      .select({ domainId: dnsZones.domainId, revision: dnsZones.revision, publishedRevision: dnsZones.publishedRevision, publishFailure: dnsZones.publishFailure })
      .from(dnsZones)
      .innerJoin(domains, eq(domains.id, dnsZones.domainId))
      .where(eq(domains.name, name));
    if (!row) throw new Error(`no zone for ${name}`);
    return row;
  };

  it("publishes a zone by the job written in the change's transaction", async () => {
    // The demo domains got the default zone; the worker published it.
    await waitForJobs(app);
    expect(server.zones.get('goudenkorst.nl')).toContainEqual({ name: '@', type: 'A', value: '203.0.113.10', priority: null, ttl: 3600 });
    const row = await zoneRow('goudenkorst.nl');
    expect(row.publishedRevision).toBe(row.revision);
  });

  it('keeps a change through an outage: the job fails, the catch-up finds the zone behind, and it is published once the server is back', async () => {
    const { domainId } = await zoneRow('goudenkorst.nl');
    const records = await services.dns.zone(domainId);
    const changed = [...records, { name: 'winkel', type: 'A' as const, value: '203.0.113.77', priority: null, ttl: 300 }];
    server.state.down = true;
    await database.db.transaction((tx) => services.dns.writeZone(tx, domainId, changed, { action: 'add' }));
    await expect(services.dnsPublishing.publishZone({ id: 'test', data: { domainId, domain: 'goudenkorst.nl' } })).rejects.toThrow(
      /publishing the zone of goudenkorst\.nl to powerdns: unreachable \(connection refused\)/,
    );
    const behind = await zoneRow('goudenkorst.nl');
    expect(behind.publishedRevision).toBeLessThan(behind.revision);
    expect(behind.publishFailure).toEqual({ reason: 'unreachable', record: null, revision: behind.revision });
    expect(server.zones.get('goudenkorst.nl')).not.toContainEqual(expect.objectContaining({ name: 'winkel' }));

    server.state.down = false;
    expect(await services.dnsPublishing.catchUp()).toBeGreaterThanOrEqual(1);
    await waitForJobs(app);
    expect(server.zones.get('goudenkorst.nl')).toContainEqual({ name: 'winkel', type: 'A', value: '203.0.113.77', priority: null, ttl: 300 });
    const caughtUp = await zoneRow('goudenkorst.nl');
    expect(caughtUp.publishedRevision).toBe(caughtUp.revision);
    expect(caughtUp.publishFailure).toBeNull();
  });

  it('fails a refused zone for good at once: a dead job with the reason, the DNS page says so, the catch-up lets it be, and the next accepted change clears it', async () => {
    await waitForJobs(app);
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const dnsPage = async () => ZDnsZonePage.parse((await bakery.get('/api/account/dns-beheren?name=goudenkorst.nl')).json());
    const { domainId } = await dnsPage();
    expect((await dnsPage()).publishFailure).toBeNull();
    const deadBefore = (await jobsOf(app).deadJobs()).length;

    const detail = "HTTP 422: Record ipv6.goudenkorst.nl./AAAA '::ffff:127.0.0.1': Invalid IPv6 address";
    server.state.refusal = { ok: false, reason: 'refused', detail, record: 'ipv6 AAAA ::ffff:127.0.0.1' };
    const saved = await bakery.post(`/api/account/domeinen/${domainId}/dns`, { name: 'bakkerij', type: 'A', value: '203.0.113.44' });
    expect(saved.statusCode, saved.body).toBe(200);
    await waitForJobs(app);

    // Dead at its first run: a refusal is not tried again for hours.
    const dead = await jobsOf(app).deadJobs();
    expect(dead).toHaveLength(deadBefore + 1);
    expect(dead[0]).toMatchObject({ name: 'publish-dns-zone', retries: 0, error: `publishing the zone of goudenkorst.nl to powerdns: refused (${detail})` });
    const page = await dnsPage();
    expect(page.publishFailure).toMatchObject({ reason: 'refused', record: 'ipv6 AAAA ::ffff:127.0.0.1' });
    expect(Date.parse(page.publishFailure!.failedAt)).not.toBeNaN();

    // The catch-up would only be refused again: it leaves the zone until it changes.
    server.state.published.length = 0;
    await services.dnsPublishing.catchUp();
    await waitForJobs(app);
    expect(server.state.published).not.toContain('goudenkorst.nl');

    server.state.refusal = null;
    const removed = await bakery.delete(`/api/account/domeinen/${domainId}/dns/${saved.json<{ dnsListOnStart: Array<{ id: number; name: string }> }>().dnsListOnStart.find((record) => record.name === 'bakkerij')!.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    await waitForJobs(app);
    expect((await dnsPage()).publishFailure).toBeNull();
    const row = await zoneRow('goudenkorst.nl');
    expect(row.publishedRevision).toBe(row.revision);
  });

  it('repairs drift: the catch-up re-publishes published zones, which puts back what changed behind the shop', async () => {
    server.zones.set('goudenkorst.nl', [{ name: '@', type: 'A', value: '198.51.100.66', priority: null, ttl: 3600 }]);
    await services.dnsPublishing.catchUp();
    await waitForJobs(app);
    const { domainId } = await zoneRow('goudenkorst.nl');
    expect(zoneDiffers('goudenkorst.nl', await services.dns.zone(domainId), server.zones.get('goudenkorst.nl')!)).toBe(false);
  });

  it('removes the zone from the server when the domain is gone', async () => {
    const { domainId } = await zoneRow('goudenkorst-webshop.com');
    expect(server.zones.has('goudenkorst-webshop.com')).toBe(true);
    await database.db.transaction(async (tx) => {
      await tx.delete(domains).where(eq(domains.id, domainId));
      await requestZonePublishing(services.jobs, tx, { domainId, domain: 'goudenkorst-webshop.com' });
    });
    await waitForJobs(app);
    expect(server.zones.has('goudenkorst-webshop.com')).toBe(false);
  });
});
