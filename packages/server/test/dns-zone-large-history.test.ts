import { ZDnsHistoryEntry, ZDnsImportAnswer, ZDnsZonePage } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, loginAs, useTestShop, type TestClient } from './support/index.ts';

const texts = (from: number, count: number) => Array.from({ length: count }, (_, i) => `bulk TXT "entry ${from + i}"`).join('\n');
const values = (page: { dnsListOnStart: Array<{ name: string; type: string; value: string }> }) =>
  page.dnsListOnStart.filter((record) => record.name === 'bulk').map((record) => record.value);

/** A large zone's revision is written in parts: its history and its undo still hold all of it, in order. */
describe.each(databaseKinds)('the history of a large zone on $name', (kind) => {
  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ app } = shop), { demoAccounts: true, app: { worker: false } });

  let bakery: TestClient;
  let domainId: number;
  beforeAll(async () => {
    bakery = await loginAs(app, 'klant@demo.kavel.nl');
    domainId = ZDnsZonePage.parse((await bakery.get('/api/account/dns-beheren?name=goudenkorst.nl')).json()).domainId;
  });

  it('shows every record a replace added and removed, and undo brings the zone before it back', async () => {
    const first = await bakery.post(`/api/account/domeinen/${domainId}/dns/import`, { zoneFile: `${texts(0, 1200)}\n`, mode: 'replace' });
    expect(first.statusCode, first.body.slice(0, 300)).toBe(200);
    const before = ZDnsImportAnswer.parse(first.json()).page;
    const second = await bakery.post(`/api/account/domeinen/${domainId}/dns/import`, { zoneFile: `${texts(600, 1300)}\n`, mode: 'replace' });
    expect(second.statusCode, second.body.slice(0, 300)).toBe(200);
    const after = ZDnsImportAnswer.parse(second.json()).page;
    expect(values(after)).toEqual(Array.from({ length: 1300 }, (_, i) => `entry ${600 + i}`));

    const [latest] = ZDnsHistoryEntry.array().parse((await bakery.get(`/api/account/domeinen/${domainId}/dns/history`)).json());
    expect(latest?.revision).toBe(after.revision);
    expect(latest?.added.map((record) => record.value)).toEqual(Array.from({ length: 700 }, (_, i) => `entry ${1200 + i}`));
    expect(latest?.removed.map((record) => record.value)).toEqual(Array.from({ length: 600 }, (_, i) => `entry ${i}`));

    const undone = await bakery.post(`/api/account/domeinen/${domainId}/dns/undo`, { revision: after.revision });
    expect(undone.statusCode, undone.body.slice(0, 300)).toBe(200);
    // Records still in the zone keep their rows, so the page lists them first: the same records, in another order.
    expect(values(ZDnsZonePage.parse(undone.json())).sort()).toEqual(values(before).sort());
  });
});
