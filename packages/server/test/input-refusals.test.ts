import { ZWhoisList } from '@kavel/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { databaseKinds, freshClient, loginAs, products, useTestShop, validRegistration, type TestClient } from './support/index.ts';

/**
 * The examples of input that used to answer 500: a NUL character in a text field and
 * ids past the database's integer range. Each is now a 400 with the field's own message.
 */
const CONTROL = 'Dit bevat tekens die niet zijn toegestaan.';
const BAD_ID = 'Dit is geen geldige keuze.';
const BAD_NUMBER = 'Vul een geldig getal in.';
const TOO_BIG = 2_147_483_648;
const SOME_UNIQUE = '0b7c3f5e-2d7a-4c39-9a43-3f0d0b6c1a11';

function expectFieldRefusal(response: LightMyRequestResponse, field: string, text: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().fieldErrors).toMatchObject({ [field]: text });
}

describe.each(databaseKinds)('refused input on $name', (kind) => {
  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ app } = shop), { demoAccounts: true });
  const customer = () => loginAs(app, 'klant@demo.kavel.nl');

  it('a NUL in a basket call is a 400 for that field', async () => {
    const visitor = freshClient(app);
    expectFieldRefusal(await visitor.post('/api/bestelprocedure/removeItem', { unique: '\u0000' }), 'unique', CONTROL);
    expectFieldRefusal(await visitor.post('/api/bestelprocedure/removeDomain', { domainName: 'a\u0000.nl' }), 'domainName', CONTROL);
    expectFieldRefusal(await visitor.post('/api/bestelprocedure/removeGratisProduct', { parentId: 'x\u0000' }), 'parentId', CONTROL);
    const add = await visitor.post('/api/bestelprocedure/addItem', { productId: products.nl.productId, productCode: products.nl.productCode, title: 'naam\u0000.nl' });
    expectFieldRefusal(add, 'title', CONTROL);
  });

  it('the message follows the session language', async () => {
    const visitor = freshClient(app);
    await visitor.get('/bestelprocedure?lang=en');
    expectFieldRefusal(await visitor.post('/api/bestelprocedure/removeItem', { unique: 'a\u0000' }), 'unique', 'This contains characters that are not allowed.');
  });

  it('an error report with a NUL or a line past the integer range is a 400, and a stack trace keeps its newlines', async () => {
    const visitor = freshClient(app);
    expectFieldRefusal(await visitor.post('/api/report-error', { msg: 'boom', line: TOO_BIG }), 'line', BAD_NUMBER);
    expectFieldRefusal(await visitor.post('/api/report-error', { msg: 'boom', column: TOO_BIG }), 'column', BAD_NUMBER);
    expectFieldRefusal(await visitor.post('/api/report-error', { msg: 'bo\u0000om' }), 'msg', CONTROL);
    expectFieldRefusal(await visitor.post('/api/report-error', { msg: 'boom', errorStackTrace: 'at x\u0000' }), 'errorStackTrace', CONTROL);
    expect((await visitor.post('/api/report-error', { msg: 'boom', line: 2_147_483_647, errorStackTrace: 'Error: boom\n\tat x (a.js:1:2)' })).statusCode).toBe(204);
  });

  it('ids past the integer range are a 400 for that field: holder, DNS profile, hosting package, purchase', async () => {
    const klant = await customer();
    expectFieldRefusal(await klant.post('/api/bestelprocedure/setDomainHolder', { unique: SOME_UNIQUE, customWhoisId: TOO_BIG }), 'customWhoisId', BAD_ID);
    expectFieldRefusal(await klant.post('/api/bestelprocedure/setTransferOptions', { unique: SOME_UNIQUE, ownerConfirmed: true, dnsProfileId: TOO_BIG }), 'dnsProfileId', BAD_ID);
    const addTransferCode = await klant.post('/api/bestelprocedure/addItem', { ...products.transferCode, parentId: SOME_UNIQUE, value: 'ABC123', dnsProfileId: TOO_BIG });
    expectFieldRefusal(addTransferCode, 'dnsProfileId', BAD_ID);
    const upgrade = await klant.postForm('/account/webhosting-upgraden', { hostingPackageId: String(TOO_BIG), productCode: products.premium.productCode, productId: String(products.premium.productId) });
    expectFieldRefusal(upgrade, 'hostingPackageId', BAD_ID);
    const extras = await klant.postForm('/account/diensten-toevoegen', { hostingPackageId: String(TOO_BIG), extraServices: '[]' });
    expectFieldRefusal(extras, 'hostingPackageId', BAD_ID);
    const purchase = await klant.post('/bestelprocedure/purchase', {
      customWhois: [{ customWhoisId: TOO_BIG, domain: 'goudenkorst.nl' }],
      paymentMethod: 'MANUAL_PAYMENT',
      requestId: '5f1c7a52-8a4e-4d55-9d0e-0c1f2f6b7a10',
      termsAccepted: true,
    });
    expectFieldRefusal(purchase, 'customWhois.0.customWhoisId', BAD_ID);
  });

  it('a NUL in a login, a registration or a holder form is a 400 for that field', async () => {
    expectFieldRefusal(await freshClient(app).post('/api/login', { username: 'klant@demo.kavel.nl\u0000', password: 'kavel-demo-wachtwoord' }), 'username', CONTROL);
    for (const field of ['companyName', 'firstName', 'lastName', 'street', 'city', 'postCode']) {
      const response = await freshClient(app).post('/api/register-account', { registrationDto: validRegistration({ email: `nul-${field}@example.nl`, [field]: 'Be\u0000rt' }) });
      expectFieldRefusal(response, `registrationDto.${field}`, CONTROL);
    }
    const short = await freshClient(app).post('/api/bestellen/registreren', { registrationRequest: { email: 'kort@example.nl', firstname: 'A\u0000', lastname: 'B' } });
    expectFieldRefusal(short, 'registrationRequest.firstname', CONTROL);
    const klant = await customer();
    const holder = { forename: 'Jan\u0000', surname: 'Jansen', street: 'Damrak', houseNumber: '70', postcode: '1012LM', city: 'Amsterdam', phone: '+31 20 555 0199', email: 'jan@example.nl' };
    expectFieldRefusal(await klant.post('/api/account/whois', holder), 'forename', CONTROL);
  });

  it('a NUL in a form post is a 400 for that field', async () => {
    expectFieldRefusal(await freshClient(app).postForm('/login', { username: 'klant@demo.kavel.nl\u0000', password: 'x' }), 'username', CONTROL);
    const klant = await customer();
    const hosting = await klant.postForm('/account/webhosting-toevoegen', { domain: 'goudenkorst\u0000.nl', productCode: products.basic.productCode, productId: String(products.basic.productId) });
    expectFieldRefusal(hosting, 'domain', CONTROL);
  });

  describe('ids in paths', () => {
    let klant: TestClient;
    let holderId: number;
    it('are read as decimal digits only: anything looser names no record', async () => {
      klant = await customer();
      holderId = ZWhoisList.parse((await klant.get('/api/account/whois')).json()).custom[0]!.id;
      expect((await klant.get(`/api/account/whois/${holderId}`)).statusCode).toBe(200);
      const loose = [`0x${holderId.toString(16)}`, `${holderId}e0`, `%20${holderId}`, `${holderId}%20`, `+${holderId}`, `${holderId}.0`, `%00${holderId}`, String(TOO_BIG), '99999999999999999999', '0', '-1'];
      for (const id of loose) {
        const response = await klant.get(`/api/account/whois/${id}`);
        expect(response.statusCode, id).toBe(404);
        expect(response.json(), id).toMatchObject({ message: 'Niet gevonden.' });
      }
      for (const path of ['/api/bestellen/0x1', '/api/bestellen/1e0/betalingsstatus', '/api/account/domeinen/%201/dns']) {
        expect((await klant.get(path)).statusCode, path).toBe(404);
      }
    });
  });
});
