import { ZDnsScan, ZDnsZonePage } from '@kavel/core';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { dnsZones } from '../src/db/schema/index.ts';
import wellKnown from '../src/features/catalogue/data/well-known-names.json' with { type: 'json' };
import { createSimulatedRegistry } from '../src/ports/registry/index.ts';
import type { TestClient} from './support/index.ts';
import { databaseKinds, loginAs, useTestShop } from './support/index.ts';

const zoneOf = (id: number) => `/api/account/domeinen/${id}/dns`;

describe.each(databaseKinds)('moving a domain’s DNS to the shop: scan and switch on $name', (kind) => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  const registry = createSimulatedRegistry({ latencyMs: { min: 0, max: 0 }, failureRate: 0, wellKnown, registeredInShop: async () => new Set() });
  useTestShop(kind, (shop) => ({ app, database } = shop), { demoAccounts: true, app: { registry } });

  let bakery: TestClient;
  let domainId: number;
  beforeAll(async () => {
    bakery = await loginAs(app, 'klant@demo.kavel.nl');
    domainId = ZDnsZonePage.parse((await bakery.get('/api/account/dns-beheren?name=goudenkorst-webshop.com')).json()).domainId;
    // The webshop's DNS is still served elsewhere.
    await database.db.update(dnsZones).set({ activeDnsServer: false }).where(eq(dnsZones.domainId, domainId));
  });

  it('shows the page with the domain not on our name servers, and refuses record changes until the switch', async () => {
    const page = ZDnsZonePage.parse((await bakery.get('/api/account/dns-beheren?name=goudenkorst-webshop.com')).json());
    expect(page.isActiveDnsServer).toBe(false);
    const refused = await bakery.post(zoneOf(domainId), { name: 'x', type: 'A', value: '203.0.113.1' });
    expect(refused.statusCode).toBe(409);
  });

  it('scans what the present name servers serve, writing nothing', async () => {
    const response = await bakery.post(`${zoneOf(domainId)}/scan`, {});
    expect(response.statusCode, response.body).toBe(200);
    const scan = ZDnsScan.parse(response.json());
    expect(scan.nameservers).toEqual(['ns1.elders-hosting.nl', 'ns2.elders-hosting.nl']);
    expect(scan.records).toContainEqual(expect.objectContaining({ name: '@', type: 'MX', value: 'mail.goudenkorst-webshop.com.', priority: 10 }));
    expect(await registry.nameserversOf('goudenkorst-webshop.com')).toBeNull();
    expect((await loginAs(app, 'reseller@demo.kavel.nl').then((stranger) => stranger.post(`${zoneOf(domainId)}/scan`, {}))).statusCode).toBe(404);
  });

  it('delegates the domain back to the name servers it had when the zone cannot be written after the registry said yes', async () => {
    // The database refuses the zone's change (as a full disk or a lost connection would).
    await database.db.execute(sql.raw(`CREATE FUNCTION refuse_zone_change() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'zone write refused'; END $$ LANGUAGE plpgsql`));
    await database.db.execute(sql.raw(`CREATE TRIGGER refuse_zone_change BEFORE UPDATE ON dns_zones FOR EACH ROW WHEN (OLD.domain_id = ${domainId}) EXECUTE FUNCTION refuse_zone_change()`));
    try {
      const response = await bakery.post(`${zoneOf(domainId)}/switch`, {});
      expect(response.statusCode).toBe(500);
    } finally {
      await database.db.execute(sql.raw('DROP TRIGGER refuse_zone_change ON dns_zones'));
      await database.db.execute(sql.raw('DROP FUNCTION refuse_zone_change()'));
    }
    expect(await registry.nameserversOf('goudenkorst-webshop.com')).toEqual(['ns1.elders-hosting.nl', 'ns2.elders-hosting.nl']);
    const page = ZDnsZonePage.parse((await bakery.get('/api/account/dns-beheren?name=goudenkorst-webshop.com')).json());
    expect(page.isActiveDnsServer).toBe(false);
  });

  it('switches: copies the scanned records, delegates to the shop’s name servers at the registry, and marks the domain active', async () => {
    const subUser = await loginAs(app, 'medewerker@demo.kavel.nl');
    expect((await subUser.post(`${zoneOf(domainId)}/switch`, {})).statusCode).toBe(403);

    const response = await bakery.post(`${zoneOf(domainId)}/switch`, {});
    expect(response.statusCode, response.body).toBe(200);
    const page = ZDnsZonePage.parse(response.json());
    expect(page.isActiveDnsServer).toBe(true);
    const scan = ZDnsScan.parse((await bakery.post(`${zoneOf(domainId)}/scan`, {})).json());
    const sorted = (records: object[]) => records.map((record) => JSON.stringify(record)).sort();
    expect(sorted(page.dnsListOnStart.map(({ id: _id, ...record }) => record))).toEqual(sorted(scan.records));
    expect(await registry.nameserversOf('goudenkorst-webshop.com')).toEqual(['ns1.kavel.nl', 'ns2.kavel.nl']);
    const history = (await bakery.get(`${zoneOf(domainId)}/history`)).json() as Array<{ action: string }>;
    expect(history[0]?.action).toBe('switch');
    // Record changes are taken from now on.
    expect((await bakery.post(zoneOf(domainId), { name: 'x', type: 'A', value: '203.0.113.1' })).statusCode).toBe(200);
  });
});
