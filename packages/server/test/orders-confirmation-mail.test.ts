import { formatEuro } from '@kavel/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { customers, invoices, orders } from '../src/db/schema/index.ts';
import { fillBasket, payOnSimulator, purchase, purchaseBody, purchased } from './orders-helpers.ts';
import { extractLinks } from '../src/ports/mailer/extract-links.ts';
import { approveOnAccount, createActiveAccount, databaseKinds, testConfig, useTestShop, waitForJobs, type TestShop } from './support/index.ts';

describe.each(databaseKinds)('order confirmation mail on $name', (kind) => {
  let shop: TestShop;
  let app: FastifyInstance;
  let database: DatabaseHandle;
  useTestShop(kind, (ready) => ({ app, database } = shop = ready));

  /** The order confirmations `email` received so far (after the queue ran). */
  async function confirmationsTo(email: string) {
    await waitForJobs(app);
    return shop.mailer.messages.filter((message) => message.to === email && /bestelling|order/i.test(message.subject));
  }

  async function storedOrder(orderId: number) {
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.id, order!.invoiceId));
    return { order: order!, invoiceNumber: invoice!.number };
  }

  it('sends the buyer on account one confirmation with the order number, the lines, the totals, the payment method, the invoice and a link', async () => {
    const email = 'bevestiging@example.nl';
    const customer = await createActiveAccount(app, shop.mailer, email);
    await approveOnAccount(database.db, email);
    const domain = await fillBasket(customer);
    const { orderId } = purchased(await purchase(customer, purchaseBody('MANUAL_PAYMENT')));

    const mails = await confirmationsTo(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const { order, invoiceNumber } = await storedOrder(orderId);
    expect(mail!.subject).toBe(`Bevestiging van je bestelling ${orderId}`);
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain(String(orderId));
      expect(part).toContain(domain);
      expect(part).toContain('Op rekening');
      expect(part).toContain(invoiceNumber);
    }
    const euro = (cents: number) => formatEuro(cents, 'nl');
    expect(mail!.text).toContain(`Totaal excl. btw: ${euro(order.totalExcludeTax)}`);
    expect(mail!.text).toContain(`Totaal incl. btw: ${euro(order.totalIncludeTax)}`);
    expect(extractLinks(mail!.text)).toContain(`${testConfig.baseUrl}/bestellen/${orderId}/overzicht`);
  });

  it('sends one confirmation for a double-clicked purchase', async () => {
    const email = 'dubbelklik-mail@example.nl';
    const customer = await createActiveAccount(app, shop.mailer, email);
    await approveOnAccount(database.db, email);
    await fillBasket(customer);
    const body = purchaseBody('MANUAL_PAYMENT');
    const answers = await Promise.all([purchase(customer, body), purchase(customer, body)]);
    const [first, second] = answers.map(purchased);
    expect(second!.orderId).toBe(first!.orderId);

    const mails = await confirmationsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(String(first!.orderId));
  });

  it('sends nothing while an online order awaits payment, and one confirmation when it is paid', async () => {
    const email = 'online-mail@example.nl';
    const customer = await createActiveAccount(app, shop.mailer, email);
    await fillBasket(customer);
    const { orderId, returnUrl } = purchased(await purchase(customer, purchaseBody('ONLINE')));
    expect(await confirmationsTo(email)).toEqual([]);

    expect((await payOnSimulator(customer, returnUrl, 'COMPLETED')).statusCode).toBe(303);
    const mails = await confirmationsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Bevestiging van je bestelling ${orderId}`);
    expect(mails[0]!.text).toContain('Online betalen');

    // The provider's page again, and its return again: already paid, nothing new is sent.
    await customer.get(new URL(returnUrl).pathname);
    expect(await confirmationsTo(email)).toHaveLength(1);
  });

  it('writes to an English customer in English', async () => {
    const email = 'english-order@example.nl';
    const customer = await createActiveAccount(app, shop.mailer, email);
    await approveOnAccount(database.db, email);
    await database.db.update(customers).set({ language: 'en' }).where(eq(customers.email, email));
    await fillBasket(customer);
    const { orderId } = purchased(await purchase(customer, purchaseBody('MANUAL_PAYMENT')));

    const mails = await confirmationsTo(email);
    expect(mails).toHaveLength(1);
    const { order } = await storedOrder(orderId);
    expect(mails[0]!.subject).toBe(`Confirmation of your order ${orderId}`);
    expect(mails[0]!.text).toContain('On account');
    expect(mails[0]!.text).toContain(`Total incl. VAT: ${formatEuro(order.totalIncludeTax, 'en')}`);
    expect(mails[0]!.html).toContain('<html lang="en">');
    expect(mails[0]!.text).not.toContain('Bestelnummer');
  });
});
