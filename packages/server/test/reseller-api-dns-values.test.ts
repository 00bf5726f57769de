import { pathOf, resellerApiContracts, validationMessage, ZResellerDnsRecords } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../src/services.ts';
import { databaseKinds, resellerApiKey, useTestShop } from './support/index.ts';

const OWN_DOMAIN = 'grachtenwerk.nl';

/** The DNS values of the reseller API as its document describes them (issue: relative names were a trap). */
describe.each(databaseKinds)('reseller API DNS values on $name', (kind) => {
  let app: FastifyInstance;
  let services: Services;
  useTestShop(kind, (shop) => ({ app, services } = shop), { demoAccounts: true });

  let key: string;
  beforeAll(async () => {
    ({ key } = await resellerApiKey(app, services, 'dns', ['dns:read', 'dns:write'], [OWN_DOMAIN]));
  });

  const records = `${pathOf(resellerApiContracts.resellerDnsRecords, { domain: OWN_DOMAIN })}/records`;
  const post = (record: object) => app.inject({ method: 'POST', url: records, headers: { authorization: `Bearer ${key}` }, payload: record });
  const add = async (record: object) => {
    const response = await post(record);
    expect(response.statusCode, response.body).toBe(201);
    return ZResellerDnsRecords.parse(response.json()).records;
  };

  it('takes a full name without its final dot as full, one ending in .@ as relative, and keeps the other relative names relative', async () => {
    expect(await add({ type: 'MX', value: 'mail.example.nl', priority: 10 })).toContainEqual(expect.objectContaining({ name: '@', type: 'MX', value: 'mail.example.nl.' }));
    expect(await add({ name: 'winkel', type: 'CNAME', value: 'bakkerij.github.io' })).toContainEqual(expect.objectContaining({ name: 'winkel', value: 'bakkerij.github.io.' }));
    expect(await add({ name: 'kassa', type: 'CNAME', value: 'kassa.shop.@' })).toContainEqual(expect.objectContaining({ name: 'kassa', value: `kassa.shop.${OWN_DOMAIN}.` }));
    expect(await add({ name: 'intern', type: 'CNAME', value: 'server.intern' })).toContainEqual(expect.objectContaining({ name: 'intern', value: `server.intern.${OWN_DOMAIN}.` }));
    expect(await add({ name: '_sip._tcp', type: 'SRV', value: '10 20 5060 sip.example.nl' })).toContainEqual(expect.objectContaining({ name: '_sip._tcp', value: '20 5060 sip.example.nl.', priority: 10 }));
  });

  it('takes any MX priority from 0 to 65535, and refuses one beyond', async () => {
    expect(await add({ type: 'MX', value: 'mx25.example.nl.', priority: 25 })).toContainEqual(expect.objectContaining({ type: 'MX', value: 'mx25.example.nl.', priority: 25 }));
    expect(await add({ type: 'MX', value: 'mx-last.example.nl.', priority: 65_535 })).toContainEqual(expect.objectContaining({ priority: 65_535 }));
    expect((await post({ type: 'MX', value: 'mx-over.example.nl.', priority: 65_536 })).statusCode).toBe(400);
  });

  it('takes "" (the default) as the apex for every type, and refuses a CNAME there with why', async () => {
    expect(await add({ type: 'A', value: '192.0.2.20' })).toContainEqual(expect.objectContaining({ name: '@', type: 'A', value: '192.0.2.20' }));
    expect(await add({ name: '', type: 'AAAA', value: '2001:db8::20' })).toContainEqual(expect.objectContaining({ name: '@', type: 'AAAA' }));
    expect(await add({ name: '', type: 'TXT', value: 'site-verification=abc' })).toContainEqual(expect.objectContaining({ name: '@', type: 'TXT', value: 'site-verification=abc' }));
    const cname = await post({ name: '', type: 'CNAME', value: 'elders.nl.' });
    expect(cname.statusCode).toBe(400);
    const why = (['nl', 'en'] as const).map((locale) => validationMessage(locale, 'dnsCnameApex'));
    expect(why.some((text) => cname.body.includes(text)), cname.body).toBe(true);
  });

  it('keeps the strings of a TXT sent as quoted strings', async () => {
    expect(await add({ name: 'delen', type: 'TXT', value: '"part one" "part two"' })).toContainEqual(expect.objectContaining({ name: 'delen', value: '"part one" "part two"' }));
    expect(await add({ name: 'heel', type: 'TXT', value: '"one text"' })).toContainEqual(expect.objectContaining({ name: 'heel', value: 'one text' }));
  });

  it('documents these rules on the fields of the record, where a generated client shows them', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/reseller/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: { properties: Record<string, { description?: string }> } }> } }>>;
    };
    for (const [path, method] of [
      ['/domains/{domain}/dns/records', 'post'],
      ['/domains/{domain}/dns/records/{recordId}', 'put'],
    ] as const) {
      const fields = document.paths[path]![method]!.requestBody.content['application/json']!.schema.properties;
      expect(fields['name']?.description).toMatch(/`""` \(the default\) and `@` are the domain itself \(the apex\), for every type; a CNAME cannot be there/);
      expect(fields['value']?.description).toMatch(/a name with a dot whose last label is a top-level domain .* is absolute too/);
      expect(fields['value']?.description).toContain('a name ending in `.@` is relative to the domain on purpose (`mail.shop.@` becomes `mail.shop.<domain>.`)');
      expect(fields['value']?.description).toContain('any other name is relative to the domain (`mail` becomes `mail.<domain>.`)');
      expect(fields['value']?.description).toMatch(/quoted strings .* stay separate strings/);
      expect(fields['priority']?.description).toMatch(/MX: its preference, 0 to 65535/);
    }
  });
});
