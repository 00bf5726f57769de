import { ZCustomerData } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { databaseKinds, freshClient, loginAs, TEST_PASSWORD, tokenOf, useTestShop, type RecordingMailer, type TestClient } from './support/index.ts';

const DATA = '/api/bestellen/klantgegevens';
const COMPLETE = '/api/bestellen/alle-gegevens-ingevuld';

const FILLED = {
  companyName: '',
  firstName: '  Bram ',
  lastName: 'Visser',
  street: 'Dam',
  streetNumber: '1',
  streetNumberAddition: '',
  postCode: '1012js',
  city: 'Amsterdam',
  countryId: 154,
  phoneNumber: '020 123 4567',
};

describe.each(databaseKinds)("the order app's customer data on $name", (kind) => {
  let app: FastifyInstance;
  let mailer: RecordingMailer;
  useTestShop(kind, (shop) => ({ app, mailer } = shop), { demoAccounts: true });

  /** A customer who registered with the order app's short form (e-mail and name only) and activated. */
  async function shortFormCustomer(email: string): Promise<TestClient> {
    const client = freshClient(app);
    await client.post('/api/bestellen/registreren', { registrationRequest: { email, firstname: 'Bram', lastname: 'Visser' } });
    const token = tokenOf(await mailer.waitFor((m) => m.to === email));
    expect((await client.post('/api/account/activate', { token, password: TEST_PASSWORD })).statusCode).toBe(200);
    return client;
  }

  it('answers 401 to a visitor', async () => {
    const visitor = freshClient(app);
    expect((await visitor.get(DATA)).statusCode).toBe(401);
    expect((await visitor.get(COMPLETE)).statusCode).toBe(401);
    expect((await visitor.post(DATA, FILLED)).statusCode).toBe(401);
  });

  it("answers the demo customer's data, complete", async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const data = ZCustomerData.parse((await bakery.get(DATA)).json());
    expect(data).toMatchObject({ companyName: 'Bakkerij De Gouden Korst', firstName: 'Femke', street: 'Prinsengracht', streetNumber: '263', postCode: '1016 GV', city: 'Amsterdam', countryId: 154 });
    expect((await bakery.get(COMPLETE)).json()).toBe(true);
  });

  it('takes a short-form customer from incomplete to complete, writing the postcode as 1234 AB', async () => {
    const customer = await shortFormCustomer('klantgegevens@example.nl');
    expect((await customer.get(COMPLETE)).json()).toBe(false);
    expect(ZCustomerData.parse((await customer.get(DATA)).json())).toMatchObject({ firstName: 'Bram', lastName: 'Visser', street: '', city: '' });
    const saved = await customer.post(DATA, FILLED);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ZCustomerData.parse(saved.json())).toEqual({ ...FILLED, firstName: 'Bram', postCode: '1012 JS' });
    expect((await customer.get(COMPLETE)).json()).toBe(true);
    expect((await customer.get(DATA)).json()).toEqual(saved.json());
    // The login answer sees the same data: a private person, no company.
    expect((await customer.get('/api/account/me')).json()).toMatchObject({ customer: { isCompany: false, street: 'Dam', postCode: '1012 JS' } });
  });

  it('refuses missing and malformed fields with fieldErrors, and changes nothing', async () => {
    const customer = await shortFormCustomer('onvolledig@example.nl');
    const before = (await customer.get(DATA)).json();
    const refused = await customer.post(DATA, { ...FILLED, firstName: ' ', streetNumber: '1a', postCode: '12345', streetNumberAddition: 'x'.repeat(11), phoneNumber: 'bel me' });
    expect(refused.statusCode).toBe(400);
    const body = refused.json() as { message: string; fieldErrors: Record<string, string>; formErrors: string[] };
    expect(Object.keys(body.fieldErrors).sort()).toEqual(['firstName', 'phoneNumber', 'postCode', 'streetNumber', 'streetNumberAddition']);
    expect(body.formErrors).toEqual([]);
    expect((await customer.post(DATA, { ...FILLED, countryId: 999 })).statusCode).toBe(400);
    // A Belgian postcode is fine for Belgium.
    expect((await customer.get(DATA)).json()).toEqual(before);
    const belgian = await customer.post(DATA, { ...FILLED, countryId: 21, postCode: '1000', city: 'Brussel' });
    expect(belgian.statusCode, belgian.body).toBe(200);
    expect(belgian.json()).toMatchObject({ postCode: '1000', countryId: 21 });
  });

  it("refuses a sub-user's change and a forged request", async () => {
    const subUser = await loginAs(app, 'medewerker@demo.kavel.nl');
    expect((await subUser.get(DATA)).statusCode).toBe(200);
    const refused = await subUser.post(DATA, FILLED);
    expect(refused.statusCode).toBe(403);
    expect((await subUser.get(DATA)).json()).not.toMatchObject({ street: 'Dam' });
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    expect((await bakery.post(DATA, FILLED, { csrf: false })).statusCode).toBe(403);
    expect((await bakery.get(DATA)).json()).toMatchObject({ street: 'Prinsengracht' });
  });
});
