import { ZDnsApplyProfileAnswer, ZDnsZonePage, ZForwardPage, type TDnsZonePage } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { ensureDemoAccounts } from '../src/features/accounts/demo-accounts.ts';
import { buildTestApp, databaseKinds, loginAs, queryCounter, servicesOf, type TestClient } from './support/index.ts';

const PAGE = '/api/account/dns-beheren';
const zoneOf = (id: number) => `/api/account/domeinen/${id}/dns`;

/**
 * A change of a zone answers the page as it left it, read under the zone's lock rather than
 * again after the commit: the answer is what a fresh read shows, with fewer statements.
 */
describe.each(databaseKinds)('zone changes and their answers on $name', (kind) => {
  const counter = queryCounter();
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let bakery: TestClient;
  beforeAll(async () => {
    database = await kind.open({ onQuery: counter.onQuery });
    app = await buildTestApp(database, { worker: false });
    await ensureDemoAccounts(servicesOf(app));
    bakery = await loginAs(app, 'klant@demo.kavel.nl');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const pageOf = async (name: string) => ZDnsZonePage.parse((await bakery.get(`${PAGE}?name=${name}`)).json());
  /** The statements `work` sent, but for the session's (read from a cache or not), and its answer. */
  const counted = async <T>(work: () => Promise<T>): Promise<{ statements: number; answer: T }> => {
    let answer: T | undefined;
    const statements = await counter.during(async () => {
      answer = await work();
    });
    return { statements: statements.filter((statement) => !statement.includes('"sessions"')).length, answer: answer as T };
  };
  const page = (response: Awaited<ReturnType<TestClient['post']>>): TDnsZonePage => {
    expect(response.statusCode, response.body).toBe(200);
    return ZDnsZonePage.parse(response.json());
  };

  it('answers an added, edited and removed record with the page a fresh read shows, in 11 statements', async () => {
    const before = await pageOf('goudenkorst.nl');
    const added = await counted(async () => page(await bakery.post(zoneOf(before.domainId), { name: 'ronde', type: 'A', value: '203.0.113.40' })));
    expect(added.answer).toEqual(await pageOf('goudenkorst.nl'));
    expect(added.answer.revision).toBe(before.revision + 1);
    // The transaction's two ends, the customer, the domain, the zone's row locked, its records,
    // the revision, the new record, the history, the publishing job; then the profiles.
    expect(added.statements).toBe(11);
    const record = added.answer.dnsListOnStart.find((entry) => entry.name === 'ronde')!;
    const edited = await counted(async () => page(await bakery.put(`${zoneOf(before.domainId)}/${record.id}`, { name: 'ronde', type: 'A', value: '203.0.113.41' })));
    expect(edited.answer).toEqual(await pageOf('goudenkorst.nl'));
    expect(edited.answer.dnsListOnStart.find((entry) => entry.id === record.id)?.value).toBe('203.0.113.41');
    const removed = page(await bakery.delete(`${zoneOf(before.domainId)}/${record.id}`));
    expect(removed).toEqual(await pageOf('goudenkorst.nl'));
    expect(removed.dnsListOnStart.map((entry) => entry.id)).toEqual(before.dnsListOnStart.map((entry) => entry.id));
  });

  it("answers an applied profile with the zone's records as a fresh read shows them, in 12 statements", async () => {
    const before = await pageOf('goudenkorst.nl');
    const profileId = before.dnsProfiles.find((profile) => profile.name === 'Google Workspace')!.id;
    const applied = await counted(async () => {
      const response = await bakery.post('/api/accounts/dns-beheren/profiel', { domainId: before.domainId, profileId, mode: 'merge' });
      expect(response.statusCode, response.body).toBe(200);
      return ZDnsApplyProfileAnswer.parse(response.json());
    });
    const after = await pageOf('goudenkorst.nl');
    expect(applied.answer.successfullySavedRecords).toEqual(after.dnsListOnStart);
    expect(after.dnsListOnStart).not.toEqual(before.dnsListOnStart);
    expect(after.revision).toBe(before.revision + 1);
    expect(applied.statements).toBe(12);
  });

  it('answers a privacy change, and a forward in 13 statements, with the pages a fresh read shows', async () => {
    const webshop = await pageOf('goudenkorst-webshop.com');
    const privacy = page(await bakery.put(`/api/account/domeinen/${webshop.domainId}/privacy`, { enabled: true }));
    expect(privacy.privacyEnabled).toBe(true);
    expect(privacy).toEqual(await pageOf('goudenkorst-webshop.com'));
    const { answer: saved, statements } = await counted(() =>
      bakery.put('/api/account/domein-doorsturen', { domainName: 'goudenkorst-webshop.com', forwardOption: 'HTTP', forwardTo: 'https://goudenkorst.nl' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    // As a record's change, with the forward read, stored and answered as stored rather than read again.
    expect(statements).toBe(13);
    const forward = ZForwardPage.parse(saved.json());
    expect(forward.forward.forwardOption).toBe('HTTP');
    expect(forward).toEqual(ZForwardPage.parse((await bakery.get('/api/account/domein-doorsturen?name=goudenkorst-webshop.com')).json()));
    expect((await pageOf('goudenkorst-webshop.com')).revision).toBe(privacy.revision + 1);
  });
});
