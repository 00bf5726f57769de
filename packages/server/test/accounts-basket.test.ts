import { randomUUID } from 'node:crypto';
import { ZBasket, type TBasket } from '@kavel/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { basketItems, baskets, customers } from '../src/db/schema/index.ts';
import { DEMO_PASSWORD, demoAccountsExist, ensureDemoAccounts } from '../src/features/accounts/demo-accounts.ts';
import extensions from '../src/features/catalogue/data/extensions.json' with { type: 'json' };
import { useTestShop, createActiveAccount, databaseKinds, demoAccountDeps, TEST_PASSWORD, TestClient, tokenOf, type RecordingMailer } from './support/index.ts';

const nl = extensions.find((e) => e.extension === 'nl')!;
let ipCounter = 0;
const freshClient = (app: FastifyInstance) => new TestClient(app, { remoteAddress: `10.4.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });
const addDomain = (client: TestClient, title: string) => client.post('/api/bestelprocedure/addItem', { productId: nl.productId, productCode: nl.productCode, title });
const basketOf = async (client: TestClient): Promise<TBasket> => ZBasket.parse((await client.get('/api/bestelprocedure/getBasket')).json());
const titles = (basket: TBasket) => basket.items.map((item) => [item.title, item.connectedItem.map((child) => child.title)]);

describe.each(databaseKinds)('accounts and baskets on $name', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let mailer: RecordingMailer;
  useTestShop(kind, (shop) => ({ database, app, mailer } = shop));

  /** A connected item (e.g. a redirect) under a top-level item, as later features will add them. */
  const connect = async (client: TestClient, parentTitle: string, title: string) => {
    const parent = (await basketOf(client)).items.find((item) => item.title === parentTitle)!;
    const [row] = await database.db.select({ basketId: basketItems.basketId }).from(basketItems).where(eq(basketItems.unique, parent.unique));
    await database.db.insert(basketItems).values({ basketId: row!.basketId, unique: randomUUID(), parentUnique: parent.unique, productType: 'REDIRECT', productId: 0, productCode: 'REDIRECT', title });
  };

  it('merges the anonymous basket into the customer basket at login, skipping domains already there', async () => {
    const customer = await createActiveAccount(app, mailer, 'mand@example.nl');
    await addDomain(customer, 'al-van-klant.nl');
    await addDomain(customer, 'dubbel-mand.nl');
    await customer.post('/api/logout', {});
    expect((await basketOf(customer)).empty).toBe(true);

    const visitor = freshClient(app);
    await addDomain(visitor, 'dubbel-mand.nl');
    await addDomain(visitor, 'nieuw-in-mand.nl');
    await connect(visitor, 'nieuw-in-mand.nl', 'https://voorbeeld.nl');
    await connect(visitor, 'dubbel-mand.nl', 'https://dubbel.nl');
    expect((await visitor.post('/api/login', { username: 'mand@example.nl', password: TEST_PASSWORD })).statusCode).toBe(200);

    expect(titles(await basketOf(visitor))).toEqual([
      ['al-van-klant.nl', []],
      ['dubbel-mand.nl', []],
      ['nieuw-in-mand.nl', ['https://voorbeeld.nl']],
    ]);
    const [owner] = await database.db.select({ id: customers.id }).from(customers).where(eq(customers.email, 'mand@example.nl'));
    const rows = await database.db.select().from(baskets);
    expect(rows.filter((row) => row.customerId === owner!.id)).toHaveLength(1);
    // The anonymous basket is gone, with the skipped duplicate's connected item.
    expect(await database.db.select().from(basketItems).where(eq(basketItems.title, 'https://dubbel.nl'))).toEqual([]);
  });

  it('hands the anonymous basket to a customer without one, and logout leaves it with the customer', async () => {
    await createActiveAccount(app, mailer, 'zonder-mand@example.nl');
    const visitor = freshClient(app);
    await addDomain(visitor, 'meegenomen.nl');
    await visitor.post('/api/login', { username: 'zonder-mand@example.nl', password: TEST_PASSWORD });
    expect(titles(await basketOf(visitor))).toEqual([['meegenomen.nl', []]]);

    await visitor.post('/api/logout', {});
    expect((await basketOf(visitor)).empty).toBe(true);
    const elsewhere = freshClient(app);
    await elsewhere.post('/api/login', { username: 'zonder-mand@example.nl', password: TEST_PASSWORD });
    expect(titles(await basketOf(elsewhere))).toEqual([['meegenomen.nl', []]]);
  });

  it('takes the anonymous basket along on activation', async () => {
    const visitor = freshClient(app);
    await addDomain(visitor, 'bij-activering.nl');
    await visitor.post('/api/bestellen/registreren', { registrationRequest: { email: 'activering-mand@example.nl', firstname: 'Lotte', lastname: 'Smit' } });
    const token = tokenOf(await mailer.waitFor((m) => m.to === 'activering-mand@example.nl'));
    expect((await visitor.post('/api/account/activate', { token, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(titles(await basketOf(visitor))).toEqual([['bij-activering.nl', []]]);
    const [row] = await database.db.select().from(baskets).innerJoin(customers, eq(customers.id, baskets.customerId)).where(eq(customers.email, 'activering-mand@example.nl'));
    expect(row?.baskets.sessionIdHash).toBeNull();
  });

  it('creates the demo accounts once, with the roles the login answer reports and the domains taken', async () => {
    const deps = await demoAccountDeps(database.db);
    const domains = deps.domains;
    // A start asks this first: only a database without them must wait for them before serving.
    expect(await demoAccountsExist(database.db)).toBe(false);
    const first = await ensureDemoAccounts(deps);
    expect(await demoAccountsExist(database.db)).toBe(true);
    const second = await ensureDemoAccounts(deps);
    expect(second).toEqual(first);
    expect(first.map((account) => account.email)).toEqual(['klant@demo.kavel.nl', 'reseller@demo.kavel.nl', 'medewerker@demo.kavel.nl']);
    expect(DEMO_PASSWORD).toHaveLength(21);

    const answers = Object.fromEntries(
      await Promise.all(first.map(async ({ email }) => [email, (await freshClient(app).post('/api/login', { username: email, password: DEMO_PASSWORD })).json()] as const)),
    );
    expect(answers['klant@demo.kavel.nl']).toMatchObject({ isReseller: false, isSubUser: false, customer: { companyName: 'Bakkerij De Gouden Korst', city: 'Amsterdam', isCompany: true } });
    expect(answers['reseller@demo.kavel.nl']).toMatchObject({ isReseller: true, isSubUser: false, customer: { staffel: 2 } });
    expect(answers['medewerker@demo.kavel.nl']).toMatchObject({ isReseller: false, isSubUser: true });
    const [parent] = await database.db.select().from(customers).where(eq(customers.email, 'klant@demo.kavel.nl'));
    const [subUser] = await database.db.select().from(customers).where(eq(customers.email, 'medewerker@demo.kavel.nl'));
    expect(subUser!.parentCustomerId).toBe(parent!.id);

    expect(await domains.isRegisteredInShop('goudenkorst.nl')).toBe(true);
    expect(await domains.isRegisteredInShop('goudenkorst-webshop.com')).toBe(true);
    const basket = ZBasket.parse((await addDomain(freshClient(app), 'goudenkorst.nl')).json());
    expect(basket.items[0]).toMatchObject({ title: 'goudenkorst.nl', productType: 'DOMAIN_TRANSFER' });
  });
});
