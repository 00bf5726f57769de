import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillBasket, pathOf, paymentStatusOf, payOnSimulator, purchase, purchaseBody, purchased } from './orders-helpers.ts';
import { buildTestApp, createActiveAccount, databaseKinds, TestClient, useTestShop, type TestShop } from './support/index.ts';

/** The same visitor (the same cookies) on another instance of the shop. */
function onInstance(client: TestClient, app: FastifyInstance): TestClient {
  const moved = new TestClient(app);
  for (const [name, value] of client.cookies) moved.cookies.set(name, value);
  return moved;
}

/**
 * The simulated payment provider keeps its attempts and signing key in the database: a payment
 * page opened on one process is completed on another, and survives a restart.
 */
describe.each(databaseKinds)('simulated payment across instances on $name', (kind) => {
  let shop: TestShop;
  let second: FastifyInstance;
  const opened: FastifyInstance[] = [];
  useTestShop(kind, (ready) => (shop = ready));
  beforeAll(async () => {
    second = await buildTestApp(shop.database);
    opened.push(second);
  });
  afterAll(async () => {
    for (const app of opened) await app.close();
  });

  async function onlineOrder(email: string) {
    const customer = await createActiveAccount(shop.app, shop.mailer, email);
    await fillBasket(customer);
    const answer = purchased(await purchase(customer, purchaseBody('ONLINE')));
    return { customer, ...answer };
  }

  it('completes on a second instance a payment page opened on the first', async () => {
    const { customer, orderId, returnUrl } = await onlineOrder('twee-processen@example.nl');
    expect((await customer.get(pathOf(returnUrl))).statusCode).toBe(200);
    const elsewhere = onInstance(customer, second);
    const back = await payOnSimulator(elsewhere, returnUrl, 'COMPLETED');
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/bestellen/${orderId}/betalingsstatus`);
    expect(await paymentStatusOf(customer, orderId)).toBe('COMPLETED');
    expect(await paymentStatusOf(elsewhere, orderId)).toBe('COMPLETED');
  });

  it('still serves an open payment page after a restart', async () => {
    const { customer, orderId, returnUrl } = await onlineOrder('na-herstart@example.nl');
    // A new instance on the same database: the adapter starts from what the database holds.
    const restarted = await buildTestApp(shop.database);
    opened.push(restarted);
    const back = await payOnSimulator(onInstance(customer, restarted), returnUrl, 'CANCELLED');
    expect(back.headers.location).toBe(`/bestellen/${orderId}/betalingsstatus`);
    expect(await paymentStatusOf(customer, orderId)).toBe('CANCELLED');
  });
});
