import { randomUUID } from 'node:crypto';
import { contracts, resellerApiContracts, ZApiKeyCreated } from '@kavel/core';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, domainOrderClaims, invoices, orderLines, orders, whoisHolders } from '../src/db/schema/index.ts';
import type { Services } from '../src/services.ts';
import { fillBasket, freshDomain, payLinkOf, payOnSimulator, purchase, purchaseBody } from './orders-helpers.ts';
import { heldRegistry } from './support/held-registry.ts';
import { holderForm } from './support/holders.ts';
import { approveOnAccount, basketCalls, createActiveAccount, customerIdOf, databaseKinds, loginAs, waitForJobs, useTestShop, type TestShop } from './support/index.ts';

const RESELLER = 'reseller@demo.kavel.nl';
/** The demo customer, made a reseller here: a second reseller with a key of its own. */
const OTHER_RESELLER = 'klant@demo.kavel.nl';
const PARALLEL = 10;

const claimedMessage = (domain: string) => `Voor de domeinnaam ${domain} loopt al een bestelling. Kies een andere naam of probeer het later nog eens.`;

describe.each(databaseKinds)('parallel orders for one name on $name', (kind) => {
  const registry = heldRegistry();
  let shop: TestShop;
  let app: FastifyInstance;
  let services: Services;
  useTestShop(kind, (ready) => ({ app, services } = shop = ready), { demoAccounts: true, app: { registry: registry.registry } });

  const keys = new Map<string, string>();
  beforeAll(async () => {
    await services.db.update(customers).set({ isReseller: true }).where(eq(customers.email, OTHER_RESELLER));
    for (const email of [RESELLER, OTHER_RESELLER]) {
      const created = await (await loginAs(app, email)).post(contracts.createApiKey.path, { name: 'bestellen', scopes: ['orders:write'] });
      keys.set(email, ZApiKeyCreated.parse(created.json()).secret);
    }
  });

  const apiOrder = (email: string, domain: string, language = 'nl') =>
    app.inject({
      method: 'POST',
      url: resellerApiContracts.resellerCreateOrder.path,
      headers: { authorization: `Bearer ${keys.get(email)}`, 'idempotency-key': randomUUID(), 'accept-language': language },
      payload: { domain, holder: holderForm({ forename: 'Parallel' }) },
    });

  /** The orders with a line for `domain`, and what was billed for them. */
  async function ordersFor(domain: string) {
    const rows = await services.db
      .selectDistinct({ id: orders.id, customerId: orders.customerId, status: orders.status, totalIncludeTax: orders.totalIncludeTax })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(eq(orderLines.title, domain));
    return rows;
  }
  const openInvoiceTotal = async (email: string) => {
    const customerId = await customerIdOf(services.db, email);
    const [row] = await services.db.select({ total: sql<number>`coalesce(sum(${invoices.totalIncludeTax}), 0)::int` }).from(invoices).where(eq(invoices.customerId, customerId));
    return row!.total;
  };
  const confirmationsOf = (orderId: number) => shop.mailer.messages.filter((mail) => mail.subject === `Bevestiging van je bestelling ${orderId}`);

  /** One accepted, the others refused with 409 and the message naming the domain. */
  function expectOneAccepted(answers: LightMyRequestResponse[], accepted: number, domain: string): LightMyRequestResponse {
    expect(answers.map((answer) => answer.statusCode).sort(), answers.map((answer) => answer.body).join('\n')).toEqual([accepted, ...Array<number>(PARALLEL - 1).fill(409)]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) expect(refused.json()).toMatchObject({ code: 'order_domain_claimed', message: claimedMessage(domain) });
    return answers.find((answer) => answer.statusCode === accepted)!;
  }

  /** Lets the held registrations go, runs the jobs, and checks the one order was delivered and confirmed once. */
  async function deliver(domain: string, orderId: number): Promise<void> {
    registry.release();
    await waitForJobs(app);
    expect((await ordersFor(domain)).find((order) => order.id === orderId)).toMatchObject({ status: 'FULFILLED' });
    expect(confirmationsOf(orderId)).toHaveLength(1);
    expect(shop.mailer.messages.filter((mail) => mail.subject.includes('kon niet worden uitgevoerd'))).toEqual([]);
    // Delivered: the domain guards the name now, the claim is gone.
    expect(await services.db.select().from(domainOrderClaims).where(eq(domainOrderClaims.name, domain))).toEqual([]);
  }

  it(`accepts one of ${PARALLEL} simultaneous API orders of one reseller for a free name, refuses the rest with 409, and bills and confirms one`, async () => {
    const domain = freshDomain('api-tegelijk');
    const resellerId = await customerIdOf(services.db, RESELLER);
    const holdersBefore = (await services.db.select().from(whoisHolders).where(eq(whoisHolders.customerId, resellerId))).length;
    const billedBefore = await openInvoiceTotal(RESELLER);
    registry.hold();

    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => apiOrder(RESELLER, domain)));

    const accepted = expectOneAccepted(answers, 201, domain).json();
    expect(accepted).toMatchObject({ status: 'CONFIRMED', domain });
    expect(await ordersFor(domain)).toEqual([expect.objectContaining({ id: accepted.orderId })]);
    expect(await openInvoiceTotal(RESELLER)).toBe(billedBefore + accepted.totalIncludeTax);
    // A refused order leaves no holder behind.
    expect((await services.db.select().from(whoisHolders).where(eq(whoisHolders.customerId, resellerId))).length).toBe(holdersBefore + 1);
    await deliver(domain, accepted.orderId);
  });

  it(`accepts one of ${PARALLEL} simultaneous API orders of two resellers for one name`, async () => {
    const domain = freshDomain('twee-resellers');
    const billed = new Map([RESELLER, OTHER_RESELLER].map((email) => [email, 0]));
    for (const email of billed.keys()) billed.set(email, await openInvoiceTotal(email));
    registry.hold();

    const callers = Array.from({ length: PARALLEL }, (_, i) => (i % 2 === 0 ? RESELLER : OTHER_RESELLER));
    const answers = await Promise.all(callers.map((email) => apiOrder(email, domain)));

    const winner = answers.findIndex((answer) => answer.statusCode === 201);
    const accepted = expectOneAccepted(answers, 201, domain).json();
    const [buyer, other] = callers[winner] === RESELLER ? [RESELLER, OTHER_RESELLER] : [OTHER_RESELLER, RESELLER];
    expect(await openInvoiceTotal(buyer)).toBe(billed.get(buyer)! + accepted.totalIncludeTax);
    expect(await openInvoiceTotal(other)).toBe(billed.get(other));
    await deliver(domain, accepted.orderId);
  });

  it(`accepts one of ${PARALLEL} customers purchasing one name at the same moment in the shop, and refuses a basket of several names naming the one`, async () => {
    const domain = freshDomain('winkel-tegelijk');
    const buyers = await Promise.all(
      Array.from({ length: PARALLEL }, async (_, i) => {
        const email = `koper-${i}-${randomUUID().slice(0, 6)}@example.nl`;
        const client = await createActiveAccount(app, shop.mailer, email);
        await approveOnAccount(services.db, email);
        await fillBasket(client, { domain, hosting: null });
        return client;
      }),
    );
    // One more customer with two names in the basket, one of them this one.
    const another = freshDomain('andere-naam');
    const bothEmail = `twee-namen-${randomUUID().slice(0, 6)}@example.nl`;
    const both = await createActiveAccount(app, shop.mailer, bothEmail);
    await approveOnAccount(services.db, bothEmail);
    await fillBasket(both, { domain: another, hosting: null });
    await fillBasket(both, { domain, hosting: null });
    registry.hold();

    const answers = await Promise.all(buyers.map((client) => purchase(client, purchaseBody('MANUAL_PAYMENT'))));

    const accepted = expectOneAccepted(answers, 200, domain).json();
    // The refused purchases wrote nothing: their baskets still hold the name.
    const refusedBuyer = buyers[answers.findIndex((answer) => answer.statusCode === 409)]!;
    expect((await basketCalls(refusedBuyer).get()).items.map((item) => item.title)).toEqual([domain]);
    const refused = await purchase(both, purchaseBody('MANUAL_PAYMENT'));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(claimedMessage(domain));
    expect(await ordersFor(another)).toEqual([]);
    expect(await services.db.select().from(domainOrderClaims).where(eq(domainOrderClaims.name, another))).toEqual([]);
    await deliver(domain, accepted.orderId);
  });

  it('lets an order awaiting payment hold its name until its payment is cancelled, and refuses its new payment once another order took the name', async () => {
    const domain = freshDomain('onbetaald');
    const payer = await createActiveAccount(app, shop.mailer, `betaler-${randomUUID().slice(0, 6)}@example.nl`);
    await fillBasket(payer, { domain, hosting: null });
    const { orderId, returnUrl } = (await purchase(payer, purchaseBody('ONLINE'))).json();

    const email = `wachter-${randomUUID().slice(0, 6)}@example.nl`;
    const waiter = await createActiveAccount(app, shop.mailer, email);
    await approveOnAccount(services.db, email);
    await fillBasket(waiter, { domain, hosting: null });
    const meanwhile = await purchase(waiter, purchaseBody('MANUAL_PAYMENT'));
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().message).toBe(claimedMessage(domain));

    expect((await payOnSimulator(payer, returnUrl, 'CANCELLED')).statusCode).toBe(303);
    registry.hold();
    const after = await purchase(waiter, purchaseBody('MANUAL_PAYMENT'));
    expect(after.statusCode, after.body).toBe(200);
    const again = await payLinkOf(payer, orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(claimedMessage(domain));
    await deliver(domain, after.json().orderId);
  });

  it('frees the name of an order left unpaid for a day', async () => {
    const domain = freshDomain('vergeten');
    const payer = await createActiveAccount(app, shop.mailer, `vergeten-${randomUUID().slice(0, 6)}@example.nl`);
    await fillBasket(payer, { domain, hosting: null });
    expect((await purchase(payer, purchaseBody('ONLINE'))).statusCode).toBe(200);
    expect(await services.orders.payments.releaseUnpaidClaims(new Date())).toBe(0);
    const refused = await apiOrder(RESELLER, domain, 'en');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'order_domain_claimed', message: `An order for the domain name ${domain} is already in progress. Choose another name or try again later.` });

    expect(await services.orders.payments.releaseUnpaidClaims(new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThanOrEqual(1);
    registry.hold();
    const accepted = await apiOrder(RESELLER, domain);
    expect(accepted.statusCode, accepted.body).toBe(201);
    await deliver(domain, accepted.json().orderId);
  });
});
