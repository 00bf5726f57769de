import { randomUUID } from 'node:crypto';
import { contracts, formatEuro, pathOf, resellerApiContracts, ZApiKeyCreated, ZInvoiceSummary } from '@kavel/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { domainOrderClaims, invoices, orders } from '../src/db/schema/index.ts';
import type { Services } from '../src/services.ts';
import { fillBasket, freshDomain, payOnSimulator, purchase, purchaseBody, purchased } from './orders-helpers.ts';
import { heldRegistry } from './support/held-registry.ts';
import { holderForm } from './support/holders.ts';
import { createActiveAccount, databaseKinds, loginAs, waitForJobs, useTestShop, type TestShop } from './support/index.ts';

const RESELLER = 'reseller@demo.kavel.nl';

describe.each(databaseKinds)('an order that fails in fulfilment is credited and the customer told, on $name', (kind) => {
  const registry = heldRegistry();
  let shop: TestShop;
  let app: FastifyInstance;
  let services: Services;
  useTestShop(kind, (ready) => ({ app, services } = shop = ready), { demoAccounts: true, app: { registry: registry.registry } });

  let key: string;
  beforeAll(async () => {
    const created = await (await loginAs(app, RESELLER)).post(contracts.createApiKey.path, { name: 'bestellen', scopes: ['orders:write'] });
    key = ZApiKeyCreated.parse(created.json()).secret;
  });

  const apiOrder = (body: object) =>
    app.inject({ method: 'POST', url: resellerApiContracts.resellerCreateOrder.path, headers: { authorization: `Bearer ${key}`, 'idempotency-key': randomUUID() }, payload: body });
  const storedOrder = async (orderId: number) => (await services.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  const storedInvoice = async (invoiceId: number) => (await services.db.select().from(invoices).where(eq(invoices.id, invoiceId)))[0]!;
  const failureMails = (orderId: number) => shop.mailer.messages.filter((mail) => mail.subject === `Je bestelling ${orderId} kon niet worden uitgevoerd`);

  it('takes a failed order on account off the open invoice with a line that says why, mails the customer once, and frees the name', async () => {
    const answer = await apiOrder({ domain: 'google.com', transferCode: 'ONGELDIG-1', holder: holderForm() });
    expect(answer.statusCode, answer.body).toBe(201);
    const { orderId } = answer.json();
    const placed = await storedOrder(orderId);
    const billed = await storedInvoice(placed.invoiceId);
    expect(billed.closed).toBe(false);

    await waitForJobs(app);
    const failed = await storedOrder(orderId);
    expect(failed).toMatchObject({ status: 'FULFILMENT_FAILED', creditInvoiceId: placed.invoiceId, creditedAt: expect.any(Date) });
    const invoice = await storedInvoice(placed.invoiceId);
    expect(invoice.totalIncludeTax).toBe(billed.totalIncludeTax - placed.totalIncludeTax);
    expect(invoice.totalExcludeTax).toBe(billed.totalExcludeTax - placed.totalExcludeTax);
    expect(invoice.totalTax).toBe(billed.totalTax - placed.totalTax);

    const mails = failureMails(orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(RESELLER);
    expect(mails[0]!.text).toContain(`de ${formatEuro(placed.totalIncludeTax, 'nl')} staat niet meer op je openstaande factuur ${invoice.number}`);
    expect(mails[0]!.text).toContain('google.com');

    const page = await (await loginAs(app, RESELLER)).get(pathOf(contracts.invoicePage, { id: invoice.id }));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Creditering bestelling ${orderId}`);
    expect(page.body).toContain(`- ${formatEuro(placed.totalExcludeTax, 'nl')}`);

    // Failed once, credited once: running it again changes nothing and mails nothing.
    expect(await services.fulfilment.fulfil(orderId)).toBe('FULFILMENT_FAILED');
    await waitForJobs(app);
    expect(failureMails(orderId)).toHaveLength(1);
    expect((await storedInvoice(placed.invoiceId)).totalIncludeTax).toBe(invoice.totalIncludeTax);
    // Its name is free for a new order.
    expect(await services.db.select().from(domainOrderClaims).where(eq(domainOrderClaims.orderId, orderId))).toEqual([]);
    const again = await apiOrder({ domain: 'google.com', transferCode: 'AUTH-GOED-1', holder: holderForm() });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('credits a paid online order that fails with a credit note of its own, which says the amount is refunded', async () => {
    const email = `mislukt-${randomUUID().slice(0, 6)}@example.nl`;
    const customer = await createActiveAccount(app, shop.mailer, email);
    const domain = freshDomain('mislukt');
    registry.refuse(domain);
    await fillBasket(customer, { domain });
    const { orderId, returnUrl } = purchased(await purchase(customer, purchaseBody('ONLINE')));
    expect((await payOnSimulator(customer, returnUrl, 'COMPLETED')).statusCode).toBe(303);
    await waitForJobs(app);

    const failed = await storedOrder(orderId);
    expect(failed.status).toBe('FULFILMENT_FAILED');
    const original = await storedInvoice(failed.invoiceId);
    expect(original).toMatchObject({ closed: true, paidAt: expect.any(Date), totalIncludeTax: failed.totalIncludeTax });
    const note = await storedInvoice(failed.creditInvoiceId!);
    expect(note).toMatchObject({
      customerId: failed.customerId,
      closed: true,
      correctsInvoiceId: original.id,
      totalExcludeTax: -failed.totalExcludeTax,
      totalTax: -failed.totalTax,
      totalIncludeTax: -failed.totalIncludeTax,
    });
    expect(note.sequence).toBeGreaterThan(original.sequence);

    const [mail, ...more] = failureMails(orderId);
    expect(more).toEqual([]);
    expect(mail!.to).toBe(email);
    expect(mail!.text).toContain(`creditfactuur ${note.number} bij factuur ${original.number}`);
    expect(mail!.text).toContain(`we storten de ${formatEuro(failed.totalIncludeTax, 'nl')} terug`);

    const listed = ZInvoiceSummary.array().parse((await customer.get(contracts.invoices.path)).json());
    expect(listed.find((invoice) => invoice.id === note.id)).toMatchObject({ number: note.number, totalIncludeTax: -failed.totalIncludeTax, correctsNumber: original.number });
    expect(listed.find((invoice) => invoice.id === original.id)).toMatchObject({ number: original.number, correctsNumber: null });
    const page = await customer.get(pathOf(contracts.invoicePage, { id: note.id }));
    expect(page.body).toContain('<h1>Creditfactuur</h1>');
    expect(page.body).toContain(`Deze creditfactuur corrigeert factuur ${original.number}, die al betaald is`);
    expect(page.body).toContain(`Creditering bestelling ${orderId}`);
  });
});
