import { contracts, pathOf, resellerApiContracts, ZApiKeyCreated, ZDnsImportAnswer, ZDnsZonePage, type TDnsZonePage } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DNS_HOSTMASTER, DEFAULT_DNS_NAMESERVERS } from '../src/config.ts';
import type { Services } from '../src/services.ts';
import { customerIdOf, databaseKinds, loginAs, useTestShop, type TestClient } from './support/index.ts';

/** A low limit, so a zone is full after a few lines. */
const LIMIT = 12;
const zoneOf = (id: number) => `/api/account/domeinen/${id}/dns`;
const hosts = (count: number, from = 1) => Array.from({ length: count }, (_, i) => `host${from + i} A 192.0.2.${from + i}`).join('\n');

describe.each(databaseKinds)('importing a zone file on $name', (kind) => {
  let app: FastifyInstance;
  let services: Services;
  useTestShop(kind, (shop) => ({ app, services } = shop), {
    demoAccounts: true,
    app: { worker: false, config: { dns: { adapter: 'none', nameservers: [...DEFAULT_DNS_NAMESERVERS], hostmaster: DEFAULT_DNS_HOSTMASTER, maxZoneRecords: LIMIT } } },
  });

  let bakery: TestClient;
  let domainId: number;
  beforeAll(async () => {
    bakery = await loginAs(app, 'klant@demo.kavel.nl');
    domainId = (await pageOf('goudenkorst.nl')).domainId;
  });

  async function pageOf(name: string): Promise<TDnsZonePage> {
    return ZDnsZonePage.parse((await bakery.get(`/api/account/dns-beheren?name=${name}`)).json());
  }
  const importing = (zoneFile: string, mode: 'replace' | 'merge' = 'replace') => bakery.post(`${zoneOf(domainId)}/import`, { zoneFile, mode });
  const plain = (page: TDnsZonePage) => page.dnsListOnStart.map((record) => `${record.name} ${record.type} ${record.value}`);

  it('imports a zone pasted with a no-break space, and the shop goes on answering', async () => {
    const response = await importing('www\u00a0A 192.0.2.1\n', 'merge');
    expect(response.statusCode, response.body).toBe(200);
    expect(plain(ZDnsImportAnswer.parse(response.json()).page)).toContain('www A 192.0.2.1');
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  it('imports what is valid of a real-world file: the two TTLs of a set become its lowest with a warning, MX 25 is kept, each skipped line says why, and the TXT of two strings exports and reads back the same', async () => {
    const file = [
      '$TTL 3600',
      '$ORIGIN goudenkorst.nl.',
      '@     300 IN A   192.0.2.10',
      '@    3600 IN A   192.0.2.11',
      '@         IN MX  25 mail',
      '@         IN TXT "v=spf1 include:_spf.example.net " "include:_spf.example.org ~all"',
      'www       IN A   192.0.2.999',
      'mail      IN A   192.0.2.25',
      'www       IN FOO bar',
    ].join('\n');
    const response = await importing(file);
    expect(response.statusCode, response.body).toBe(200);
    const answer = ZDnsImportAnswer.parse(response.json());
    const records = answer.page.dnsListOnStart.map(({ name, type, value, priority, ttl }) => ({ name, type, value, priority, ttl }));
    expect(records).toEqual(
      expect.arrayContaining([
        { name: '@', type: 'A', value: '192.0.2.10', priority: null, ttl: 300 },
        { name: '@', type: 'A', value: '192.0.2.11', priority: null, ttl: 300 },
        { name: '@', type: 'MX', value: 'mail.goudenkorst.nl.', priority: 25, ttl: 3600 },
        // Two strings in the file, two strings kept.
        { name: '@', type: 'TXT', value: '"v=spf1 include:_spf.example.net " "include:_spf.example.org ~all"', priority: null, ttl: 3600 },
        { name: 'mail', type: 'A', value: '192.0.2.25', priority: null, ttl: 3600 },
      ]),
    );
    expect(records).toHaveLength(5);
    expect(answer.warnings).toEqual(["Regel 4: De records @ A hadden verschillende TTL's; ze delen nu de laagste, 300 seconden."]);
    expect(answer.skipped).toEqual([
      { line: 7, text: 'www       IN A   192.0.2.999', reason: 'Een IPv4-adres is vier getallen van 0 tot 255, gescheiden door punten, bijvoorbeeld 203.0.113.10.' },
      { line: 9, text: 'www       IN FOO bar', reason: 'Onbekend recordtype FOO.' },
    ]);
    const exported = await bakery.get(`${zoneOf(domainId)}/export`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toMatch(/^@ +3600 IN TXT +"v=spf1 include:_spf\.example\.net " "include:_spf\.example\.org ~all"$/m);
    const again = ZDnsImportAnswer.parse((await importing(exported.body)).json());
    expect(again.page.dnsListOnStart.map(({ name, type, value, priority, ttl }) => ({ name, type, value, priority, ttl }))).toEqual(records);
    expect(again.warnings).toEqual([]);
    // A profile keeps the form's list of priorities: saving this zone as one is a clear refusal, not a failure.
    const dnsList = JSON.stringify(records.map(({ name, type, value, priority, ttl }) => ({ name, type, value, priority, ttl })));
    const asProfile = await bakery.post('/api/account/dns/profile/fromDomain', { domainName: 'goudenkorst.nl', name: 'Van import', dnsList });
    expect(asProfile.statusCode, asProfile.body).toBe(400);
    // The page's form edits the imported MX 25 (its select offers the record's own priority): no refusal.
    const mx = again.page.dnsListOnStart.find((record) => record.type === 'MX')!;
    const edited = await bakery.put(`${zoneOf(domainId)}/${mx.id}`, { name: '', type: 'MX', value: 'mail', priority: 25, ttl: 7200 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(ZDnsZonePage.parse(edited.json()).dnsListOnStart).toContainEqual(expect.objectContaining({ id: mx.id, name: '@', type: 'MX', priority: 25, ttl: 7200 }));
  });

  it.each([
    ['a control character in a quoted text', '@ A 192.0.2.1\n@ TXT "a\u0001b"\n', /^Regel 2: /],
    ['NUL as an escape', '@ TXT "a\\000b"\n', /^Regel 1: /],
    ['a line feed as an escape', '@ TXT "a\\010b"\n', /^Regel 1: /],
    ['a tab as an escape, the only record of the file', '@ SOA ns1.example.nl. hostmaster.example.nl. 1 2 3 4 5\n@ TXT "a\\009b"\n', /^Regel 1: .*Regel 2: /],
    ['a vertical tab between the words', '@ A 192.0.2.1\n\nwww\u000bA 192.0.2.1\n', /^Regel 3: /],
  ])('refuses %s with its line, as the record form refuses it, and changes nothing', async (_case, zoneFile, line) => {
    const before = await pageOf('goudenkorst.nl');
    const response = await importing(zoneFile);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { message: string; fieldErrors: Record<string, string> };
    expect(body.message).toMatch(line);
    expect(body.message).toContain('Dit bevat tekens die niet zijn toegestaan.');
    expect(body.fieldErrors.zoneFile).toBe(body.message);
    expect((await pageOf('goudenkorst.nl')).revision).toBe(before.revision);
  });

  it('skips a record the record form refuses and imports the rest of the file', async () => {
    const answer = ZDnsImportAnswer.parse((await importing('@ A 192.0.2.1\n@ TXT "a\\009b"\n')).json());
    expect(plain(answer.page)).toEqual(['@ A 192.0.2.1']);
    expect(answer.skipped).toEqual([{ line: 2, text: '@ TXT "a\\009b"', reason: 'Dit bevat tekens die niet zijn toegestaan.' }]);
  });

  it('refuses the same text through the record form', async () => {
    const response = await bakery.post(zoneOf(domainId), { name: 'www', type: 'TXT', value: '"a\\000b"' });
    expect(response.statusCode, response.body).toBe(400);
    expect((response.json() as { fieldErrors: Record<string, string> }).fieldErrors.value).toBe('Dit bevat tekens die niet zijn toegestaan.');
  });

  it('refuses a file with more records than a zone may hold, naming the line of the first one too many', async () => {
    const response = await importing(`$TTL 1h\n${hosts(LIMIT + 3)}\n`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ message: `Regel ${LIMIT + 2}: Een zone kan hoogstens ${LIMIT} records hebben.` });
  });

  it('holds the limit for a merge, the record form and the reseller API, while a full zone may still change and shrink', async () => {
    const full = await importing(`${hosts(LIMIT)}\n`);
    expect(full.statusCode, full.body).toBe(200);
    expect(ZDnsImportAnswer.parse(full.json()).page.dnsListOnStart).toHaveLength(LIMIT);
    const refusal = { message: `Een zone kan hoogstens ${LIMIT} records hebben.` };

    const merged = await importing('extra A 192.0.2.99\n', 'merge');
    expect(merged.statusCode, merged.body).toBe(400);
    expect(merged.json()).toMatchObject({ ...refusal, fieldErrors: { zoneFile: refusal.message } });

    const added = await bakery.post(zoneOf(domainId), { name: 'extra', type: 'A', value: '192.0.2.99' });
    expect(added.statusCode, added.body).toBe(400);
    expect(added.json()).toMatchObject(refusal);
    const page = await pageOf('goudenkorst.nl');
    expect(page.dnsListOnStart).toHaveLength(LIMIT);

    const [first] = page.dnsListOnStart;
    expect((await bakery.put(`${zoneOf(domainId)}/${first!.id}`, { name: first!.name, type: 'A', value: '192.0.2.200' })).statusCode).toBe(200);
    expect((await bakery.delete(`${zoneOf(domainId)}/${first!.id}`)).statusCode).toBe(200);
    expect((await bakery.post(zoneOf(domainId), { name: 'extra', type: 'A', value: '192.0.2.99' })).statusCode).toBe(200);

    // A reseller's zone through the API: the same limit.
    const reseller = await loginAs(app, 'reseller@demo.kavel.nl');
    await services.domains.addDomain('limietbakker.nl', await customerIdOf(services.db, 'reseller@demo.kavel.nl'));
    const resellerZone = ZDnsZonePage.parse((await reseller.get('/api/account/dns-beheren?name=limietbakker.nl')).json());
    const filled = await reseller.post(`${zoneOf(resellerZone.domainId)}/import`, { zoneFile: hosts(LIMIT), mode: 'replace' });
    expect(filled.statusCode, filled.body).toBe(200);
    const key = ZApiKeyCreated.parse((await reseller.post(contracts.createApiKey.path, { name: 'dns', scopes: ['dns:read', 'dns:write'] })).json()).secret;
    const viaApi = await app.inject({
      method: 'POST',
      url: pathOf(resellerApiContracts.resellerDnsAddRecord, { domain: 'limietbakker.nl' }),
      headers: { authorization: `Bearer ${key}` },
      payload: { name: 'extra', type: 'A', value: '192.0.2.99' },
    });
    expect(viaApi.statusCode, viaApi.body).toBe(400);
    expect(viaApi.json()).toMatchObject(refusal);
  });
});
