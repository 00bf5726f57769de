import { ZDomainWhois, ZStandardHolder, ZWhoisDomains, ZWhoisHolder, ZWhoisList } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { SimulatedRegistry } from '../src/ports/registry/simulated-registry.ts';
import type { Services } from '../src/services.ts';
import { fillBasket, orderOf, purchase, purchaseBody, purchased } from './orders-helpers.ts';
import { approveOnAccount, createActiveAccount, databaseKinds, freshClient, insertTestOrder, lineFixtures, loginAs, testHolderSnapshot, useTestShop, waitForJobs, type RecordingMailer, type TestClient, holderForm } from './support/index.ts';

const HOLDERS = '/api/account/whois';
const usage = (query: string) => `/api/account/whois-domain?${query}`;

describe.each(databaseKinds)('domain holders and their domains on $name', (kind) => {
  let app: FastifyInstance;
  let mailer: RecordingMailer;
  let services: Services;
  useTestShop(kind, (shop) => ({ app, mailer, services } = shop), { demoAccounts: true });
  const registry = () => services.adapters.registry as SimulatedRegistry;

  /** A new customer with one domain registered (by a fulfilled order) with a holder of theirs, and one with the standard holder. */
  async function customerWithDomains(email: string, label: string): Promise<{ client: TestClient; holderId: number; custom: string; standard: string }> {
    const client = await createActiveAccount(app, mailer, email);
    const customerId = (await client.get('/api/account/me')).json().customer.id as number;
    const created = await client.post(HOLDERS, holderForm({ label }));
    expect(created.statusCode, created.body).toBe(200);
    const holderId = (created.json() as { id: number }).id;
    const prefix = email.split('@')[0]!;
    const custom = `${prefix}-eigen.nl`;
    const standard = `${prefix}-standaard.nl`;
    const orderId = await insertTestOrder(services.db, {
      customerId,
      lines: [
        { ...lineFixtures.registration(custom), holder: testHolderSnapshot({ customWhoisId: holderId, forename: 'Jan', surname: 'Jansen', email: 'jan.jansen@example.nl' }) },
        { ...lineFixtures.registration(standard), holder: testHolderSnapshot({ customWhoisId: null }) },
      ],
    });
    expect(await services.fulfilment.fulfil(orderId)).toBe('FULFILLED');
    return { client, holderId, custom, standard };
  }

  it('keeps the holder a domain was registered with, and tells which domains have each holder', async () => {
    const { client, holderId, custom, standard } = await customerWithDomains('eva-houders@example.nl', 'Eigen houder');
    expect(ZWhoisDomains.parse((await client.get(usage(`domain=${custom}`))).json())).toEqual({ domains: [{ domain: custom, holder: { kind: 'custom', id: holderId, label: 'Eigen houder' } }] });
    expect(ZWhoisDomains.parse((await client.get(usage(`domain=${standard.toUpperCase()}`))).json()).domains[0]!.holder.kind).toBe('standard');
    expect(ZWhoisDomains.parse((await client.get(usage(`whois=${holderId}`))).json()).domains.map((d) => d.domain)).toEqual([custom]);
    expect(ZWhoisDomains.parse((await client.get(usage('whois=standard'))).json()).domains.map((d) => d.domain)).toEqual([standard]);

    const list = ZWhoisList.parse((await client.get(HOLDERS)).json());
    expect(list.custom).toEqual([{ id: holderId, label: 'Eigen houder', domains: [custom] }]);
    expect(list.standard.domains).toEqual([standard]);
    expect(ZWhoisHolder.parse((await client.get(`${HOLDERS}/${holderId}`)).json()).domains).toEqual([custom]);
  });

  it('sends a changed holder to the registry for every domain that has it, and only those', async () => {
    const { client, holderId, custom, standard } = await customerWithDomains('ruud-houders@example.nl', 'Ruud');
    const changed = await client.put(`${HOLDERS}/${holderId}`, holderForm({ label: 'Ruud', street: 'Rokin', houseNumber: '9', email: 'nieuw@example.nl' }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(ZWhoisHolder.parse(changed.json()).domains).toEqual([custom]);
    await waitForJobs(app);
    expect(await registry().holderOf(custom)).toMatchObject({ name: 'Jan Jansen', street: 'Rokin', houseNumber: '9', email: 'nieuw@example.nl' });
    expect(await registry().holderOf(standard)).toBeNull();
  });

  it('changes the standard holder (label, e-mail, phone), and its domains follow at the registry', async () => {
    const { client, custom, standard } = await customerWithDomains('lotte-houders@example.nl', 'Lotte');
    const saved = await client.put(`${HOLDERS}/standard`, { label: 'Lotte thuis', email: 'Lotte.Thuis@Example.nl', phone: '06 1122 3344' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ZStandardHolder.parse(saved.json())).toEqual({ label: 'Lotte thuis', email: 'lotte.thuis@example.nl', phone: '06 1122 3344', domains: [standard] });
    expect((await client.get(`${HOLDERS}/standard`)).json()).toEqual(saved.json());
    await waitForJobs(app);
    expect(await registry().holderOf(standard)).toMatchObject({ email: 'lotte.thuis@example.nl', phone: '06 1122 3344' });
    expect(await registry().holderOf(custom)).toBeNull();
  });

  it('registers a new domain bought with the standard holder with the e-mail address and phone set for it', async () => {
    const client = await createActiveAccount(app, mailer, 'sanne-houders@example.nl');
    await approveOnAccount(services.db, 'sanne-houders@example.nl');
    const saved = await client.put(`${HOLDERS}/standard`, { label: 'Sanne zakelijk', email: 'domeinen@sanne.example', phone: '010 765 4321' });
    expect(saved.statusCode, saved.body).toBe(200);
    const domain = await fillBasket(client, { hosting: null });
    const { orderId } = purchased(await purchase(client, purchaseBody('MANUAL_PAYMENT')));
    await waitForJobs(app);
    expect((await orderOf(client, orderId)).lines.map((line) => line.title)).toContain(domain);
    // The holder the domain was registered with, as the order app shows it.
    const whois = ZDomainWhois.parse((await client.get(`/api/bestellen/${domain}/whois`)).json());
    expect(whois.holder).toMatchObject({ email: 'domeinen@sanne.example', phone: '010 765 4321' });
    expect(ZWhoisDomains.parse((await client.get(usage(`domain=${domain}`))).json()).domains[0]!.holder.kind).toBe('standard');
  });

  it('gives the changed standard holder to domains recorded before holders were stored, too', async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const saved = await bakery.put(`${HOLDERS}/standard`, { email: 'whois@goudenkorst.nl', phone: '020 555 0100' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ZStandardHolder.parse(saved.json()).domains).toContain('goudenkorst-webshop.com');
    await waitForJobs(app);
    expect(await registry().holderOf('goudenkorst-webshop.com')).toMatchObject({ street: 'Prinsengracht', email: 'whois@goudenkorst.nl', phone: '020 555 0100' });
    expect((await bakery.get('/api/bestellen/goudenkorst-webshop.com/whois')).json()).toMatchObject({ holder: { street: 'Prinsengracht', email: 'whois@goudenkorst.nl' } });
  });

  it('sends the order app holder change of one domain to the registry', async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const saved = await bakery.post('/api/bestellen/goudenkorst.nl/whois', holderForm({ city: 'Haarlem', postcode: '2011 AB' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ZWhoisDomains.parse((await bakery.get(usage('domain=goudenkorst.nl'))).json()).domains[0]!.holder).toEqual({ kind: 'own', id: null, label: '' });
    await waitForJobs(app);
    expect(await registry().holderOf('goudenkorst.nl')).toMatchObject({ name: 'Jan Jansen', city: 'Haarlem', postcode: '2011 AB' });
  });

  it('refuses bad input with every fault at once, and changes nothing', async () => {
    const { client, holderId } = await customerWithDomains('bas-houders@example.nl', 'Bas');
    const refused = await client.put(`${HOLDERS}/${holderId}`, holderForm({ forename: '', surname: '', isCompany: true, company: '', country: 'XQ', email: 'nee' }));
    expect(refused.statusCode).toBe(400);
    expect(Object.keys((refused.json() as { fieldErrors: object }).fieldErrors).sort()).toEqual(['company', 'country', 'email', 'forename', 'surname']);
    const dutch = await client.post(HOLDERS, holderForm({ forename: '', postcode: '12' }));
    expect(Object.keys((dutch.json() as { fieldErrors: object }).fieldErrors).sort()).toEqual(['forename', 'postcode']);
    const standard = await client.put(`${HOLDERS}/standard`, { email: 'nee', phone: 'bel' });
    expect(standard.statusCode).toBe(400);
    expect(Object.keys((standard.json() as { fieldErrors: object }).fieldErrors).sort()).toEqual(['email', 'phone']);
    expect(ZWhoisHolder.parse((await client.get(`${HOLDERS}/${holderId}`)).json()).forename).toBe('Jan');
    for (const query of ['', 'domain=a.nl&whois=standard', 'whois=abc', 'domain=geen_domein']) expect((await client.get(usage(query))).statusCode, query).toBe(400);
  });

  it("answers 404 for another customer's domain or holder, and 401 without login", async () => {
    const { holderId, custom } = await customerWithDomains('kim-houders@example.nl', 'Kim');
    const reseller = await loginAs(app, 'reseller@demo.kavel.nl');
    expect((await reseller.get(usage(`domain=${custom}`))).statusCode).toBe(404);
    expect((await reseller.get(usage(`whois=${holderId}`))).statusCode).toBe(404);
    const visitor = freshClient(app);
    expect((await visitor.get(usage('whois=standard'))).statusCode).toBe(401);
    expect((await visitor.put(`${HOLDERS}/standard`, { email: 'a@b.nl', phone: '0612345678' })).statusCode).toBe(401);
  });
});
