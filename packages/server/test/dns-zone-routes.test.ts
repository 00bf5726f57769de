import { ZDnsHistoryEntry, ZDnsZonePage, ZDnsZoneRecord, type TDnsZonePage } from '@kavel/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { dnsZones } from '../src/db/schema/index.ts';
import { customerIdOf, databaseKinds, loginAs, servicesOf, TestClient, useTestShop } from './support/index.ts';

const PAGE = '/api/account/dns-beheren';
const zoneOf = (id: number) => `/api/account/domeinen/${id}/dns`;
const withoutIds = (page: TDnsZonePage) => page.dnsListOnStart.map(({ id: _id, ...record }) => record);

describe.each(databaseKinds)('DNS zone routes on $name', (kind) => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  useTestShop(kind, (shop) => ({ app, database } = shop), { demoAccounts: true });

  let bakery: TestClient;
  let stranger: TestClient;
  let subUser: TestClient;
  let korst: TDnsZonePage;
  let webshopId: number;
  beforeAll(async () => {
    bakery = await loginAs(app, 'klant@demo.kavel.nl');
    stranger = await loginAs(app, 'reseller@demo.kavel.nl');
    subUser = await loginAs(app, 'medewerker@demo.kavel.nl');
    korst = await pageOf(bakery, 'goudenkorst.nl');
    webshopId = (await pageOf(bakery, 'goudenkorst-webshop.com')).domainId;
  });

  async function pageOf(client: TestClient, name: string): Promise<TDnsZonePage> {
    const response = await client.get(`${PAGE}?name=${encodeURIComponent(name)}`);
    expect(response.statusCode, response.body).toBe(200);
    return ZDnsZonePage.parse(response.json());
  }

  async function write(response: Awaited<ReturnType<TestClient['post']>>): Promise<TDnsZonePage> {
    expect(response.statusCode, response.body).toBe(200);
    return ZDnsZonePage.parse(response.json());
  }

  it("answers the page's data: records with ids and TTLs, the flags, profiles and where the zone is served", async () => {
    expect(korst).toMatchObject({
      domainName: 'goudenkorst.nl',
      asciiName: 'goudenkorst.nl',
      domainIsManageable: true,
      isActiveDnsServer: true,
      readOnly: false,
      privacySupported: false,
      privacyEnabled: false,
      nameservers: ['ns1.kavel.nl', 'ns2.kavel.nl'],
      publishing: 'none',
    });
    expect(korst.dnsProfiles.map((profile) => profile.name)).toEqual(['Standaard Kavel', 'Google Workspace']);
    expect(withoutIds(korst)).toContainEqual({ name: '@', type: 'MX', value: 'mx1.kavel.nl.', priority: 10, ttl: 3600 });
    expect(new Set(korst.dnsListOnStart.map((record) => record.id)).size).toBe(korst.dnsListOnStart.length);
    // The .com supports privacy protection, the .nl does not (catalogue data).
    expect((await pageOf(bakery, 'goudenkorst-webshop.com')).privacySupported).toBe(true);
    const records = await bakery.get(zoneOf(korst.domainId));
    expect(z.array(ZDnsZoneRecord).parse(records.json())).toEqual(korst.dnsListOnStart);
  });

  it('answers 401 to a visitor, and 404 for a domain of another customer or one that does not exist', async () => {
    const visitor = new TestClient(app);
    expect((await visitor.get(`${PAGE}?name=goudenkorst.nl`)).statusCode).toBe(401);
    expect((await visitor.post(zoneOf(korst.domainId), { name: 'www', type: 'A', value: '203.0.113.10' })).statusCode).toBe(401);
    expect((await stranger.get(`${PAGE}?name=goudenkorst.nl`)).statusCode).toBe(404);
    expect((await stranger.get(zoneOf(korst.domainId))).statusCode).toBe(404);
    expect((await stranger.post(zoneOf(korst.domainId), { name: 'www', type: 'A', value: '203.0.113.10' })).statusCode).toBe(404);
    expect((await stranger.delete(`${zoneOf(korst.domainId)}/${korst.dnsListOnStart[0]!.id}`)).statusCode).toBe(404);
    expect((await stranger.get(`${zoneOf(korst.domainId)}/history`)).statusCode).toBe(404);
    expect((await bakery.get(`${PAGE}?name=nergens.nl`)).statusCode).toBe(404);
    expect((await bakery.get(`${PAGE}`)).statusCode).toBe(400);
  });

  it('adds, edits and removes records, completing MX targets and keeping ids', async () => {
    let page = await write(await bakery.post(zoneOf(korst.domainId), { name: 'www', type: 'A', value: '203.0.113.10' }));
    const www = page.dnsListOnStart.find((record) => record.name === 'www')!;
    expect(www).toMatchObject({ type: 'A', value: '203.0.113.10', ttl: 3600 });

    page = await write(await bakery.post(zoneOf(korst.domainId), { name: '', type: 'MX', value: 'mail', priority: 30 }));
    expect(withoutIds(page)).toContainEqual({ name: '@', type: 'MX', value: 'mail.goudenkorst.nl.', priority: 30, ttl: 3600 });

    page = await write(await bakery.post(zoneOf(korst.domainId), { name: '_sip._tcp', type: 'SRV', value: '60 5060 sip', priority: 10 }));
    expect(withoutIds(page)).toContainEqual({ name: '_sip._tcp', type: 'SRV', value: '60 5060 sip.goudenkorst.nl.', priority: 10, ttl: 3600 });

    page = await write(await bakery.put(`${zoneOf(korst.domainId)}/${www.id}`, { name: 'www', type: 'A', value: '203.0.113.11' }));
    expect(page.dnsListOnStart.find((record) => record.id === www.id)).toMatchObject({ value: '203.0.113.11' });

    page = await write(await bakery.delete(`${zoneOf(korst.domainId)}/${www.id}`));
    expect(page.dnsListOnStart.some((record) => record.id === www.id)).toBe(false);
    expect(page.revision).toBeGreaterThan(korst.revision);
  });

  it('takes a target ending in a top-level domain as a full name, one ending in .@ as relative, and "" as the apex for every type', async () => {
    const added = async (record: object) => withoutIds(await write(await bakery.post(zoneOf(korst.domainId), record)));
    expect(await added({ name: 'webwinkel', type: 'CNAME', value: 'bakkerij.github.io' })).toContainEqual(expect.objectContaining({ name: 'webwinkel', value: 'bakkerij.github.io.' }));
    expect(await added({ name: '', type: 'MX', value: 'mx.example.nl', priority: 25 })).toContainEqual(expect.objectContaining({ name: '@', type: 'MX', value: 'mx.example.nl.', priority: 25 }));
    expect(await added({ name: 'kassa', type: 'CNAME', value: 'kassa.shop.@' })).toContainEqual(expect.objectContaining({ name: 'kassa', value: 'kassa.shop.goudenkorst.nl.' }));
    expect(await added({ name: '', type: 'TXT', value: 'google-site-verification=abc' })).toContainEqual(expect.objectContaining({ name: '@', type: 'TXT', value: 'google-site-verification=abc' }));
    expect(await added({ name: '', type: 'AAAA', value: '2001:db8::99' })).toContainEqual(expect.objectContaining({ name: '@', type: 'AAAA', value: '2001:db8::99' }));
  });

  it("refuses a record the rules refuse with the field's message, and changes nothing", async () => {
    const before = await pageOf(bakery, 'goudenkorst.nl');
    const refusals: Array<[unknown, string]> = [
      [{ name: 'www', type: 'A', value: '203.0.113.300' }, 'value'],
      // The apex, written as "" like MX's, cannot have a CNAME.
      [{ name: '', type: 'CNAME', value: 'elders.nl.' }, 'name'],
      [{ name: 'www', type: 'TXT', value: '' }, 'value'],
      [{ name: '', type: 'MX', value: 'mail', priority: 15.5 }, 'priority'],
      [{ name: 'sip', type: 'SRV', value: '60 5060 sip', priority: 10 }, 'name'],
      [{ name: '@', type: 'CNAME', value: 'elders.nl.' }, 'name'],
      // The same record twice.
      [{ name: 'mail', type: 'A', value: '203.0.113.25' }, 'value'],
      // A CNAME beside other data at its name.
      [{ name: 'mail', type: 'CNAME', value: 'elders.nl.' }, 'name'],
    ];
    await write(await bakery.post(zoneOf(korst.domainId), { name: 'mail', type: 'A', value: '203.0.113.25' }));
    const withMail = await pageOf(bakery, 'goudenkorst.nl');
    for (const [record, field] of refusals) {
      const response = await bakery.post(zoneOf(korst.domainId), record);
      expect(response.statusCode, JSON.stringify(record)).toBe(400);
      const body = response.json() as { message: string; fieldErrors: Record<string, string> };
      expect(Object.keys(body.fieldErrors ?? {}), JSON.stringify(record)).toContain(field);
      expect(body.message.length).toBeGreaterThan(0);
    }
    expect(await pageOf(bakery, 'goudenkorst.nl')).toEqual(withMail);
    expect(withMail.revision).toBe(before.revision + 1);
  });

  it('says the rule of each refused field, not only that something is wrong', async () => {
    const refusedWith = async (record: unknown) => (await bakery.post(zoneOf(korst.domainId), record)).json() as { fieldErrors: Record<string, string> };
    await expect(refusedWith({ name: 'www', type: 'A', value: '203.0.113.300' })).resolves.toMatchObject({
      fieldErrors: { value: 'Een IPv4-adres is vier getallen van 0 tot 255, gescheiden door punten, bijvoorbeeld 203.0.113.10.' },
    });
    await expect(refusedWith({ name: '_sip._tcp', type: 'SRV', value: '60 5060 sip', priority: 70_000 })).resolves.toMatchObject({
      fieldErrors: { priority: 'Een prioriteit is een getal van 0 tot 65535.' },
    });
  });

  it('answers 404 for a record id of another zone, and 403 without the CSRF header', async () => {
    const other = await pageOf(bakery, 'goudenkorst-webshop.com');
    const response = await bakery.put(`${zoneOf(korst.domainId)}/${other.dnsListOnStart[0]!.id}`, { name: 'x', type: 'A', value: '203.0.113.1' });
    expect(response.statusCode).toBe(404);
    const forged = await bakery.post(zoneOf(korst.domainId), { name: 'x', type: 'A', value: '203.0.113.1' }, { csrf: false });
    expect(forged.statusCode).toBe(403);
    expect((await pageOf(bakery, 'goudenkorst.nl')).dnsListOnStart.some((record) => record.name === 'x')).toBe(false);
  });

  it("shows a sub-user its parent's zone read-only, and refuses its changes", async () => {
    const page = await pageOf(subUser, 'goudenkorst.nl');
    expect(page.readOnly).toBe(true);
    expect(page.dnsListOnStart).toEqual((await pageOf(bakery, 'goudenkorst.nl')).dnsListOnStart);
    const refused = await subUser.post(zoneOf(page.domainId), { name: 'sub', type: 'A', value: '203.0.113.9' });
    expect(refused.statusCode).toBe(403);
    expect((await subUser.post(`${zoneOf(page.domainId)}/reset`, {})).statusCode).toBe(403);
  });

  it('turns privacy protection on and off where the extension supports it, and refuses it elsewhere', async () => {
    const privacyOf = (id: number) => `/api/account/domeinen/${id}/privacy`;
    const on = await write(await bakery.put(privacyOf(webshopId), { enabled: true }));
    expect(on).toMatchObject({ privacySupported: true, privacyEnabled: true });
    expect((await pageOf(bakery, 'goudenkorst-webshop.com')).privacyEnabled).toBe(true);
    // A sub-user sees it, and cannot change it; nor can another customer or a forged request.
    expect((await pageOf(subUser, 'goudenkorst-webshop.com')).privacyEnabled).toBe(true);
    expect((await subUser.put(privacyOf(webshopId), { enabled: false })).statusCode).toBe(403);
    expect((await stranger.put(privacyOf(webshopId), { enabled: false })).statusCode).toBe(404);
    expect((await bakery.put(privacyOf(webshopId), { enabled: false }, { csrf: false })).statusCode).toBe(403);
    expect((await bakery.put(privacyOf(webshopId), { enabled: 'nee' })).statusCode).toBe(400);
    expect((await pageOf(bakery, 'goudenkorst-webshop.com')).privacyEnabled).toBe(true);
    const off = await write(await bakery.put(privacyOf(webshopId), { enabled: false }));
    expect(off.privacyEnabled).toBe(false);
    // The .nl has no privacy protection: refused with a message, and nothing stored.
    const refused = await bakery.put(privacyOf(korst.domainId), { enabled: true });
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { message: string }).message).toBe('Privacybescherming is voor deze extensie niet mogelijk.');
    const [zone] = await database.db.select({ privacyEnabled: dnsZones.privacyEnabled }).from(dnsZones).where(eq(dnsZones.domainId, korst.domainId));
    expect(zone?.privacyEnabled ?? false).toBe(false);
  });

  it("refuses changes to a zone that cannot be managed, with the spec's text", async () => {
    await database.db.update(dnsZones).set({ manageable: false }).where(eq(dnsZones.domainId, webshopId));
    try {
      const page = await pageOf(bakery, 'goudenkorst-webshop.com');
      expect(page.domainIsManageable).toBe(false);
      const response = await bakery.post(zoneOf(webshopId), { name: 'x', type: 'A', value: '203.0.113.1' });
      expect(response.statusCode).toBe(409);
      expect((response.json() as { message: string }).message).toBe('DNS-records kunnen op dit moment niet beheerd worden. Neem contact op met onze support.');
    } finally {
      await database.db.update(dnsZones).set({ manageable: true }).where(eq(dnsZones.domainId, webshopId));
    }
  });

  it('keeps a history of who changed what, and undoes the latest change as a new revision', async () => {
    const before = await pageOf(bakery, 'goudenkorst-webshop.com');
    const added = await write(await bakery.post(zoneOf(webshopId), { name: 'winkel', type: 'A', value: '203.0.113.77' }));
    const history = z.array(ZDnsHistoryEntry).parse((await bakery.get(`${zoneOf(webshopId)}/history`)).json());
    expect(history[0]).toMatchObject({ revision: added.revision, action: 'add', by: 'klant@demo.kavel.nl', added: [{ name: 'winkel', type: 'A', value: '203.0.113.77' }], removed: [] });
    expect(history.at(-1)).toMatchObject({ revision: 1, action: 'create', by: null });

    // Undo names the revision it takes back; an older one is refused.
    expect((await bakery.post(`${zoneOf(webshopId)}/undo`, { revision: added.revision - 1 })).statusCode).toBe(409);
    const undone = await write(await bakery.post(`${zoneOf(webshopId)}/undo`, { revision: added.revision }));
    expect(withoutIds(undone)).toEqual(withoutIds(before));
    expect(undone.revision).toBe(added.revision + 1);
    const after = z.array(ZDnsHistoryEntry).parse((await bakery.get(`${zoneOf(webshopId)}/history`)).json());
    expect(after[0]).toMatchObject({ action: 'undo', removed: [{ name: 'winkel' }] });
  });

  it('resets a zone to the default zone', async () => {
    await write(await bakery.post(zoneOf(webshopId), { name: 'extra', type: 'TXT', value: 'iets' }));
    const reset = await write(await bakery.post(`${zoneOf(webshopId)}/reset`, {}));
    expect(withoutIds(reset)).toEqual([
      { name: '@', type: 'A', value: '203.0.113.10', priority: null, ttl: 3600 },
      { name: '@', type: 'AAAA', value: '2001:db8::10', priority: null, ttl: 3600 },
      { name: 'www', type: 'CNAME', value: 'goudenkorst-webshop.com.', priority: null, ttl: 3600 },
      { name: '@', type: 'MX', value: 'mx1.kavel.nl.', priority: 10, ttl: 3600 },
      { name: '@', type: 'MX', value: 'mx2.kavel.nl.', priority: 20, ttl: 3600 },
      { name: '@', type: 'TXT', value: 'v=spf1 include:_spf.kavel.nl ~all', priority: null, ttl: 3600 },
    ]);
  });

  it('shows an IDN domain in Unicode and keeps and finds it in Punycode', async () => {
    const bakeryId = await customerIdOf(database.db, 'klant@demo.kavel.nl');
    const services = servicesOf(app);
    await services.domains.addDomain('xn--bakkerij-caf-meb.nl', bakeryId);
    const page = await pageOf(bakery, 'bakkerij-café.nl');
    expect(page).toMatchObject({ domainName: 'bakkerij-café.nl', asciiName: 'xn--bakkerij-caf-meb.nl' });
    expect((await pageOf(bakery, 'xn--bakkerij-caf-meb.nl')).domainId).toBe(page.domainId);
    const added = await write(await bakery.post(zoneOf(page.domainId), { name: 'www', type: 'CNAME', value: 'bakkerij-café.nl.' }));
    expect(withoutIds(added)).toContainEqual({ name: 'www', type: 'CNAME', value: 'xn--bakkerij-caf-meb.nl.', priority: null, ttl: 3600 });
  });

  it('leaves no zone row behind when a change to a domain without one is refused', async () => {
    const { domainId } = await pageOf(stranger, 'oudegracht-design.nl');
    const before = await database.db.select().from(dnsZones).where(eq(dnsZones.domainId, domainId));
    await database.db.delete(dnsZones).where(eq(dnsZones.domainId, domainId));
    try {
      // Locking the zone for the change makes its row; the refusal takes it back.
      expect((await stranger.delete(`${zoneOf(domainId)}/2147483647`)).statusCode).toBe(404);
      expect(await database.db.select().from(dnsZones).where(eq(dnsZones.domainId, domainId))).toEqual([]);
    } finally {
      if (before.length > 0) await database.db.insert(dnsZones).values(before);
    }
  });
});
