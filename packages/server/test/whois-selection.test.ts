import { randomUUID } from 'node:crypto';
import { ZWhoisList } from '@kavel/core';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { dnsProfileRecords, dnsProfiles, whoisHolders } from '../src/db/schema/index.ts';
import { ensureDemoAccounts } from '../src/features/accounts/demo-accounts.ts';
import { basketCalls, basketFrom, buildTestApp, customerIdOf, databaseKinds, demoAccountDeps, loginAs, products, TestClient } from './support/index.ts';

const { nl } = products;
const holdersOf = async (client: TestClient) => ZWhoisList.parse((await client.get('/api/account/whois')).json());

describe.each(databaseKinds)('holder choice per domain and the demo data on $name', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await kind.open();
    app = await buildTestApp(database);
    const deps = await demoAccountDeps(database.db);
    await ensureDemoAccounts(deps);
    await ensureDemoAccounts(deps);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('seeds the demo customer once with two holders and two DNS profiles with their records', async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const holders = await holdersOf(bakery);
    expect(holders.custom.map((holder) => holder.label)).toEqual(['Webshop De Gouden Korst B.V.', 'Femke de Vries']);
    expect(holders.standard).toMatchObject({ label: 'Bakkerij De Gouden Korst, Femke de Vries', email: 'klant@demo.kavel.nl', phone: '+31 20 123 4567' });
    expect((await bakery.get(`/api/account/whois/${holders.custom[0]!.id}`)).json()).toMatchObject({ isCompany: true, vat: 'NL861234567B01', country: 'NL' });

    const customerId = await customerIdOf(database.db, 'klant@demo.kavel.nl');
    const profiles = await database.db.select().from(dnsProfiles).where(eq(dnsProfiles.customerId, customerId)).orderBy(asc(dnsProfiles.id));
    expect(profiles.map((profile) => profile.name)).toEqual(['Standaard Kavel', 'Google Workspace']);
    const records = await database.db
      .select()
      .from(dnsProfileRecords)
      .where(inArray(dnsProfileRecords.profileId, profiles.map((profile) => profile.id)))
      .orderBy(asc(dnsProfileRecords.id));
    const google = records.filter((record) => record.profileId === profiles[1]!.id);
    expect(google.filter((record) => record.type === 'MX').map((record) => [record.priority, record.value])).toEqual([
      [1, 'aspmx.l.google.com.'],
      [5, 'alt1.aspmx.l.google.com.'],
      [5, 'alt2.aspmx.l.google.com.'],
      [10, 'alt3.aspmx.l.google.com.'],
      [10, 'alt4.aspmx.l.google.com.'],
    ]);
    expect(google.some((record) => record.type === 'TXT' && record.value.includes('_spf.google.com'))).toBe(true);
    expect(records.filter((record) => record.profileId === profiles[0]!.id).map((record) => record.type)).toEqual(['A', 'AAAA', 'CNAME', 'MX', 'A', 'TXT']);
    expect(await database.db.select().from(whoisHolders).where(eq(whoisHolders.customerId, customerId))).toHaveLength(2);
  });

  it("keeps the chosen holder per domain: the standard one (null) or one of the customer's own", async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const calls = basketCalls(bakery);
    const unique = basketFrom(await calls.addDomain(nl, 'houder-kiezen.nl')).items.find((item) => item.title === 'houder-kiezen.nl')!.unique;
    expect((await calls.domain('houder-kiezen.nl')).options.customWhoisId).toBeNull();
    const [webshop] = (await holdersOf(bakery)).custom;

    const chosen = basketFrom(await calls.call('setDomainHolder', { unique, customWhoisId: webshop!.id }));
    expect(chosen.items.find((item) => item.unique === unique)!.options).toEqual({ serviceType: 'HOSTING', customWhoisId: webshop!.id });
    const standard = basketFrom(await calls.call('setDomainHolder', { unique, customWhoisId: null }));
    expect(standard.items.find((item) => item.unique === unique)!.options.customWhoisId).toBeNull();

    expect((await calls.call('setDomainHolder', { unique: randomUUID(), customWhoisId: null })).statusCode).toBe(404);
    expect((await calls.call('setDomainHolder', { unique, customWhoisId: 'standaard' })).statusCode).toBe(400);
    expect((await calls.call('setDomainHolder', { unique })).statusCode).toBe(400);
  });

  it("answers 404 for another customer's holder, and for any holder id without login", async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const [webshop] = (await holdersOf(bakery)).custom;
    const reseller = await loginAs(app, 'reseller@demo.kavel.nl');
    const theirs = basketCalls(reseller);
    const unique = basketFrom(await theirs.addDomain(nl, 'houder-van-ander.nl')).items[0]!.unique;
    const refused = await theirs.call('setDomainHolder', { unique, customWhoisId: webshop!.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().fieldErrors).toEqual({ customWhoisId: 'Niet gevonden.' });
    expect((await theirs.domain('houder-van-ander.nl')).options.customWhoisId).toBeNull();

    const visitor = basketCalls(new TestClient(app));
    const anonymous = basketFrom(await visitor.addDomain(nl, 'houder-anoniem.nl')).items[0]!.unique;
    expect((await visitor.call('setDomainHolder', { unique: anonymous, customWhoisId: webshop!.id })).statusCode).toBe(404);
    expect((await visitor.call('setDomainHolder', { unique: anonymous, customWhoisId: null })).statusCode).toBe(200);
  });

  it('puts a domain back on the standard holder when its chosen holder is deleted', async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const created = await bakery.post('/api/account/whois', {
      forename: 'Tijdelijk',
      surname: 'Houder',
      street: 'Kalverstraat',
      houseNumber: '1',
      postcode: '1012 NX',
      city: 'Amsterdam',
      phone: '020 123 4567',
      email: 'tijdelijk@example.nl',
    });
    const { id } = created.json() as { id: number };
    const calls = basketCalls(bakery);
    const unique = basketFrom(await calls.addDomain(nl, 'houder-weg.nl')).items.find((item) => item.title === 'houder-weg.nl')!.unique;
    await calls.call('setDomainHolder', { unique, customWhoisId: id });
    expect((await calls.domain('houder-weg.nl')).options.customWhoisId).toBe(id);
    expect((await bakery.delete(`/api/account/whois/${id}`)).statusCode).toBe(204);
    expect((await calls.domain('houder-weg.nl')).options.customWhoisId).toBeNull();
    expect((await calls.call('setDomainHolder', { unique, customWhoisId: id })).statusCode).toBe(404);
  });

  it('lists DNS profiles only for their customer', async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const list = (await bakery.get('/api/account/dns/profile')).json() as Array<{ id: number; name: string; records: unknown[] }>;
    expect(list.map((profile) => Object.keys(profile).sort())).toEqual([['id', 'name', 'records'], ['id', 'name', 'records']]);
    expect((await (await loginAs(app, 'reseller@demo.kavel.nl')).get('/api/account/dns/profile')).json()).toEqual([]);
    expect((await new TestClient(app).get('/api/account/dns/profile')).json()).toEqual([]);
  });
});
