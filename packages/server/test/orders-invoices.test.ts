import { formatEuro, ZInvoiceSummary } from '@kavel/core';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { invoices } from '../src/db/schema/index.ts';
import { createInvoiceService } from '../src/features/orders/invoice-service.ts';
import { fillBasket, orderOf, purchase, purchaseBody, purchased, VALID_IBAN } from './orders-helpers.ts';
import { JOBS } from '../src/jobs/queues.ts';
import { SCHEDULES } from '../src/roles/worker.ts';
import { approveOnAccount, createActiveAccount, databaseKinds, jobsOf, LONG_SESSIONS, TestClient, useTestShop, waitForJobs, type TestShop } from './support/index.ts';

const invoiceList = async (client: TestClient) => z.array(ZInvoiceSummary).parse((await client.get('/api/account/facturen')).json());

describe.each(databaseKinds)('invoices on $name', (kind) => {
  let shop: TestShop;
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let clock = new Date('2026-01-10T10:00:00Z');
  // Sessions would expire over the months the clock moves.
  useTestShop(kind, (ready) => ({ app, database } = shop = ready), { app: { now: () => clock, config: { sessions: LONG_SESSIONS } } });

  it('numbers invoices without gaps or doubles when 30 customers order at the same moment', async () => {
    const methods = ['ONLINE', 'MANUAL_PAYMENT', 'AUTOMATIC_INCASSO'] as const;
    const customers: TestClient[] = [];
    for (let n = 0; n < 30; n++) {
      const customer = await createActiveAccount(app, shop.mailer, `tegelijk${n}@example.nl`);
      await approveOnAccount(database.db, `tegelijk${n}@example.nl`);
      await fillBasket(customer);
      customers.push(customer);
    }
    const answers = await Promise.all(
      customers.map((customer, n) => {
        const method = methods[n % 3]!;
        const directDebit = method === 'AUTOMATIC_INCASSO' ? { directDebit: { iban: VALID_IBAN, accountHolder: `Klant ${n}`, mandateAccepted: true } } : {};
        return purchase(customer, purchaseBody(method, directDebit));
      }),
    );
    answers.forEach(purchased);

    const rows = await database.db.select().from(invoices).orderBy(asc(invoices.sequence));
    expect(rows.map((row) => row.sequence)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    expect(rows.map((row) => row.number)).toEqual(Array.from({ length: 30 }, (_, index) => `2026-${String(index + 1).padStart(6, '0')}`));
    // Every order got its own invoice: each customer has exactly one.
    expect(new Set(rows.map((row) => row.customerId)).size).toBe(30);
  });

  it("collects a month's orders on account on one open invoice, gives online orders their own, and closes it when a new month's order comes", async () => {
    clock = new Date('2026-01-12T09:00:00Z');
    const customer = await createActiveAccount(app, shop.mailer, 'maandfactuur@example.nl', { companyName: '<b>Bakker & "Zn"</b>' });
    await approveOnAccount(database.db, 'maandfactuur@example.nl');
    await fillBasket(customer);
    const first = await orderOf(customer, purchased(await purchase(customer, purchaseBody('MANUAL_PAYMENT'))).orderId);
    expect(first.closed).toBe(false);

    clock = new Date('2026-01-31T22:30:00Z'); // still January in Amsterdam (23:30)
    await fillBasket(customer, { hosting: null });
    const second = await orderOf(customer, purchased(await purchase(customer, purchaseBody('MANUAL_PAYMENT'))).orderId);
    expect(second).toMatchObject({ closed: false, invoiceId: first.invoiceId, invoiceNumber: first.invoiceNumber });

    await fillBasket(customer, { hosting: null });
    const online = await orderOf(customer, purchased(await purchase(customer, purchaseBody('ONLINE'))).orderId);
    expect(online.closed).toBe(true);
    expect(online.invoiceId).not.toBe(first.invoiceId);

    let list = await invoiceList(customer);
    const open = list.find((invoice) => invoice.id === first.invoiceId)!;
    expect(open).toMatchObject({ closed: false, paid: false, totalIncludeTax: first.amount.value + second.amount.value, totalExcludeTax: first.totalExcludeTax + second.totalExcludeTax });

    clock = new Date('2026-01-31T23:30:00Z'); // 1 February in Amsterdam
    await fillBasket(customer, { hosting: null });
    const february = await orderOf(customer, purchased(await purchase(customer, purchaseBody('MANUAL_PAYMENT'))).orderId);
    expect(february.closed).toBe(false);
    expect(february.invoiceId).not.toBe(first.invoiceId);

    list = await invoiceList(customer);
    expect(list.map((invoice) => invoice.id)).toEqual([february.invoiceId, online.invoiceId, first.invoiceId]);
    expect(list.map((invoice) => invoice.closed)).toEqual([false, true, true]);
    expect(list[0]!.date).toBe('2026-02-01');
    expect(list[2]!.totalIncludeTax).toBe(first.amount.value + second.amount.value);

    // The printable invoice: seller, addressee (escaped), both January orders, the totals.
    const page = await customer.get(`/account/facturen/${first.invoiceId}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(String(page.headers['content-security-policy'])).not.toContain('unsafe-inline');
    const html = page.body;
    for (const text of ['Kavel B.V.', 'KvK 81234567', 'Btw-nummer NL862345678B01', first.invoiceNumber, 'Anna de Boer', 'Damrak 12 A', '1012 LG Amsterdam', 'Nederland']) {
      expect(html).toContain(text);
    }
    expect(html).toContain('&lt;b&gt;Bakker &amp; &quot;Zn&quot;&lt;/b&gt;');
    expect(html).not.toContain('<b>Bakker');
    expect(html).not.toMatch(/<script|style=/);
    expect(html).toContain(`Bestelling ${first.id} `);
    expect(html).toContain(`Bestelling ${second.id} `);
    expect(html).not.toContain(`Bestelling ${online.id} `);
    expect(html).toContain('Btw 21%');
    for (const cents of [first.totalExcludeTax + second.totalExcludeTax, first.totalTax + second.totalTax, first.amount.value + second.amount.value]) {
      expect(html).toContain(formatEuro(cents, 'nl').replace(/&/g, '&amp;'));
    }
    const css = await customer.get('/account/facturen/factuur.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);

    // Without a later order, February's invoice is still issued once February is over.
    const book = createInvoiceService(database.db);
    await book.closeEndedMonths(new Date('2026-02-28T22:59:00Z')); // closes January's of the other customers
    expect((await invoiceList(customer))[0]).toMatchObject({ id: february.invoiceId, closed: false });
    expect(await book.closeEndedMonths(new Date('2026-02-28T23:00:00Z'))).toBe(1);
    expect((await invoiceList(customer))[0]).toMatchObject({ id: february.invoiceId, closed: true, date: '2026-03-01' });
  });

  it("issues a month's open invoice by the worker's hourly job once the month is over, and not before", async () => {
    clock = new Date('2026-04-20T10:00:00Z');
    const customer = await createActiveAccount(app, shop.mailer, 'uurtaak@example.nl');
    await approveOnAccount(database.db, 'uurtaak@example.nl');
    await fillBasket(customer);
    const april = await orderOf(customer, purchased(await purchase(customer, purchaseBody('MANUAL_PAYMENT'))).orderId);
    const issued = async () => (await invoiceList(customer)).find((invoice) => invoice.id === april.invoiceId)?.closed;
    const runHourlyJob = async () => {
      await jobsOf(app).enqueue(JOBS.closeInvoices, {}, {});
      await waitForJobs(app);
    };

    clock = new Date('2026-04-30T21:59:00Z'); // 23:59 on 30 April in Amsterdam
    await runHourlyJob();
    expect(await issued()).toBe(false);

    clock = new Date('2026-04-30T22:01:00Z'); // 1 May in Amsterdam
    await runHourlyJob();
    expect(await issued()).toBe(true);
    expect(SCHEDULES[JOBS.closeInvoices]).toBe('1 * * * *');
  });

  it("shows an invoice to its customer only: someone else's is 404, a visitor goes to the login page", async () => {
    const owner = await createActiveAccount(app, shop.mailer, 'eigenaar-factuur@example.nl');
    await approveOnAccount(database.db, 'eigenaar-factuur@example.nl');
    await fillBasket(owner);
    const order = await orderOf(owner, purchased(await purchase(owner, purchaseBody('MANUAL_PAYMENT'))).orderId);
    const other = await createActiveAccount(app, shop.mailer, 'nieuwsgierig@example.nl');
    const foreign = await other.get(`/account/facturen/${order.invoiceId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(order.invoiceNumber);
    expect((await other.get('/account/facturen/999999')).statusCode).toBe(404);
    expect(await invoiceList(other)).toEqual([]);
    const visitor = new TestClient(app);
    const anonymous = await visitor.get(`/account/facturen/${order.invoiceId}`);
    expect(anonymous.statusCode).toBe(303);
    expect(anonymous.headers.location).toBe('/bestellen/inloggen');
    expect((await visitor.get('/api/account/facturen')).statusCode).toBe(401);
  });

  it('starts the numbers again at 1 in a new (Dutch) year', async () => {
    clock = new Date('2026-12-31T23:30:00Z'); // 00:30 on 1 January 2027 in Amsterdam
    const customer = await createActiveAccount(app, shop.mailer, 'nieuwjaar@example.nl');
    await fillBasket(customer);
    const order = await orderOf(customer, purchased(await purchase(customer, purchaseBody('ONLINE'))).orderId);
    expect(order.invoiceNumber).toBe('2027-000001');
  });
});
