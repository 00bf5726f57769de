import { randomUUID } from 'node:crypto';
import { ZBasketValidation, type TBasketValidation } from '@kavel/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import type { Services } from '../src/services.ts';
import { basketItems, baskets, customers, domains, whoisHolders } from '../src/db/schema/index.ts';
import type { RegistryPort } from '../src/ports/registry/registry-port.ts';
import {
  basketCalls,
  basketFrom,
  createActiveAccount,
  customerIdOf,
  databaseKinds,
  loginAs,
  products,
  TestClient,
  useTestShop,
  type RecordingMailer,
} from './support/index.ts';

const { nl, com, intro, transferCode } = products;
const api = '/api/bestelprocedure';

async function validate(client: TestClient): Promise<TBasketValidation> {
  const response = await client.post(`${api}/validateBasket`, {});
  expect(response.statusCode, response.body).toBe(200);
  return ZBasketValidation.parse(response.json());
}

const failed = (message: string) => ({ status: 'FAILED', message });

describe.each(databaseKinds)('step 3: basket validation on $name', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let mailer: RecordingMailer;
  let services: Services;
  useTestShop(kind, (shop) => ({ database, app, mailer, services } = shop), { demoAccounts: true });

  let counter = 0;
  /** A new customer (complete address, from the registration form) with an empty basket. */
  const newCustomer = async () => {
    const email = `koper${++counter}@example.nl`;
    const client = await createActiveAccount(app, mailer, email);
    return { client, calls: basketCalls(client), id: await customerIdOf(database.db, email) };
  };
  const basketIdOf = async (customerId: number) => {
    const [row] = await database.db.select({ id: baskets.id }).from(baskets).where(eq(baskets.customerId, customerId));
    return row!.id;
  };
  const addDomain = async (calls: ReturnType<typeof basketCalls>, product: typeof nl, title: string) => {
    const basket = basketFrom(await calls.addDomain(product, title));
    return basket.items.find((item) => item.title === title)!;
  };
  /** A transfer that passes step 2 and has its code. */
  const readyTransfer = async (calls: ReturnType<typeof basketCalls>, title: string) => {
    const transfer = await addDomain(calls, com, title);
    expect(transfer.productType).toBe('DOMAIN_TRANSFER');
    await calls.call('setTransferOptions', { unique: transfer.unique, ownerConfirmed: true });
    expect((await calls.addChild(transfer.unique, transferCode, { value: 'AUTH-1234' })).statusCode).toBe(200);
    return transfer;
  };

  it('validates only for a logged-in customer, and accepts no body as well as an empty one', async () => {
    const visitor = new TestClient(app);
    await basketCalls(visitor).addDomain(nl, 'bezoeker-valideert.nl');
    const refused = await visitor.post(`${api}/validateBasket`, {});
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ message: 'Log eerst in.' });

    const { client, calls } = await newCustomer();
    await calls.addDomain(nl, 'zonder-body.nl');
    const bare = await app.inject({
      method: 'POST',
      url: `${api}/validateBasket`,
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-xsrf-token': client.cookies.get('XSRF-TOKEN')! },
    });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json()).toEqual({ status: 'OK', message: '' });
    expect(bare.headers['cache-control']).toBe('no-store');
    expect(await validate(client)).toEqual({ status: 'OK', message: '' });
  });

  it('fails an empty basket', async () => {
    const { client } = await newCustomer();
    expect(await validate(client)).toEqual(failed('Je selectie is leeg. Kies eerst een domeinnaam om te bestellen.'));
  });

  it('does not let a sub-user order, after the empty check', async () => {
    const employee = await loginAs(app, 'medewerker@demo.kavel.nl');
    expect((await validate(employee)).message).toMatch(/^Je selectie is leeg/);
    await basketCalls(employee).addDomain(nl, 'medewerker-bestelt.nl');
    expect(await validate(employee)).toEqual(
      failed('Je bent ingelogd als medewerker van een ander account en kunt daarom niet bestellen. Vraag de eigenaar van het account om de bestelling te plaatsen.'),
    );
  });

  it('fails hosting that hangs on no domain', async () => {
    const { client, calls, id } = await newCustomer();
    await calls.addDomain(nl, 'met-los-pakket.nl');
    await database.db.insert(basketItems).values({
      basketId: await basketIdOf(id),
      unique: randomUUID(),
      parentUnique: null,
      productType: 'LINUX_PACKAGE',
      productId: intro.productId,
      productCode: intro.productCode,
      title: intro.productName,
    });
    expect(await validate(client)).toEqual(failed('Je selectie bevat een hostingpakket zonder domeinnaam. Kies eerst een domeinnaam voor het pakket.'));
  });

  it("applies step 2's rules", async () => {
    const { client, calls } = await newCustomer();
    const transfer = await addDomain(calls, com, 'google.com');
    expect((await validate(client)).message).toMatch(/^Je hebt nog niet aangevinkt dat je de eigenaar van de te verhuizen domeinnaam bent/);
    await calls.call('setTransferOptions', { unique: transfer.unique, ownerConfirmed: true });
    const domain = await addDomain(calls, nl, 'alleen-doorsturen.nl');
    await calls.call('setServiceType', { unique: domain.unique, serviceType: 'REDIRECT' });
    expect(await validate(client)).toEqual(failed('De ingevoerde URL is ongeldig. Voer een geldige URL voor het doorsturen.'));
  });

  it('needs the transfer code of every transfer, naming the domain', async () => {
    const { client, calls } = await newCustomer();
    const transfer = await addDomain(calls, com, 'youtube.com');
    await calls.call('setTransferOptions', { unique: transfer.unique, ownerConfirmed: true });
    expect(await validate(client)).toEqual(
      failed('Om youtube.com naar ons te verhuizen hebben we de verhuiscode nodig. Vul de code in die je van je huidige provider hebt gekregen.'),
    );
    await calls.addChild(transfer.unique, transferCode, { value: 'AUTH-5678' });
    expect(await validate(client)).toEqual({ status: 'OK', message: '' });
  });

  it('asks the registry again: a registration taken meanwhile fails and leaves the basket with its services', async () => {
    const { client, calls } = await newCustomer();
    const bakery = await addDomain(calls, nl, 'mijnbakkerij-inmiddels.nl');
    await calls.addChild(bakery.unique, intro);
    await calls.addDomain(nl, 'blijft-vrij.nl');
    // The add cached 'free'; only a fresh lookup sees that someone else registered it since.
    const other = await customerIdOf(database.db, 'reseller@demo.kavel.nl');
    await services.domains.addDomain('mijnbakkerij-inmiddels.nl', other);

    expect(await validate(client)).toEqual(failed('mijnbakkerij-inmiddels.nl is inmiddels door iemand anders geregistreerd en is uit je selectie gehaald.'));
    const basket = await calls.get();
    expect(basket.items.map((item) => item.title)).toEqual(['blijft-vrij.nl']);
    expect(basket.allBasketItems).toHaveLength(1);
    expect(await validate(client)).toEqual({ status: 'OK', message: '' });
  });

  it('says so in English for an English page', async () => {
    const { client, calls } = await newCustomer();
    await client.get('/bestelprocedure?lang=en');
    await calls.addDomain(nl, 'engelse-bakker.nl');
    await services.domains.addDomain('engelse-bakker.nl', await customerIdOf(database.db, 'reseller@demo.kavel.nl'));
    expect(await validate(client)).toEqual(failed('engelse-bakker.nl has meanwhile been registered by someone else and has been removed from your selection.'));
  });

  it('fails a transfer of a domain the shop already has, or one that is no longer registered', async () => {
    const { client, calls } = await newCustomer();
    await readyTransfer(calls, 'goudenkorst-webshop.com');
    expect(await validate(client)).toEqual(
      failed('goudenkorst-webshop.com staat al bij ons en kan daarom niet naar ons verhuisd worden. Verwijder de domeinnaam uit je selectie.'),
    );
    await calls.call('removeDomain', { domainName: 'goudenkorst-webshop.com' });

    // Taken when it went into the basket (the shop had it), free by the time of ordering.
    await services.domains.addDomain('vervallen-domein.com', await customerIdOf(database.db, 'reseller@demo.kavel.nl'));
    await readyTransfer(calls, 'vervallen-domein.com');
    await database.db.delete(domains).where(eq(domains.name, 'vervallen-domein.com'));
    expect(await validate(client)).toEqual(
      failed('vervallen-domein.com is niet (meer) geregistreerd en kan daarom niet verhuisd worden. Verwijder de domeinnaam en voeg hem opnieuw toe om hem te registreren.'),
    );
    expect((await calls.get()).items.map((item) => item.title)).toEqual(['vervallen-domein.com']);
  });

  it("needs complete holder data: the customer's own for the standard holder", async () => {
    const { client, calls, id } = await newCustomer();
    const domain = await addDomain(calls, nl, 'onvolledig-adres.nl');
    await database.db.update(customers).set({ street: '', phoneNumber: ' ' }).where(eq(customers.id, id));
    expect(await validate(client)).toEqual(
      failed(
        'Je gegevens zijn niet compleet genoeg om onvolledig-adres.nl op jouw naam te registreren. Vul je naam, adres en telefoonnummer aan in je account, of kies een andere domeinhouder.',
      ),
    );
    // A holder of the customer's own, with its complete form, will do.
    const created = await client.post('/api/account/whois', {
      company: '',
      forename: 'Anna',
      surname: 'de Boer',
      street: 'Damrak',
      houseNumber: '12',
      postcode: '1012 LG',
      city: 'Amsterdam',
      country: 'NL',
      phone: '+31 20 555 0101',
      email: 'anna@example.nl',
    });
    expect(created.statusCode, created.body).toBe(200);
    const holderId = (created.json() as { id: number }).id;
    expect((await calls.call('setDomainHolder', { unique: domain.unique, customWhoisId: holderId })).statusCode).toBe(200);
    expect(await validate(client)).toEqual({ status: 'OK', message: '' });
  });

  it("fails a chosen holder that is not the customer's", async () => {
    const { client, calls, id } = await newCustomer();
    await addDomain(calls, nl, 'vreemde-houder.nl');
    const bakeryId = await customerIdOf(database.db, 'klant@demo.kavel.nl');
    const [foreign] = await database.db.select({ id: whoisHolders.id }).from(whoisHolders).where(eq(whoisHolders.customerId, bakeryId)).limit(1);
    // The API refuses someone else's holder, so the fixture writes it the way a stale basket could hold it.
    await database.db
      .update(basketItems)
      .set({ options: { customWhoisId: foreign!.id } })
      .where(eq(basketItems.basketId, await basketIdOf(id)));
    expect(await validate(client)).toEqual(failed('De gekozen domeinhouder voor vreemde-houder.nl bestaat niet (meer). Kies een andere domeinhouder.'));
  });
});

/** A registry that answers 'free', or fails for the domains in `unreachable`. */
function flakyRegistry(unreachable: Set<string>): RegistryPort {
  return {
    name: 'flaky',
    lookup: async (domain) => (unreachable.has(domain) ? { ok: false, reason: 'unreachable' } : { ok: true, status: 'free' }),
    register: async () => ({ ok: false, reason: 'unsupported' }),
    transferStatus: async () => ({ ok: false, reason: 'unsupported' }),
    release: async () => ({ ok: false, reason: 'unsupported' }),
    setNameservers: async () => ({ ok: false, reason: 'unsupported' }),
    updateHolder: async () => ({ ok: false, reason: 'unsupported' }),
  };
}

describe.each(databaseKinds)('step 3: basket validation when the registry cannot tell on $name', (kind) => {
  let app: FastifyInstance;
  let mailer: RecordingMailer;
  const unreachable = new Set<string>();
  useTestShop(kind, (shop) => ({ app, mailer } = shop), { app: { registry: flakyRegistry(unreachable) } });

  it('fails without removing the domain, and passes once the registry answers', async () => {
    const client = await createActiveAccount(app, mailer, 'storing@example.nl');
    const calls = basketCalls(client);
    await calls.addDomain(nl, 'even-storing.nl');
    unreachable.add('even-storing.nl');
    expect(await validate(client)).toEqual(
      failed('We konden de beschikbaarheid van even-storing.nl nu niet controleren. Probeer het over een paar minuten opnieuw.'),
    );
    expect((await calls.get()).items.map((item) => item.title)).toEqual(['even-storing.nl']);
    unreachable.delete('even-storing.nl');
    expect(await validate(client)).toEqual({ status: 'OK', message: '' });
  });
});
