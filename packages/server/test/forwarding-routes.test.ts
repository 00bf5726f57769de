import { ACCOUNT_PAGES, ZDnsZonePage, ZForwardPage, type TForwardPage } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../src/services.ts';
import { databaseKinds, loginAs, TestClient, useTestShop } from './support/index.ts';

const PAGE = '/api/account/domein-doorsturen';
const FORM = '/account/domein-doorsturen/domein';
const WEBSHOP = 'goudenkorst-webshop.com';
const RESPONDER = '203.0.113.80';

describe.each(databaseKinds)('domain forwarding routes on $name', (kind) => {
  let app: FastifyInstance;
  let services: Services;
  useTestShop(kind, (shop) => ({ app, services } = shop), { demoAccounts: true });

  let bakery: TestClient;
  let stranger: TestClient;
  let subUser: TestClient;
  beforeAll(async () => {
    bakery = await loginAs(app, 'klant@demo.kavel.nl');
    stranger = await loginAs(app, 'reseller@demo.kavel.nl');
    subUser = await loginAs(app, 'medewerker@demo.kavel.nl');
  });

  async function pageOf(client: TestClient, name = WEBSHOP): Promise<TForwardPage> {
    const response = await client.get(`${PAGE}?name=${encodeURIComponent(name)}`);
    expect(response.statusCode, response.body).toBe(200);
    return ZForwardPage.parse(response.json());
  }

  async function save(body: Record<string, unknown>, client = bakery): Promise<TForwardPage> {
    const response = await client.put(PAGE, { domainName: WEBSHOP, ...body });
    expect(response.statusCode, response.body).toBe(200);
    return ZForwardPage.parse(response.json());
  }

  /** The zone as the DNS page shows it, `name type value` per record. */
  async function zone(name = WEBSHOP): Promise<string[]> {
    const response = await bakery.get(`/api/account/dns-beheren?name=${name}`);
    return ZDnsZonePage.parse(response.json()).dnsListOnStart.map((record) => `${record.name} ${record.type} ${record.value}`);
  }

  it('answers 401 to a visitor, sends a visitor\'s form post to the login page, and 404 for a domain of another customer', async () => {
    const visitor = new TestClient(app);
    expect((await visitor.get(`${PAGE}?name=${WEBSHOP}`)).statusCode).toBe(401);
    expect((await visitor.put(PAGE, { domainName: WEBSHOP, forwardOption: 'HTTP', forwardTo: 'https://goudenkorst.nl' })).statusCode).toBe(401);
    const anonymousForm = await visitor.postForm(FORM, { domainName: WEBSHOP, forwardOption: 'HTTP', forwardTo: 'https://goudenkorst.nl' });
    expect(anonymousForm.statusCode).toBe(303);
    expect(anonymousForm.headers.location).toBe(ACCOUNT_PAGES.login);
    expect((await stranger.get(`${PAGE}?name=${WEBSHOP}`)).statusCode).toBe(404);
    expect((await stranger.put(PAGE, { domainName: WEBSHOP, forwardOption: 'HTTP', forwardTo: 'https://goudenkorst.nl' })).statusCode).toBe(404);
    expect((await stranger.postForm(FORM, { domainName: WEBSHOP, forwardOption: 'NONE', forwardTo: '' })).statusCode).toBe(404);
    expect((await bakery.get(`${PAGE}?name=nergens.nl`)).statusCode).toBe(404);
    expect((await pageOf(bakery)).forward.forwardOption).toBe('NONE');
  });

  it("shows a domain without forward, and lets a sub-user see but not change the parent's forward", async () => {
    const page = await pageOf(bakery);
    expect(page).toMatchObject({ domainName: WEBSHOP, asciiName: WEBSHOP, forward: { forwardOption: 'NONE', forwardTo: '' }, records: [], responder: { ipv4: RESPONDER, ipv6: null }, readOnly: false });
    expect((await pageOf(subUser)).readOnly).toBe(true);
    expect((await subUser.put(PAGE, { domainName: WEBSHOP, forwardOption: 'HTTP', forwardTo: 'https://goudenkorst.nl' })).statusCode).toBe(403);
  });

  it('refuses bad input with a 400 and field errors, changing nothing', async () => {
    const before = await zone();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ forwardOption: 'HTTP', forwardTo: '' }, 'forwardTo'],
      [{ forwardOption: 'HTTP', forwardTo: 'ab' }, 'forwardTo'],
      [{ forwardOption: 'IFRAME', forwardTo: `https://goudenkorst.nl/${'x'.repeat(250)}` }, 'forwardTo'],
      [{ forwardOption: 'DNS', forwardTo: 'https://goudenkorst.nl' }, 'forwardTo'],
      [{ forwardOption: 'FTP', forwardTo: 'https://goudenkorst.nl' }, 'forwardOption'],
      [{ forwardOption: 'HTTP', forwardTo: 'https://goudenkorst.nl', redirectStatus: 307 }, 'redirectStatus'],
      [{ forwardOption: 'IFRAME', forwardTo: 'https://goudenkorst.nl', frameTitle: 'a\u0000b' }, 'frameTitle'],
    ];
    for (const [body, field] of cases) {
      const response = await bakery.put(PAGE, { domainName: WEBSHOP, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json<{ fieldErrors: Record<string, string> }>().fieldErrors), JSON.stringify(body)).toContain(field);
    }
    const form = await bakery.postForm(FORM, { domainName: WEBSHOP, forwardOption: 'DNS', forwardTo: 'geen-ip' });
    expect(form.statusCode).toBe(400);
    expect(form.json<{ fieldErrors: Record<string, string> }>().fieldErrors.forwardTo).toBe('Vul een geldig IP-adres in, bijvoorbeeld 203.0.113.10 of 2001:db8::10.');
    expect((await bakery.postForm(FORM, { domainName: WEBSHOP, forwardOption: 'HTTP', forwardTo: 'https://goudenkorst.nl' }, { csrf: false })).statusCode).toBe(403);
    expect(await zone()).toEqual(before);
    expect((await pageOf(bakery)).forward.forwardOption).toBe('NONE');
  });

  it('writes the records of each type and removes them again, giving back what they replaced: HTTP, IFRAME, DNS, NONE', async () => {
    const before = await zone();
    expect(before).toEqual(expect.arrayContaining(['@ A 203.0.113.10', '@ AAAA 2001:db8::10', '@ MX mx1.kavel.nl.']));

    let page = await save({ forwardOption: 'HTTP', forwardTo: 'https://goudenkorst.nl/winkel', redirectStatus: 302, keepPath: true });
    expect(page.forward).toEqual({ forwardOption: 'HTTP', forwardTo: 'https://goudenkorst.nl/winkel', redirectStatus: 302, keepPath: true, frameTitle: '' });
    expect(page.records.map((r) => `${r.name} ${r.type} ${r.value}`)).toEqual([`@ A ${RESPONDER}`, `www A ${RESPONDER}`]);
    let records = await zone();
    expect(records).toEqual(expect.arrayContaining([`@ A ${RESPONDER}`, `www A ${RESPONDER}`, '@ MX mx1.kavel.nl.']));
    expect(records.filter((r) => /^(@|www) (A|AAAA|CNAME) /.test(r))).toEqual([`@ A ${RESPONDER}`, `www A ${RESPONDER}`]);

    page = await save({ forwardOption: 'IFRAME', forwardTo: 'goudenkorst.nl', frameTitle: 'Bakkerij <De Gouden Korst>' });
    expect(page.forward).toMatchObject({ forwardOption: 'IFRAME', forwardTo: 'https://goudenkorst.nl', frameTitle: 'Bakkerij <De Gouden Korst>' });
    expect(page.records).toHaveLength(2);

    page = await save({ forwardOption: 'DNS', forwardTo: '198.51.100.7' });
    expect(page.records.map((r) => `${r.name} ${r.type} ${r.value}`)).toEqual(['@ A 198.51.100.7']);
    records = await zone();
    // DNS writes only the apex: www gets back what the web forward replaced there.
    expect(records.filter((r) => /^(@|www) (A|AAAA|CNAME) /.test(r)).sort()).toEqual(['@ A 198.51.100.7', `www CNAME ${WEBSHOP}.`]);

    page = await save({ forwardOption: 'NONE', forwardTo: 'ignored' });
    expect(page.forward).toEqual({ forwardOption: 'NONE', forwardTo: '', redirectStatus: 301, keepPath: false, frameTitle: '' });
    expect(page.records).toEqual([]);
    expect(page.replaced).toEqual([]);
    // Switched off, the forward gives the zone back the records it replaced: the site is reachable again.
    expect((await zone()).sort()).toEqual([...before].sort());

    // Each change is a revision of the zone's history, by the customer.
    const history = await bakery.get(`/api/account/domeinen/${page.domainId}/dns/history`);
    expect(history.json<Array<{ action: string }>>().slice(0, 4).map((entry) => entry.action)).toEqual(['forward', 'forward', 'forward', 'forward']);
  });

  it('keeps what a forward replaced and puts it back when it is switched off, or to DNS, unless the customer changed the name since', async () => {
    const before = await zone();
    const addresses = (records: string[]) => records.filter((r) => /^(@|www) (A|AAAA|CNAME) /.test(r)).sort();
    expect(addresses(before)).toEqual(['@ A 203.0.113.10', '@ AAAA 2001:db8::10', `www CNAME ${WEBSHOP}.`]);

    let page = await save({ forwardOption: 'IFRAME', forwardTo: 'https://goudenkorst.nl' });
    expect(page.replaced.map((r) => `${r.name} ${r.type} ${r.value}`).sort()).toEqual(addresses(before));
    expect((await pageOf(bakery)).replaced).toEqual(page.replaced);

    // HTTP after IFRAME keeps what IFRAME replaced; DNS writes only the apex, so www comes back.
    await save({ forwardOption: 'HTTP', forwardTo: 'https://goudenkorst.nl' });
    page = await save({ forwardOption: 'DNS', forwardTo: '198.51.100.7' });
    expect(addresses(await zone())).toEqual(['@ A 198.51.100.7', `www CNAME ${WEBSHOP}.`]);
    expect(page.replaced.map((r) => `${r.name} ${r.type} ${r.value}`)).toEqual(['@ A 203.0.113.10', '@ AAAA 2001:db8::10']);
    page = await save({ forwardOption: 'NONE' });
    expect(page.notRestored).toBeUndefined();
    expect((await zone()).sort()).toEqual([...before].sort());

    // The customer points www elsewhere while forwarded: switching off leaves their www, and says what it did not put back.
    await save({ forwardOption: 'HTTP', forwardTo: 'https://goudenkorst.nl' });
    const dns = await bakery.get(`/api/account/dns-beheren?name=${WEBSHOP}`);
    const www = ZDnsZonePage.parse(dns.json()).dnsListOnStart.find((r) => r.name === 'www' && r.type === 'A')!;
    const edited = await bakery.put(`/api/account/domeinen/${page.domainId}/dns/${www.id}`, { name: 'www', type: 'A', value: '192.0.2.5', ttl: 3600 });
    expect(edited.statusCode, edited.body).toBe(200);
    page = await save({ forwardOption: 'NONE' });
    expect(page.notRestored?.map((r) => `${r.name} ${r.type} ${r.value}`)).toEqual([`www CNAME ${WEBSHOP}.`]);
    expect(addresses(await zone())).toEqual(['@ A 203.0.113.10', '@ AAAA 2001:db8::10', 'www A 192.0.2.5']);
    // Back as it was, for the tests after this one.
    const restored = ZDnsZonePage.parse((await bakery.get(`/api/account/dns-beheren?name=${WEBSHOP}`)).json()).dnsListOnStart.find((r) => r.name === 'www')!;
    expect((await bakery.put(`/api/account/domeinen/${page.domainId}/dns/${restored.id}`, { name: 'www', type: 'CNAME', value: `${WEBSHOP}.`, ttl: 3600 })).statusCode).toBe(200);
  });

  it("takes the spec's form post, keeping the options it does not send, and answers with the forwarding page", async () => {
    await save({ forwardOption: 'HTTP', forwardTo: 'https://goudenkorst.nl', redirectStatus: 302, keepPath: true });
    const response = await bakery.postForm(FORM, { domainName: 'GoudenKorst-Webshop.com', forwardOption: 'HTTP', forwardTo: 'https://goudenkorst.nl/winkel' });
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe(`/account/domein-doorsturen?name=${WEBSHOP}`);
    const page = await pageOf(bakery);
    expect(page.forward).toEqual({ forwardOption: 'HTTP', forwardTo: 'https://goudenkorst.nl/winkel', redirectStatus: 302, keepPath: true, frameTitle: '' });
    expect(page.records).toHaveLength(2);
    expect((await bakery.postForm(FORM, { domainName: WEBSHOP, forwardOption: 'NONE', forwardTo: '' })).statusCode).toBe(303);
    expect((await pageOf(bakery)).forward.forwardOption).toBe('NONE');
  });

  it("makes an order's redirect the same HTTP 301 forward with its records, and its undo puts back what was there", async () => {
    await save({ forwardOption: 'DNS', forwardTo: '198.51.100.7' });
    const before = await zone();
    const { domainId } = await pageOf(bakery);
    const previous = await services.db.transaction((tx) => services.forwards.setOrderForward(tx, domainId, 'https://goudenkorst.nl/winkel', 1));
    expect(previous).toMatchObject({ forwardOption: 'DNS', forwardTo: '198.51.100.7' });
    const page = await pageOf(bakery);
    expect(page.forward).toEqual({ forwardOption: 'HTTP', forwardTo: 'https://goudenkorst.nl/winkel', redirectStatus: 301, keepPath: false, frameTitle: '' });
    expect((await zone()).filter((r) => /^(@|www) (A|AAAA|CNAME) /.test(r))).toEqual([`@ A ${RESPONDER}`, `www A ${RESPONDER}`]);
    await services.db.transaction((tx) => services.forwards.restoreOrderForward(tx, domainId, previous));
    expect((await pageOf(bakery)).forward).toMatchObject({ forwardOption: 'DNS', forwardTo: '198.51.100.7' });
    expect(await zone()).toEqual(before);
    await save({ forwardOption: 'NONE' });
  });
});
