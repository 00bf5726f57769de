import { spawnSync } from 'node:child_process';
import { presentRecordData, ZDnsZonePage, type TDnsZonePage } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { dnsTools, missingDnsTools } from './support/powerdns.ts';
import { useRealPowerDns } from './support/powerdns-relay.ts';
import { databaseKinds, loginAs, useTestShop, waitForJobs, type TestClient } from './support/index.ts';

const missing = missingDnsTools();
const WEBSHOP = 'goudenkorst-webshop.com';

/**
 * A forward rewrites the zone's `@` and `www` (the default zone's `www CNAME` becomes an A to
 * the responder, and becomes the CNAME again with NONE). PowerDNS refuses a change that puts an A beside a
 * CNAME still there, so the order of a change's record sets decides whether the zone is served
 * at all. After each step, every name of the zone (and `@` and `www`) is asked with dig, and
 * what it serves must be what the account's DNS page lists.
 */
describe.each(databaseKinds)('a forward and its undoing are served by PowerDNS as the account shows them, on $name', (kind) => {
  if (missing) {
    it('has the DNS test packages', () => expect.fail(missing));
    return;
  }

  const powerDns = useRealPowerDns({ cacheSettleMs: 1 });

  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ app } = shop), { demoAccounts: true, app: { dnsPublisher: powerDns.relay } });

  let bakery: TestClient;
  beforeAll(async () => {
    bakery = await loginAs(app, 'klant@demo.kavel.nl');
  });

  const dnsPage = async (): Promise<TDnsZonePage> => {
    const response = await bakery.get(`/api/account/dns-beheren?name=${WEBSHOP}`);
    expect(response.statusCode, response.body).toBe(200);
    return ZDnsZonePage.parse(response.json());
  };

  /**
   * Every record set PowerDNS serves at the name itself: ANY over TCP answers them all, and at a
   * CNAME also what it points to, whose owner differs. The apex's SOA and NS are the server's own.
   */
  function servedAt(name: string): string[] {
    const result = spawnSync(dnsTools.dig!, ['@127.0.0.1', '-p', String(powerDns.server().dnsPort), '+norecurse', '+noall', '+answer', '+tcp', '+time=2', '+tries=1', name, 'ANY'], { encoding: 'utf8' });
    return result.stdout
      .split('\n')
      .map((line) => line.split(/\s+/))
      .filter(([owner, , , type]) => owner === `${name}.` && type !== 'SOA' && type !== 'NS')
      .map((fields) => fields.slice(3).join(' '))
      .sort();
  }

  /** Per owner name, the records `type data` as the account lists them, and as dig gets them served. */
  async function listedAndServed(): Promise<{ listed: Record<string, string[]>; served: Record<string, string[]> }> {
    const page = await dnsPage();
    const listed: Record<string, string[]> = { '@': [], www: [] };
    for (const record of page.dnsListOnStart) {
      const owner = record.name;
      const value = record.type === 'CNAME' ? record.value : presentRecordData({ ...record, ttl: record.ttl });
      (listed[owner] ??= []).push(`${record.type} ${value}`);
    }
    const served: Record<string, string[]> = {};
    for (const owner of Object.keys(listed)) {
      const name = owner === '@' ? WEBSHOP : `${owner}.${WEBSHOP}`;
      served[owner] = servedAt(name);
      listed[owner]!.sort();
    }
    return { listed, served };
  }

  async function forward(body: Record<string, unknown>): Promise<void> {
    const response = await bakery.put('/api/account/domein-doorsturen', { domainName: WEBSHOP, ...body });
    expect(response.statusCode, response.body).toBe(200);
    await waitForJobs(app);
  }

  it('serves the default zone, then the HTTP forward, then the zone after NONE, each as the DNS page lists it', async () => {
    await waitForJobs(app);
    const start = await listedAndServed();
    expect(start.listed.www).toEqual([`CNAME ${WEBSHOP}.`]);
    expect(start.served).toEqual(start.listed);

    await forward({ forwardOption: 'HTTP', forwardTo: 'https://goudenkorst.nl/winkel', redirectStatus: 301 });
    const forwarded = await listedAndServed();
    expect(forwarded.listed.www).toEqual(['A 203.0.113.80']);
    expect(forwarded.served).toEqual(forwarded.listed);

    // Switched off, the forward gives back what it replaced: the A records go and the CNAME returns at www.
    await forward({ forwardOption: 'NONE', forwardTo: '' });
    const none = await listedAndServed();
    expect(none.listed).toEqual(start.listed);
    expect(none.served).toEqual(start.listed);
  });
});
