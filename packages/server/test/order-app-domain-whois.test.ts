import { ZDomainWhois } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createActiveAccount, databaseKinds, freshClient, insertTestOrder, lineFixtures, loginAs, testHolderSnapshot, useTestShop, type RecordingMailer, holderForm } from './support/index.ts';
import type { Services } from '../src/services.ts';

const whoisOf = (domain: string) => `/api/bestellen/${domain}/whois`;

describe.each(databaseKinds)("the order app's domain holder on $name", (kind) => {
  let app: FastifyInstance;
  let mailer: RecordingMailer;
  let services: Services;
  useTestShop(kind, (shop) => ({ app, mailer, services } = shop), { demoAccounts: true });

  it('answers 401 to a visitor, before reading anything', async () => {
    const visitor = freshClient(app);
    expect((await visitor.get(whoisOf('goudenkorst.nl'))).statusCode).toBe(401);
    expect((await visitor.post(whoisOf('goudenkorst.nl'), holderForm())).statusCode).toBe(401);
  });

  it("answers the holder of the customer's own domain: without a change, the customer's own data", async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const answer = await bakery.get(whoisOf('GoudenKorst.nl'));
    expect(answer.statusCode, answer.body).toBe(200);
    const whois = ZDomainWhois.parse(answer.json());
    expect(whois.domain).toBe('goudenkorst.nl');
    expect(whois.holder).toMatchObject({ isCompany: true, company: 'Bakkerij De Gouden Korst', forename: 'Femke', street: 'Prinsengracht', houseNumber: '263', postcode: '1016 GV', country: 'NL' });
  });

  it("answers 404 for another customer's domain and for an unknown one, and for a malformed name (a path that does not exist)", async () => {
    const reseller = await loginAs(app, 'reseller@demo.kavel.nl');
    expect((await reseller.get(whoisOf('goudenkorst.nl'))).statusCode).toBe(404);
    expect((await reseller.post(whoisOf('goudenkorst.nl'), holderForm())).statusCode).toBe(404);
    expect((await reseller.get(whoisOf('onbekend-domein.nl'))).statusCode).toBe(404);
    const malformed = await reseller.get(whoisOf('geen_domein.nl'));
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toMatchObject({ message: 'Niet gevonden.' });
    // The bakery's holder is untouched by the refused change.
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    expect(ZDomainWhois.parse((await bakery.get(whoisOf('goudenkorst.nl'))).json()).holder.forename).toBe('Femke');
  });

  it('changes the holder of that domain only, and answers it from then on', async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const saved = await bakery.post(whoisOf('goudenkorst-webshop.com'), holderForm({ company: 'Jansen Brood', vat: 'nl 1234.56789.B01' }));
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = { isCompany: true, company: 'Jansen Brood', forename: 'Jan', surname: 'Jansen', street: 'Damrak', houseNumber: '70', postcode: '1012 LM', city: 'Amsterdam', country: 'NL', email: 'jan.jansen@example.nl', vat: 'NL123456789B01' };
    expect(ZDomainWhois.parse(saved.json())).toEqual({ domain: 'goudenkorst-webshop.com', holder: expect.objectContaining(expected) });
    expect(ZDomainWhois.parse((await bakery.get(whoisOf('goudenkorst-webshop.com'))).json()).holder).toMatchObject(expected);
    // The other domain keeps its holder; a second change replaces the first.
    expect(ZDomainWhois.parse((await bakery.get(whoisOf('goudenkorst.nl'))).json()).holder.forename).toBe('Femke');
    const again = await bakery.post(whoisOf('goudenkorst-webshop.com'), holderForm({ forename: 'Piet' }));
    expect(ZDomainWhois.parse(again.json()).holder).toMatchObject({ forename: 'Piet', isCompany: false, company: '', vat: '' });
  });

  it('refuses bad input with fieldErrors and formErrors, and changes nothing', async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const before = (await bakery.get(whoisOf('goudenkorst.nl'))).json();
    const refused = await bakery.post(whoisOf('goudenkorst.nl'), holderForm({ forename: ' ', postcode: '12345', email: 'geen-adres', isCompany: true, company: '' }));
    expect(refused.statusCode).toBe(400);
    const body = refused.json() as { message: string; fieldErrors: Record<string, string>; formErrors: string[] };
    expect(Object.keys(body.fieldErrors).sort()).toEqual(['company', 'email', 'forename', 'postcode']);
    expect(body.fieldErrors.forename).toBe('Dit veld is verplicht.');
    expect(body.formErrors).toEqual([]);
    const country = await bakery.post(whoisOf('goudenkorst.nl'), holderForm({ country: 'QQ' }));
    expect(country.statusCode).toBe(400);
    expect(country.json()).toMatchObject({ fieldErrors: { country: 'Kies een land.' } });
    expect((await bakery.get(whoisOf('goudenkorst.nl'))).json()).toEqual(before);
  });

  it("shows a sub-user its parent's holder but refuses its change, and refuses a change without the CSRF header", async () => {
    const subUser = await loginAs(app, 'medewerker@demo.kavel.nl');
    // A sub-user reads its parent's domains, as on the DNS page.
    expect(ZDomainWhois.parse((await subUser.get(whoisOf('goudenkorst.nl'))).json()).holder.forename).toBe('Femke');
    const refused = await subUser.post(whoisOf('goudenkorst.nl'), holderForm());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: expect.stringContaining('subgebruiker') });
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    expect((await bakery.post(whoisOf('goudenkorst.nl'), holderForm(), { csrf: false })).statusCode).toBe(403);
    expect(ZDomainWhois.parse((await bakery.get(whoisOf('goudenkorst.nl'))).json()).holder.forename).toBe('Femke');
  });

  it('answers the holder an order registered the domain with', async () => {
    const anna = await createActiveAccount(app, mailer, 'anna-domeinhouder@example.nl');
    const customerId = (await anna.get('/api/account/me')).json().customer.id as number;
    const domain = 'anna-domeinhouder.nl';
    const holder = testHolderSnapshot({ company: '', forename: 'Anna', surname: 'de Boer', street: 'Oudegracht', houseNumber: '12', postcode: '3511 AR', city: 'Utrecht' });
    const orderId = await insertTestOrder(services.db, { customerId, lines: [{ ...lineFixtures.registration(domain), holder }] });
    await services.db.transaction((tx) => services.domains.recordOrdered(tx, { name: domain, customerId, orderId, status: 'active', expiresAt: new Date(Date.now() + 365 * 86_400_000) }));
    const answer = ZDomainWhois.parse((await anna.get(whoisOf(domain))).json());
    expect(answer.holder).toMatchObject({ isCompany: false, forename: 'Anna', surname: 'de Boer', street: 'Oudegracht', city: 'Utrecht' });
  });
});
