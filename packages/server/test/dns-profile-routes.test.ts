import { importZoneFile, ZDnsApplyPreview, ZDnsApplyProfileAnswer, ZDnsImportAnswer, ZDnsProfiles, ZDnsZonePage, type TDnsProfile, type TDnsZonePage } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, loginAs, TestClient, useTestShop } from './support/index.ts';

const PROFILES = '/api/account/dns/profile';
const APPLY = '/api/accounts/dns-beheren/profiel';
const zoneOf = (id: number) => `/api/account/domeinen/${id}/dns`;
const plain = (records: ReadonlyArray<{ name: string; type: string; value: string; priority: number | null }>) =>
  records.map(({ name, type, value, priority }) => `${name} ${type} ${priority ?? ''} ${value}`).sort();

describe.each(databaseKinds)('DNS profiles, applying them, and zone files on $name', (kind) => {
  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ app } = shop), { demoAccounts: true });

  let bakery: TestClient;
  let stranger: TestClient;
  let subUser: TestClient;
  let webshop: TDnsZonePage;
  beforeAll(async () => {
    bakery = await loginAs(app, 'klant@demo.kavel.nl');
    stranger = await loginAs(app, 'reseller@demo.kavel.nl');
    subUser = await loginAs(app, 'medewerker@demo.kavel.nl');
    webshop = ZDnsZonePage.parse((await bakery.get('/api/account/dns-beheren?name=goudenkorst-webshop.com')).json());
  });

  async function profilesFrom(response: Awaited<ReturnType<TestClient['post']>>): Promise<TDnsProfile[]> {
    expect(response.statusCode, response.body).toBe(200);
    return ZDnsProfiles.parse(response.json());
  }
  const named = (profiles: TDnsProfile[], name: string) => profiles.find((profile) => profile.name === name)!;

  it('lists the profiles with their records, and an empty list to a visitor', async () => {
    const profiles = await profilesFrom(await bakery.get(PROFILES));
    expect(profiles.map((profile) => profile.name)).toEqual(['Standaard Kavel', 'Google Workspace']);
    expect(named(profiles, 'Standaard Kavel').records).toContainEqual(expect.objectContaining({ name: 'www', type: 'CNAME', value: '[DOMAINNAME].' }));
    expect((await new TestClient(app).get(PROFILES)).json()).toEqual([]);
  });

  it('creates a profile (a name is required), adds, edits and removes its records, and deletes it', async () => {
    const empty = await bakery.post(PROFILES, { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ fieldErrors: { name: 'Vul een naam in.' } });
    let profiles = await profilesFrom(await bakery.post(PROFILES, { name: 'Winkel' }));
    const winkel = named(profiles, 'Winkel');
    expect(winkel.records).toEqual([]);

    profiles = await profilesFrom(await bakery.post(`${PROFILES}/${winkel.id}/record`, { name: 'shop', type: 'A', value: '203.0.113.50' }));
    profiles = await profilesFrom(await bakery.post(`${PROFILES}/${winkel.id}/record`, { name: 'www', type: 'CNAME', value: 'shop.[DOMAINNAME].' }));
    const www = named(profiles, 'Winkel').records.find((record) => record.name === 'www')!;
    expect(www.value).toBe('shop.[DOMAINNAME].');
    // The profile page's MX list lacks 15.
    expect((await bakery.post(`${PROFILES}/${winkel.id}/record`, { name: '', type: 'MX', value: 'mail', priority: 15 })).statusCode).toBe(400);
    expect((await bakery.post(`${PROFILES}/${winkel.id}/record`, { name: 'x', type: 'A', value: 'geen-adres' })).statusCode).toBe(400);

    profiles = await profilesFrom(await bakery.put(`${PROFILES}/${winkel.id}/record/${www.id}`, { name: 'www', type: 'A', value: '203.0.113.51' }));
    expect(named(profiles, 'Winkel').records.find((record) => record.id === www.id)).toMatchObject({ type: 'A', value: '203.0.113.51' });
    profiles = await profilesFrom(await bakery.delete(`${PROFILES}/${winkel.id}/record/${www.id}`));
    expect(named(profiles, 'Winkel').records.map((record) => record.name)).toEqual(['shop']);

    profiles = await profilesFrom(await bakery.delete(`${PROFILES}/${winkel.id}`));
    expect(profiles.some((profile) => profile.name === 'Winkel')).toBe(false);
  });

  it("answers 404 for another customer's profile, 403 to a sub-user, and 403 without the CSRF header", async () => {
    const [own] = await profilesFrom(await bakery.get(PROFILES));
    expect((await stranger.post(`${PROFILES}/${own!.id}/record`, { name: 'x', type: 'A', value: '203.0.113.1' })).statusCode).toBe(404);
    expect((await stranger.delete(`${PROFILES}/${own!.id}`)).statusCode).toBe(404);
    expect((await stranger.delete(`${PROFILES}/${own!.id}/record/${own!.records[0]!.id}`)).statusCode).toBe(404);
    expect((await subUser.post(PROFILES, { name: 'Van de medewerker' })).statusCode).toBe(403);
    expect((await bakery.post(PROFILES, { name: 'Vervalst' }, { csrf: false })).statusCode).toBe(403);
    expect((await profilesFrom(await bakery.get(PROFILES))).map((profile) => profile.name)).toEqual(['Standaard Kavel', 'Google Workspace']);
  });

  it("saves a domain's records as a new profile, with the domain name as [DOMAINNAME]", async () => {
    const korst = ZDnsZonePage.parse((await bakery.get('/api/account/dns-beheren?name=goudenkorst.nl')).json());
    const dnsList = JSON.stringify(korst.dnsListOnStart.map(({ id: _id, ...record }) => record).concat([{ name: '@', type: 'MX', value: 'mail.goudenkorst.nl.', priority: 50, ttl: 3600 }]));
    const profiles = await profilesFrom(await bakery.post(`${PROFILES}/fromDomain`, { domainName: 'goudenkorst.nl', name: 'Van goudenkorst', dnsList }));
    expect(named(profiles, 'Van goudenkorst').records).toContainEqual(expect.objectContaining({ type: 'MX', value: 'mail.[DOMAINNAME].', priority: 50 }));
    expect((await stranger.post(`${PROFILES}/fromDomain`, { domainName: 'goudenkorst.nl', name: 'Gestolen', dnsList: [] })).statusCode).toBe(404);
  });

  it('previews and applies a profile: replace makes the zone the profile, merge keeps the other record sets', async () => {
    const google = named(await profilesFrom(await bakery.get(PROFILES)), 'Google Workspace');
    const body = { domainId: webshop.domainId, profileId: google.id, mode: 'merge' };
    const preview = ZDnsApplyPreview.parse((await bakery.post(`${APPLY}/preview`, body)).json());
    // The profile defines the apex's MX and TXT sets (and the same A and www): those are replaced.
    expect(plain(preview.removed)).toEqual(['@ MX 10 mx1.kavel.nl.', '@ MX 20 mx2.kavel.nl.', '@ TXT  v=spf1 include:_spf.kavel.nl ~all'].sort());
    expect(plain(preview.added)).toContain('@ MX 1 aspmx.l.google.com.');
    // Nothing was written by the preview.
    expect(ZDnsZonePage.parse((await bakery.get('/api/account/dns-beheren?name=goudenkorst-webshop.com')).json()).revision).toBe(webshop.revision);

    const merged = ZDnsApplyProfileAnswer.parse((await bakery.post(APPLY, body)).json());
    expect(merged.errors).toEqual([]);
    // The AAAA set is not in the profile, so merging keeps it.
    expect(plain(merged.successfullySavedRecords)).toContain('@ AAAA  2001:db8::10');
    expect(plain(merged.successfullySavedRecords)).not.toContain('@ MX 10 mx1.kavel.nl.');

    const replaced = ZDnsApplyProfileAnswer.parse((await bakery.post(APPLY, { domainId: webshop.domainId, profileId: google.id })).json());
    expect(plain(replaced.successfullySavedRecords)).toEqual(plain(google.records.map((record) => ({ ...record, name: record.name === '' ? '@' : record.name, value: record.value.replace('[DOMAINNAME]', 'goudenkorst-webshop.com') }))));
  });

  it("lists what a profile could not apply, and refuses another customer's profile or domain", async () => {
    let profiles = await profilesFrom(await bakery.post(PROFILES, { name: 'Botsend' }));
    const clash = named(profiles, 'Botsend');
    profiles = await profilesFrom(await bakery.post(`${PROFILES}/${clash.id}/record`, { name: 'www', type: 'A', value: '203.0.113.60' }));
    profiles = await profilesFrom(await bakery.post(`${PROFILES}/${clash.id}/record`, { name: 'www', type: 'CNAME', value: 'elders.nl.' }));
    const answer = ZDnsApplyProfileAnswer.parse((await bakery.post(APPLY, { domainId: webshop.domainId, profileId: clash.id })).json());
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors[0]).toMatch(/^www CNAME elders\.nl\.: /);
    expect(plain(answer.successfullySavedRecords)).toEqual(['www A  203.0.113.60']);

    const [strangerProfile] = await profilesFrom(await stranger.post(PROFILES, { name: 'Van de wederverkoper' }));
    expect((await bakery.post(APPLY, { domainId: webshop.domainId, profileId: strangerProfile!.id })).statusCode).toBe(404);
    expect((await stranger.post(APPLY, { domainId: webshop.domainId, profileId: strangerProfile!.id })).statusCode).toBe(404);
    expect((await subUser.post(APPLY, { domainId: webshop.domainId, profileId: clash.id })).statusCode).toBe(403);
  });

  it('exports the zone as a BIND file that imports to the same records, and names the line it cannot read', async () => {
    await bakery.post(`${zoneOf(webshop.domainId)}/reset`, {});
    await bakery.post(zoneOf(webshop.domainId), { name: 'selector1._domainkey', type: 'TXT', value: `v=DKIM1; k=rsa; p=${'A'.repeat(300)}` });
    const exported = await bakery.get(`${zoneOf(webshop.domainId)}/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/plain/);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="goudenkorst-webshop.com.zone"');
    expect(exported.body).toMatch(/SOA\s+ns1\.kavel\.nl\. hostmaster\.kavel\.nl\./);
    const before = ZDnsZonePage.parse((await bakery.get('/api/account/dns-beheren?name=goudenkorst-webshop.com')).json());
    const read = importZoneFile(exported.body, 'goudenkorst-webshop.com');
    expect(read.ok).toBe(true);

    const imported = await bakery.post(`${zoneOf(webshop.domainId)}/import`, { zoneFile: exported.body });
    expect(imported.statusCode, imported.body).toBe(200);
    const answer = ZDnsImportAnswer.parse(imported.json());
    expect(plain(answer.page.dnsListOnStart)).toEqual(plain(before.dnsListOnStart));
    // SOA and NS are the shop's own: reported as skipped, not imported.
    expect(answer.skipped.length).toBeGreaterThan(0);

    // A file of which nothing can be taken over changes nothing.
    const broken = await bakery.post(`${zoneOf(webshop.domainId)}/import`, { zoneFile: `$TTL 1h\n\nmail IN FOO bar\n` });
    expect(broken.statusCode).toBe(400);
    expect((broken.json() as { message: string }).message).toMatch(/^Regel 3: /);
    const after = ZDnsZonePage.parse((await bakery.get('/api/account/dns-beheren?name=goudenkorst-webshop.com')).json());
    expect(after.revision).toBe(answer.page.revision);
    expect((await stranger.get(`${zoneOf(webshop.domainId)}/export`)).statusCode).toBe(404);
  });
});
