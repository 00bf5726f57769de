import { ZDnsApplyPreview, ZDnsApplyProfileAnswer, ZDnsHistoryEntry, ZDnsZonePage, type TDnsZonePage } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, loginAs, type TestClient, useTestShop } from './support/index.ts';

const APPLY = '/api/accounts/dns-beheren/profiel';
const PAGE = '/api/account/dns-beheren?name=goudenkorst-webshop.com';
const zoneOf = (id: number) => `/api/account/domeinen/${id}/dns`;
const plain = (records: ReadonlyArray<{ name: string; type: string; value: string; priority: number | null }>) =>
  records.map(({ name, type, value, priority }) => `${name} ${type} ${priority ?? ''} ${value}`.replace(/ {2}/, ' ')).sort();

const OURS = ['@ MX 10 mx1.kavel.nl.', '@ MX 20 mx2.kavel.nl.', '@ TXT v=spf1 include:_spf.kavel.nl ~all'];
const GOOGLE = ['@ MX 1 smtp.google.com.', '@ TXT v=spf1 include:_spf.google.com ~all'];
const OFFICE = ['@ MX 0 goudenkorst-webshop-com.mail.protection.outlook.com.', 'autodiscover CNAME autodiscover.outlook.com.', '@ TXT v=spf1 include:spf.protection.outlook.com -all'];
/** What no mail preset touches: the default zone's web records and a verification text added by hand. */
const OTHERS = ['@ A 203.0.113.10', '@ AAAA 2001:db8::10', 'www CNAME goudenkorst-webshop.com.', '@ TXT google-site-verification=abc123'];

describe.each(databaseKinds)('the e-mail presets mx, google and office on $name', (kind) => {
  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ app } = shop), { demoAccounts: true });

  let bakery: TestClient;
  let webshop: TDnsZonePage;
  const page = async () => ZDnsZonePage.parse((await bakery.get(PAGE)).json());
  const preview = async (preset: string) => {
    const response = await bakery.post(`${APPLY}/preview`, { domainId: webshop.domainId, preset });
    expect(response.statusCode, response.body).toBe(200);
    return ZDnsApplyPreview.parse(response.json());
  };
  const apply = async (preset: string) => {
    const response = await bakery.post(APPLY, { domainId: webshop.domainId, preset });
    expect(response.statusCode, response.body).toBe(200);
    return ZDnsApplyProfileAnswer.parse(response.json());
  };

  beforeAll(async () => {
    bakery = await loginAs(app, 'klant@demo.kavel.nl');
    webshop = await page();
    expect((await bakery.post(`${zoneOf(webshop.domainId)}/reset`, {})).statusCode).toBe(200);
    const added = await bakery.post(zoneOf(webshop.domainId), { name: '@', type: 'TXT', value: 'google-site-verification=abc123' });
    expect(added.statusCode, added.body).toBe(200);
    webshop = await page();
    expect(plain(webshop.dnsListOnStart)).toEqual([...OURS, ...OTHERS].sort());
  });

  it('lists the three presets on the DNS page with their records for this domain', () => {
    expect(webshop.mailPresets.map((preset) => [preset.preset, plain(preset.records)])).toEqual([
      ['mx', [...OURS].sort()],
      ['google', [...GOOGLE].sort()],
      ['office', [...OFFICE].sort()],
    ]);
  });

  it("previews 'google' (our MX and SPF out, Google's in) without writing, then applies it and keeps the other records", async () => {
    const diff = await preview('google');
    expect(plain(diff.removed)).toEqual([...OURS].sort());
    expect(plain(diff.added)).toEqual([...GOOGLE].sort());
    expect(diff.errors).toEqual([]);
    expect((await page()).revision).toBe(webshop.revision);

    const answer = await apply('google');
    expect(answer.errors).toEqual([]);
    expect(plain(answer.successfullySavedRecords)).toEqual([...GOOGLE, ...OTHERS].sort());
    const after = await page();
    expect(plain(after.dnsListOnStart)).toEqual([...GOOGLE, ...OTHERS].sort());
    expect(after.revision).toBe(webshop.revision + 1);
    const [latest] = ZDnsHistoryEntry.array().parse((await bakery.get(`${zoneOf(webshop.domainId)}/history`)).json());
    expect(latest).toMatchObject({ action: 'apply-mail-preset', by: 'klant@demo.kavel.nl' });
    // Applying it again changes nothing.
    expect(await preview('google')).toEqual({ added: [], removed: [], errors: [] });
  });

  it("swaps Google for Microsoft 365 with 'office', and back to our own servers with 'mx'", async () => {
    const toOffice = await preview('office');
    expect(plain(toOffice.removed)).toEqual([...GOOGLE].sort());
    expect(plain(toOffice.added)).toEqual([...OFFICE].sort());
    expect(plain((await apply('office')).successfullySavedRecords)).toEqual([...OFFICE, ...OTHERS].sort());

    const toOurs = await preview('mx');
    expect(plain(toOurs.removed)).toEqual([...OFFICE].sort());
    expect(plain(toOurs.added)).toEqual([...OURS].sort());
    expect(plain((await apply('mx')).successfullySavedRecords)).toEqual([...OURS, ...OTHERS].sort());
  });

  it("refuses someone else's domain (404), a sub-user (403), an unknown preset or a mixed request (400), and changes nothing", async () => {
    const before = await page();
    const stranger = await loginAs(app, 'reseller@demo.kavel.nl');
    const subUser = await loginAs(app, 'medewerker@demo.kavel.nl');
    for (const path of [APPLY, `${APPLY}/preview`]) {
      expect((await stranger.post(path, { domainId: webshop.domainId, preset: 'google' })).statusCode, path).toBe(404);
      expect((await bakery.post(path, { domainId: 2_000_000_000, preset: 'google' })).statusCode, path).toBe(404);
      expect((await subUser.post(APPLY, { domainId: webshop.domainId, preset: 'google' })).statusCode, path).toBe(403);
      for (const body of [
        { domainId: webshop.domainId, preset: 'yahoo' },
        { domainId: webshop.domainId, preset: 'google', mode: 'replace' },
        { domainId: webshop.domainId },
        { domainId: 'abc', preset: 'google' },
        { preset: 'google' },
      ]) {
        const response = await bakery.post(path, body);
        expect(response.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      }
    }
    const after = await page();
    expect(after.revision).toBe(before.revision);
    expect(plain(after.dnsListOnStart)).toEqual(plain(before.dnsListOnStart));
  });
});
