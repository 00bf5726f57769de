import { ZAdditionalServiceProposal, ZBasketValidation, ZSslProposal, type TBasket } from '@kavel/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { basketCalls, basketFrom, createActiveAccount, databaseKinds, loginAs, products, TestClient, useTestShop, type RecordingMailer } from './support/index.ts';

const { nl, com, intro, basic, premium, spamfilter, ssl } = products;
const api = '/api/bestelprocedure';
type Calls = ReturnType<typeof basketCalls>;

const NONE = { serviceType: 'NONE', price: 0, domain: null, productName: null };
const OK = { status: 'OK', message: '' };

async function proposals(client: TestClient) {
  const hosting = await client.post(`${api}/proposeAdditionalService`, {});
  const certificate = await client.post(`${api}/proposeAdditionalServiceSsl`, {});
  expect(hosting.statusCode, hosting.body).toBe(200);
  expect(certificate.statusCode, certificate.body).toBe(200);
  return { hosting: ZAdditionalServiceProposal.parse(hosting.json()), ssl: ZSslProposal.parse(certificate.json()) };
}

const accept = (client: TestClient, acceptedServiceTypes: string[]) => client.post(`${api}/acceptAdditionalService`, { acceptedServiceTypes });

/** Each domain with the product codes under it. */
const tree = (basket: TBasket) => basket.items.map((item) => [item.title, item.connectedItem.map((child) => child.productCode)]);

describe.each(databaseKinds)('step 3: smart benefits on $name', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let mailer: RecordingMailer;
  useTestShop(kind, (shop) => ({ database, app, mailer } = shop), { demoAccounts: true });

  /** A visitor with these domains in the basket; answers the client, its calls and each domain's unique. */
  const visitorWith = async (...titles: string[]) => {
    const client = new TestClient(app);
    const calls = basketCalls(client);
    const uniques: string[] = [];
    for (const title of titles) {
      const basket = basketFrom(await calls.addDomain(title.endsWith('.com') ? com : nl, title));
      uniques.push(basket.items.find((item) => item.title === title)!.unique);
    }
    return { client, calls, uniques };
  };
  const setType = (calls: Calls, unique: string, serviceType: string) => calls.call('setServiceType', { unique, serviceType });

  it('offers nothing for an empty basket, and takes no body as well as an empty one', async () => {
    const visitor = new TestClient(app);
    expect(await proposals(visitor)).toEqual({ hosting: NONE, ssl: NONE });
    await visitor.get(`${api}/getBasket`);
    const bare = await app.inject({
      method: 'POST',
      url: `${api}/proposeAdditionalService`,
      headers: { cookie: [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-xsrf-token': visitor.cookies.get('XSRF-TOKEN')! },
    });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json()).toEqual(NONE);
  });

  it('offers Intro hosting and SSL for the first domain set to hosting or registration only', async () => {
    const { client, calls, uniques } = await visitorWith('doorsturen-eerst.nl', 'alleen-registreren.nl', 'derde.nl');
    await setType(calls, uniques[0]!, 'REDIRECT');
    await setType(calls, uniques[1]!, 'REGISTRATION_ONLY');
    expect(await proposals(client)).toEqual({
      hosting: { serviceType: 'ADD_INTRO_HOSTING', price: intro.discountedPrice, domain: 'alleen-registreren.nl', productName: 'Intro webhosting' },
      ssl: { serviceType: 'ADD_SSL', price: ssl.price, domain: 'alleen-registreren.nl', productName: 'SSL Domeinvalidatie standaard' },
    });
    expect(intro.discountedPrice).toBe(149);
    expect(ssl.price).toBe(1995);

    await setType(calls, uniques[1]!, 'REDIRECT');
    await setType(calls, uniques[2]!, 'REDIRECT');
    expect(await proposals(client)).toEqual({ hosting: NONE, ssl: NONE });
  });

  it('offers one level up from the cheapest package at the difference of the 6-month prices', async () => {
    const { client, calls, uniques } = await visitorWith('basis-winkel.nl', 'klein-begin.nl', 'zonder-hosting.nl');
    await calls.addChild(uniques[0]!, basic);
    await calls.addChild(uniques[1]!, intro);
    expect(await proposals(client)).toEqual({
      hosting: { serviceType: 'UPGRADE_TO_BASIC_HOSTING', price: basic.discountedPrice - intro.discountedPrice, domain: 'klein-begin.nl', productName: 'Basic webhosting' },
      ssl: { serviceType: 'ADD_SSL', price: 1995, domain: 'klein-begin.nl', productName: 'SSL Domeinvalidatie standaard' },
    });
    expect(basic.discountedPrice - intro.discountedPrice).toBe(100);

    await calls.addChild(uniques[1]!, premium);
    expect((await proposals(client)).hosting).toEqual({
      serviceType: 'UPGRADE_TO_PREMIUM_HOSTING',
      price: 150,
      domain: 'basis-winkel.nl',
      productName: 'Premium webhosting',
    });

    // Nothing above Premium; the certificate is still offered for that domain until it has one.
    await calls.addChild(uniques[0]!, premium);
    await calls.addChild(uniques[0]!, spamfilter);
    expect(await proposals(client)).toEqual({ hosting: NONE, ssl: { serviceType: 'ADD_SSL', price: 1995, domain: 'basis-winkel.nl', productName: 'SSL Domeinvalidatie standaard' } });
    await calls.addChild(uniques[0]!, ssl);
    expect((await proposals(client)).ssl).toEqual(NONE);
  });

  it('offers nothing for a hosting upgrade, even with a new domain next to it', async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const calls = basketCalls(bakery);
    await calls.addDomain(nl, 'naast-de-upgrade.nl');
    const response = await bakery.postForm('/account/webhosting-toevoegen', { domain: 'goudenkorst.nl', productCode: intro.productCode, productId: String(intro.productId) });
    expect(response.statusCode).toBe(303);
    expect((await calls.get()).hostingUpgrade).toBe(true);
    expect(await proposals(bakery)).toEqual({ hosting: NONE, ssl: NONE });
    const refused = await accept(bakery, ['UPGRADE_TO_BASIC_HOSTING']);
    expect(refused.statusCode).toBe(409);
    for (const item of (await calls.get()).items) await calls.call('removeItem', { unique: item.unique });
  });

  it('puts accepted offers in the basket and answers the validation', async () => {
    const { client, calls, uniques } = await visitorWith('aangenomen.nl');
    await calls.addChild(uniques[0]!, intro);
    const response = await accept(client, ['ADD_SSL', 'UPGRADE_TO_BASIC_HOSTING']);
    expect(response.statusCode, response.body).toBe(200);
    expect(ZBasketValidation.parse(response.json())).toEqual(OK);
    expect(tree(await calls.get())).toEqual([['aangenomen.nl', [basic.productCode, ssl.productCode]]]);
    expect(await proposals(client)).toMatchObject({ hosting: { serviceType: 'UPGRADE_TO_PREMIUM_HOSTING' }, ssl: NONE });

    // Intro hosting for a card on registration only turns it to hosting, with the certificate.
    const other = await visitorWith('nog-kaal.nl');
    await setType(other.calls, other.uniques[0]!, 'REGISTRATION_ONLY');
    expect((await accept(other.client, ['ADD_INTRO_HOSTING', 'ADD_SSL'])).json()).toEqual(OK);
    const [domain] = (await other.calls.get()).items;
    expect(domain!.options.serviceType).toBe('HOSTING');
    expect(domain!.connectedItem.map((child) => child.productCode)).toEqual([intro.productCode, ssl.productCode]);
  });

  it('answers the validation of the basket after accepting: a logged-in customer gets the full check', async () => {
    const customer = await createActiveAccount(app, mailer, 'accepteert@example.nl');
    const calls = basketCalls(customer);
    await calls.addDomain(nl, 'klant-accepteert.nl');
    const transfer = basketFrom(await calls.addDomain(com, 'google.com')).items.find((item) => item.title === 'google.com')!;
    await calls.call('setTransferOptions', { unique: transfer.unique, ownerConfirmed: true });
    const response = await accept(customer, ['ADD_INTRO_HOSTING']);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: 'FAILED',
      message: 'Om google.com naar ons te verhuizen hebben we de verhuiscode nodig. Vul de code in die je van je huidige provider hebt gekregen.',
    });
    expect(tree(await calls.get())).toEqual([
      ['klant-accepteert.nl', [intro.productCode]],
      ['google.com', []],
    ]);
    expect((await accept(customer, [])).json()).toMatchObject({ status: 'FAILED' });
  });

  it('refuses an offer the basket no longer has, or a certificate without hosting, and changes nothing', async () => {
    const { client, calls, uniques } = await visitorWith('verouderd-aanbod.nl');
    await calls.addChild(uniques[0]!, intro);
    const before = await calls.get();
    const stale = await accept(client, ['UPGRADE_TO_BASIC_HOSTING', 'UPGRADE_TO_PREMIUM_HOSTING']);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: 'Dit aanbod past niet meer bij je selectie. Bekijk je bestelling en probeer het opnieuw.' });
    expect((await accept(client, ['UPGRADE_TO_PREMIUM_HOSTING'])).statusCode).toBe(409);
    expect(await calls.get()).toEqual(before);

    const bare = await visitorWith('alleen-certificaat.nl');
    const refused = await accept(bare.client, ['ADD_SSL']);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Een SSL-certificaat hoort bij een hostingpakket. Kies ook het hostingpakket voor alleen-certificaat.nl, of laat het certificaat weg.');
    expect((await bare.calls.get()).allBasketItems).toHaveLength(1);

    expect((await client.post(`${api}/acceptAdditionalService`, {})).statusCode).toBe(400);
    expect((await accept(client, ['NONE'])).statusCode).toBe(400);
    expect((await accept(client, ['ADD_SSL', 'ADD_SSL', 'ADD_SSL'])).statusCode).toBe(400);
  });

  it('applies the accepted offers in one transaction: a failure half-way changes nothing', async () => {
    const { client, calls, uniques } = await visitorWith('halverwege-mis.nl');
    await calls.addChild(uniques[0]!, intro);
    const before = await calls.get();
    // The database refuses the certificate after the upgrade has already been written.
    await database.db.execute(sql`create function kavel_test_refuse_ssl() returns trigger language plpgsql as $$
      begin
        if new.product_code = 'SSL_DV' then raise exception 'refused by the test'; end if;
        return new;
      end $$`);
    await database.db.execute(sql`create trigger kavel_test_refuse_ssl before insert on basket_items for each row execute function kavel_test_refuse_ssl()`);
    try {
      const response = await accept(client, ['UPGRADE_TO_BASIC_HOSTING', 'ADD_SSL']);
      expect(response.statusCode).toBe(500);
    } finally {
      await database.db.execute(sql`drop trigger kavel_test_refuse_ssl on basket_items`);
      await database.db.execute(sql`drop function kavel_test_refuse_ssl()`);
    }
    expect(await calls.get()).toEqual(before);
    expect(tree(before)).toEqual([['halverwege-mis.nl', [intro.productCode]]]);
  });
});
