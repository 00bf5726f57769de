import { ZPaymentMethods } from '@kavel/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { directDebitMandates, invoices, orders } from '../src/db/schema/index.ts';
import { fillBasket, orderOf, purchase, purchaseBody, purchased, payOnSimulator, VALID_IBAN } from './orders-helpers.ts';
import hostingPackages from '../src/features/catalogue/data/hosting-packages.json' with { type: 'json' };
import {
  approveOnAccount,
  basketCalls,
  createActiveAccount,
  customerIdOf,
  databaseKinds,
  insertTestOrder,
  lineFixtures,
  loginAs,
  useTestShop,
  waitForJobs,
  type TestClient,
  type TestShop,
} from './support/index.ts';

/** The largest shared hosting package: what the finding ordered on account one minute after activation. */
const largest = hostingPackages.find((product) => product.productCode === 'HOSTING_3XL')!;
const VPS_M = { type: 'vpspackage', productId: 6202, productCode: 'VPS_M' };

const methodsOf = async (client: TestClient) => {
  const response = await client.post('/api/bestelprocedure/paymentMethods', {});
  expect(response.statusCode, response.body).toBe(200);
  return ZPaymentMethods.parse(response.json()).map((method) => method.paymentMethod);
};

/** The order app's answer to 'pays this customer online first?', and its direct order of a VPS. */
async function orderAppVerdict(client: TestClient) {
  const required = (await client.get('/api/bestellen/betaling-vereist')).json();
  expect((await client.put('/api/bestellen/items-omzetten', VPS_M)).statusCode).toBe(200);
  const direct = await client.post('/api/bestellen', {});
  return { required, direct };
}

describe.each(databaseKinds)('who may order on account, on $name', (kind) => {
  let shop: TestShop;
  let app: FastifyInstance;
  let database: DatabaseHandle;
  useTestShop(kind, (ready) => ({ app, database } = shop = ready), { demoAccounts: true });

  const written = async (email: string) => {
    const customerId = await customerIdOf(database.db, email);
    const [orderRows, invoiceRows, mandates] = await Promise.all([
      database.db.select().from(orders).where(eq(orders.customerId, customerId)),
      database.db.select().from(invoices).where(eq(invoices.customerId, customerId)),
      database.db.select().from(directDebitMandates).where(eq(directDebitMandates.customerId, customerId)),
    ]);
    return { orders: orderRows.length, invoices: invoiceRows.length, mandates: mandates.length };
  };

  it('refuses a brand-new customer hosting on account or by direct debit, changes nothing, and offers only online payment', async () => {
    const email = `nieuw-${Date.now()}@example.nl`;
    const newcomer = await createActiveAccount(app, shop.mailer, email);
    const domain = await fillBasket(newcomer, { hosting: largest });
    const before = await basketCalls(newcomer).get();

    const onAccount = await purchase(newcomer, purchaseBody('MANUAL_PAYMENT'));
    expect(onAccount.statusCode, onAccount.body).toBe(403);
    expect(onAccount.json().message).toBe(
      'Deze bestelling wordt eerst online betaald. Op rekening of via automatische incasso bestellen kan zodra je een factuur bij ons hebt betaald.',
    );
    const byDebit = await purchase(newcomer, purchaseBody('AUTOMATIC_INCASSO', { directDebit: { iban: VALID_IBAN, accountHolder: 'Nieuwe Klant', mandateAccepted: true } }));
    expect(byDebit.statusCode, byDebit.body).toBe(403);
    await newcomer.get('/bestelprocedure?lang=en');
    expect((await purchase(newcomer, purchaseBody('MANUAL_PAYMENT'))).json().message).toBe(
      'This order is paid online first. Ordering on account or by direct debit is possible once you have paid an invoice with us.',
    );
    await newcomer.get('/bestelprocedure?lang=nl');

    expect(await written(email)).toEqual({ orders: 0, invoices: 0, mandates: 0 });
    expect(await basketCalls(newcomer).get()).toEqual(before);
    expect((await newcomer.get('/api/account/domeinen')).json()).toEqual([]);
    expect(await methodsOf(newcomer)).toEqual(['ONLINE']);

    // The order app says the same of this customer.
    const { required, direct } = await orderAppVerdict(newcomer);
    expect(required).toBe(true);
    expect(direct.statusCode).toBe(409);
    expect(await written(email)).toEqual({ orders: 0, invoices: 0, mandates: 0 });

    // Online payment stays open to them; the basket still holds the domain.
    expect((await basketCalls(newcomer).get()).items.map((item) => item.title)).toEqual([domain]);
  });

  it('does not count a confirmed order that nobody paid, nor a paid invoice of nothing (a free order)', async () => {
    const email = `onbetaald-${Date.now()}@example.nl`;
    const newcomer = await createActiveAccount(app, shop.mailer, email);
    const customerId = await customerIdOf(database.db, email);
    await insertTestOrder(database.db, { customerId, lines: [lineFixtures.vps()] });
    await fillBasket(newcomer);
    const refusedNow = async () => {
      expect((await purchase(newcomer, purchaseBody('MANUAL_PAYMENT'))).statusCode).toBe(403);
      expect(await methodsOf(newcomer)).toEqual(['ONLINE']);
      const { required, direct } = await orderAppVerdict(newcomer);
      expect(required).toBe(true);
      expect(direct.statusCode).toBe(409);
    };
    await refusedNow();
    // The test order's invoice totals nothing: marked paid, it still proves no payment.
    await database.db.update(invoices).set({ paidAt: new Date() }).where(eq(invoices.customerId, customerId));
    await refusedNow();
  });

  it('lets a customer who paid an invoice online order on account afterwards, in the shop and the order app alike', async () => {
    const email = `betaald-${Date.now()}@example.nl`;
    const customer = await createActiveAccount(app, shop.mailer, email);
    await fillBasket(customer, { hosting: null });
    const online = purchased(await purchase(customer, purchaseBody('ONLINE')));
    await payOnSimulator(customer, online.returnUrl, 'COMPLETED');
    await waitForJobs(app);

    expect(await methodsOf(customer)).toEqual(['ONLINE', 'MANUAL_PAYMENT', 'AUTOMATIC_INCASSO']);
    await fillBasket(customer, { hosting: largest });
    const onAccount = purchased(await purchase(customer, purchaseBody('MANUAL_PAYMENT')));
    expect((await orderOf(customer, onAccount.orderId)).paymentMethod).toBe('MANUAL_PAYMENT');
    const { required, direct } = await orderAppVerdict(customer);
    expect(required).toBe(false);
    expect(direct.statusCode, direct.body).toBe(200);
  });

  it('lets a customer staff approved order on account, and a reseller by contract', async () => {
    const email = `goedgekeurd-${Date.now()}@example.nl`;
    const customer = await createActiveAccount(app, shop.mailer, email);
    expect(await methodsOf(customer)).toEqual(['ONLINE']);
    await approveOnAccount(database.db, email);
    expect(await methodsOf(customer)).toEqual(['ONLINE', 'MANUAL_PAYMENT', 'AUTOMATIC_INCASSO']);
    await fillBasket(customer, { hosting: largest });
    expect(purchased(await purchase(customer, purchaseBody('MANUAL_PAYMENT'))).returnUrl).toMatch(/\/overzicht$/);
    const { required, direct } = await orderAppVerdict(customer);
    expect(required).toBe(false);
    expect(direct.statusCode, direct.body).toBe(200);

    const reseller = await loginAs(app, 'reseller@demo.kavel.nl');
    const methods = await reseller.post('/api/bestelprocedure/reseller/paymentMethods', {});
    expect(ZPaymentMethods.parse(methods.json()).map((method) => method.paymentMethod)).toEqual(['ONLINE', 'MANUAL_PAYMENT', 'AUTOMATIC_INCASSO']);
  });

  it('keeps the demo customer ordering on account', async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    expect(await methodsOf(bakery)).toEqual(['ONLINE', 'MANUAL_PAYMENT', 'AUTOMATIC_INCASSO']);
    await fillBasket(bakery);
    expect(purchased(await purchase(bakery, purchaseBody('MANUAL_PAYMENT'))).returnUrl).toMatch(/\/overzicht$/);
    expect((await bakery.get('/api/bestellen/betaling-vereist')).json()).toBe(false);
  });
});
