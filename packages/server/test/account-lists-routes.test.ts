import { ZCustomerDomain, ZDnsRecord, ZHostingAccount } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../src/db/connect.ts';
import wellKnown from '../src/features/catalogue/data/well-known-names.json' with { type: 'json' };
import { createSimulatedProvisioning, type SimulatedProvisioning } from '../src/ports/provisioning/index.ts';
import { createSimulatedRegistry } from '../src/ports/registry/index.ts';
import {
  createTestFulfilment,
  customerIdOf,
  databaseKinds,
  insertTestOrder,
  lineFixtures as line,
  loginAs,
  products,
  TestClient,
  useTestShop,
} from './support/index.ts';

const { basic, ssl, wordpress } = products;
const NOT_FOUND = 'Niet gevonden.';

describe.each(databaseKinds)('account lists: domains, zones and hosting packages on $name', (kind) => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  const registry = createSimulatedRegistry({ latencyMs: { min: 0, max: 0 }, failureRate: 0, wellKnown, registeredInShop: async () => new Set() });
  let provisioning: SimulatedProvisioning;
  useTestShop(kind, (shop) => ({ app, database } = shop), {
    demoAccounts: true,
    app: { registry, provisioning: (db) => (provisioning = createSimulatedProvisioning({ db })) },
  });

  let bakery: TestClient;
  let reseller: TestClient;
  beforeAll(async () => {
    const customerId = await customerIdOf(database.db, 'klant@demo.kavel.nl');
    const { fulfilment } = await createTestFulfilment(database.db, { registry, provisioning });
    const orderId = await insertTestOrder(database.db, {
      customerId,
      lines: [
        line.registration('lijst-bakker.nl', [line.hosting(basic), line.extra(ssl), line.install(wordpress)]),
        line.registration('lijst-doorsturen.nl', [line.redirect('https://lijst-bakker.nl/winkel')]),
      ],
    });
    if ((await fulfilment.fulfil(orderId)) !== 'FULFILLED') throw new Error('the order was not fulfilled');
    bakery = await loginAs(app, 'klant@demo.kavel.nl');
    reseller = await loginAs(app, 'reseller@demo.kavel.nl');
  });

  const domainsOf = async (client: TestClient) => {
    const response = await client.get('/api/account/domeinen');
    expect(response.statusCode).toBe(200);
    return z.array(ZCustomerDomain).parse(response.json());
  };

  it("lists the customer's domains with what the order gave them", async () => {
    const list = await domainsOf(bakery);
    expect(list.map((domain) => domain.name)).toEqual(['goudenkorst-webshop.com', 'goudenkorst.nl', 'lijst-bakker.nl', 'lijst-doorsturen.nl']);
    const byName = new Map(list.map((domain) => [domain.name, domain]));
    expect(byName.get('lijst-bakker.nl')).toMatchObject({ status: 'active', hasHosting: true, redirectTo: null, dnsRecordCount: 6 });
    expect(byName.get('lijst-doorsturen.nl')).toMatchObject({ hasHosting: false, redirectTo: 'https://lijst-bakker.nl/winkel', dnsRecordCount: 5 });
    expect(byName.get('goudenkorst.nl')).toMatchObject({ status: 'active', hasHosting: false, redirectTo: null, dnsRecordCount: 5, registeredAt: '2014-04-12T12:00:00.000Z', expiresAt: expect.any(String) });
    const registered = byName.get('lijst-bakker.nl')!;
    const years = (Date.parse(registered.expiresAt!) - Date.parse(registered.registeredAt)) / (365.25 * 24 * 3600 * 1000);
    expect(Math.round(years)).toBe(1);
  });

  it("shows a domain's zone to its owner only", async () => {
    const domain = (await domainsOf(bakery)).find((candidate) => candidate.name === 'lijst-bakker.nl')!;
    const own = await bakery.get(`/api/account/domeinen/${domain.id}/dns`);
    expect(own.statusCode).toBe(200);
    expect(z.array(ZDnsRecord).parse(own.json())).toEqual([
      { name: '@', type: 'A', value: '203.0.113.10', priority: null, ttl: 3600 },
      { name: '@', type: 'AAAA', value: '2001:db8::10', priority: null, ttl: 3600 },
      // Targets are stored absolute: the default zone's `www CNAME @` points at the domain.
      { name: 'www', type: 'CNAME', value: 'lijst-bakker.nl.', priority: null, ttl: 3600 },
      { name: '@', type: 'MX', value: 'mx1.kavel.nl.', priority: 10, ttl: 3600 },
      { name: '@', type: 'MX', value: 'mx2.kavel.nl.', priority: 20, ttl: 3600 },
      { name: '@', type: 'TXT', value: 'v=spf1 include:_spf.kavel.nl ~all', priority: null, ttl: 3600 },
    ]);

    const someoneElses = await reseller.get(`/api/account/domeinen/${domain.id}/dns`);
    expect(someoneElses.statusCode).toBe(404);
    expect(someoneElses.json()).toMatchObject({ message: NOT_FOUND });
    expect((await bakery.get('/api/account/domeinen/999999/dns')).statusCode).toBe(404);
    expect((await bakery.get('/api/account/domeinen/abc/dns')).statusCode).toBe(404);
    expect((await new TestClient(app).get(`/api/account/domeinen/${domain.id}/dns`)).statusCode).toBe(401);
  });

  it("lists the customer's hosting packages with their extras and free install", async () => {
    const response = await bakery.get('/api/account/hostingpakketten');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const accounts = z.array(ZHostingAccount).parse(response.json());
    expect(accounts).toEqual([
      {
        id: expect.any(Number),
        domain: 'lijst-bakker.nl',
        productId: basic.productId,
        productCode: 'HOSTING_BASIC',
        productName: 'Basic webhosting',
        status: 'active',
        username: 'lijstbakker',
        cmsInstall: 'CMS_WORDPRESS',
        extras: [{ productId: ssl.productId, productCode: 'SSL_DV', productName: 'SSL Domeinvalidatie standaard' }],
        createdAt: expect.any(String),
      },
    ]);
  });

  it('shows other customers none of it, and anonymous visitors a 401', async () => {
    // The reseller sees its own domain (whose DNS is served elsewhere), none of the bakery's.
    expect((await domainsOf(reseller)).map((domain) => domain.name)).toEqual(['oudegracht-design.nl']);
    expect((await reseller.get('/api/account/hostingpakketten')).json()).toEqual([]);
    const anonymous = new TestClient(app);
    expect((await anonymous.get('/api/account/domeinen')).statusCode).toBe(401);
    expect((await anonymous.get('/api/account/hostingpakketten')).statusCode).toBe(401);
  });
});
