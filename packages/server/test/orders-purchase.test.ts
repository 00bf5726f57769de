import { ZMandateState, ZWhoisList } from '@kavel/core';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { directDebitMandates, orderLines, orders } from '../src/db/schema/index.ts';
import { fillBasket, freshDomain, orderOf, purchase, purchaseBody, purchased, SIMULATED_PAGE_URL, VALID_IBAN } from './orders-helpers.ts';
import { approveOnAccount, basketCalls, basketFrom, createActiveAccount, customerIdOf, databaseKinds, loginAs, products, TestClient, useTestShop, waitForJobs, type TestShop } from './support/index.ts';

describe.each(databaseKinds)('purchase on $name', (kind) => {
  let shop: TestShop;
  let app: FastifyInstance;
  let database: DatabaseHandle;
  useTestShop(kind, (ready) => ({ app, database } = shop = ready), { demoAccounts: true });

  const ordersOf = async (email: string) =>
    database.db
      .select()
      .from(orders)
      .where(eq(orders.customerId, await customerIdOf(database.db, email)))
      .orderBy(asc(orders.id));

  it('refuses a visitor (401), a sub-user (403), a purchase without the terms or a request id (400), and changes nothing', async () => {
    const visitor = new TestClient(app);
    await fillBasket(visitor);
    expect((await purchase(visitor, purchaseBody('MANUAL_PAYMENT'))).statusCode).toBe(401);

    const subUser = await loginAs(app, 'medewerker@demo.kavel.nl');
    await fillBasket(subUser);
    const refused = await purchase(subUser, purchaseBody('MANUAL_PAYMENT'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/subgebruiker/);
    expect(await ordersOf('medewerker@demo.kavel.nl')).toEqual([]);

    const customer = await createActiveAccount(app, shop.mailer, 'voorwaarden@example.nl');
    await fillBasket(customer);
    const noTerms = await purchase(customer, purchaseBody('MANUAL_PAYMENT', { termsAccepted: false }));
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json().fieldErrors.termsAccepted).toBe('Ga akkoord met de algemene voorwaarden.');
    expect((await purchase(customer, purchaseBody('MANUAL_PAYMENT', { requestId: 'nope' }))).statusCode).toBe(400);
    expect((await purchase(customer, purchaseBody('CREDIT_CARD' as never))).statusCode).toBe(400);
    const withoutToken = await customer.post('/bestelprocedure/purchase', purchaseBody('MANUAL_PAYMENT'), { csrf: false });
    expect(withoutToken.statusCode).toBe(403);
    expect(await ordersOf('voorwaarden@example.nl')).toEqual([]);
    expect((await basketCalls(customer).get()).items).toHaveLength(1);
  });

  it('places an order paid on account: confirmed, on an open invoice, priced as the basket was, and empties the basket', async () => {
    const customer = await createActiveAccount(app, shop.mailer, 'oprekening@example.nl');
    await approveOnAccount(database.db, 'oprekening@example.nl');
    const domain = await fillBasket(customer);
    await basketCalls(customer).call('applyDiscountCode', { code: 'WELKOM10' });
    const basket = await basketCalls(customer).get();
    const answer = purchased(await purchase(customer, purchaseBody('MANUAL_PAYMENT')));
    expect(answer.returnUrl).toBe(`/bestellen/${answer.orderId}/overzicht`);

    const order = await orderOf(customer, answer.orderId);
    expect(order).toMatchObject({
      paymentMethod: 'MANUAL_PAYMENT',
      closed: false,
      period: 'YEARLY',
      administrativeCost: 0,
      totalExcludeTax: basket.totalPricePerPeriodExcludeTax,
      totalTax: basket.totalTaxPricePerPeriod,
      amount: { value: basket.totalPricePerPeriodIncludeTax, currency: 'EUR' },
      item: { type: 'domain', title: domain, productName: '.nl' },
      lastPaymentStatus: null,
    });
    // Fulfilment is the worker's job, written with the order: once it ran, the domain and its hosting are the customer's.
    await waitForJobs(app);
    expect((await orderOf(customer, answer.orderId)).status).toBe('FULFILLED');
    expect((await customer.get('/api/account/domeinen')).json()).toEqual([expect.objectContaining({ name: domain, hasHosting: true })]);
    expect((await customer.get('/api/account/hostingpakketten')).json()).toEqual([expect.objectContaining({ domain, productCode: products.basic.productCode, status: 'active' })]);
    expect(order.invoiceNumber).toMatch(/^\d{4}-\d{6}$/);
    expect(order.lines.map((line) => [line.productType, line.domain, line.price])).toEqual([
      ['DOMAIN', domain, products.nl.discountedPrice],
      ['LINUX_PACKAGE', domain, basket.items[0]!.connectedItem[0]!.discountedPricePerPeriod],
    ]);

    const after = await basketCalls(customer).get();
    expect(after.empty).toBe(true);
    expect(after.discountCode).toBeNull();
    const invoices = (await customer.get('/api/account/facturen')).json();
    expect(invoices).toEqual([expect.objectContaining({ id: order.invoiceId, number: order.invoiceNumber, closed: false, paid: false, totalIncludeTax: order.amount.value })]);
  });

  it('charges the administration fee on account only when the order holds no new product', async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    // The customer's own domain with a package upgrade: nothing new, so the fee applies.
    const entry = await bakery.postForm('/account/webhosting-toevoegen', { domain: 'goudenkorst.nl', productId: String(products.basic.productId), productCode: products.basic.productCode });
    expect(entry.statusCode).toBe(303);
    const basket = await basketCalls(bakery).get();
    const answer = purchased(await purchase(bakery, purchaseBody('MANUAL_PAYMENT')));
    const order = await orderOf(bakery, answer.orderId);
    expect(order.administrativeCost).toBe(195);
    expect(order.totalExcludeTax).toBe(basket.totalPricePerPeriodExcludeTax + 195);
    expect(order.totalTax).toBe(Math.round((order.totalExcludeTax * 21) / 100));
    expect(order.item).toMatchObject({ type: 'hosting', title: 'goudenkorst.nl', productName: products.basic.productName });
  });

  it('needs a direct-debit mandate once: 400 with field errors without one, then stores it with the order', async () => {
    const customer = await createActiveAccount(app, shop.mailer, 'incasso@example.nl');
    await approveOnAccount(database.db, 'incasso@example.nl');
    expect(ZMandateState.parse((await customer.get('/api/bestelprocedure/directDebitMandate')).json())).toEqual({ hasMandate: false, ibanMasked: null });
    await fillBasket(customer);

    const missing = await purchase(customer, purchaseBody('AUTOMATIC_INCASSO'));
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fieldErrors)).toEqual(['directDebit.iban', 'directDebit.accountHolder', 'directDebit.mandateAccepted']);
    const badIban = await purchase(customer, purchaseBody('AUTOMATIC_INCASSO', { directDebit: { iban: 'NL91 ABNA 0417 1643 01', accountHolder: 'A. de Boer', mandateAccepted: true } }));
    expect(badIban.statusCode).toBe(400);
    expect(badIban.json().fieldErrors['directDebit.iban']).toMatch(/IBAN/);
    const notAccepted = await purchase(customer, purchaseBody('AUTOMATIC_INCASSO', { directDebit: { iban: VALID_IBAN, accountHolder: 'A. de Boer', mandateAccepted: false } }));
    expect(notAccepted.json().fieldErrors['directDebit.mandateAccepted']).toBeDefined();
    expect(await ordersOf('incasso@example.nl')).toEqual([]);
    expect((await basketCalls(customer).get()).empty).toBe(false);

    const answer = purchased(await purchase(customer, purchaseBody('AUTOMATIC_INCASSO', { directDebit: { iban: VALID_IBAN, accountHolder: 'A. de Boer', mandateAccepted: true } })));
    expect(answer.returnUrl).toBe(`/bestellen/${answer.orderId}/overzicht`);
    await waitForJobs(app);
    expect(await orderOf(customer, answer.orderId)).toMatchObject({ paymentMethod: 'AUTOMATIC_INCASSO', status: 'FULFILLED', closed: true, administrativeCost: 0 });
    expect((await customer.get('/api/bestelprocedure/directDebitMandate')).json()).toEqual({ hasMandate: true, ibanMasked: 'NL91 **** 4300' });
    const customerId = await customerIdOf(database.db, 'incasso@example.nl');
    expect(await database.db.select().from(directDebitMandates).where(eq(directDebitMandates.customerId, customerId))).toEqual([
      expect.objectContaining({ iban: 'NL91ABNA0417164300', accountHolder: 'A. de Boer', reference: `KAVEL-${customerId}-1` }),
    ]);

    // The next direct-debit order uses the stored mandate.
    await fillBasket(customer, { hosting: null });
    expect((await purchase(customer, purchaseBody('AUTOMATIC_INCASSO'))).statusCode).toBe(200);
    expect(await ordersOf('incasso@example.nl')).toHaveLength(2);
  });

  it('announces an online order to the payment provider and answers its page', async () => {
    const customer = await createActiveAccount(app, shop.mailer, 'online@example.nl');
    await fillBasket(customer);
    const answer = purchased(await purchase(customer, purchaseBody('ONLINE')));
    expect(answer.returnUrl).toMatch(SIMULATED_PAGE_URL);
    const order = await orderOf(customer, answer.orderId);
    expect(order).toMatchObject({ status: 'AWAITING_PAYMENT', paymentMethod: 'ONLINE', closed: true, lastPaymentStatus: 'ANNOUNCED' });
    // Nothing is delivered before it is paid.
    expect((await customer.get('/api/account/domeinen')).json()).toEqual([]);
    expect((await customer.get(`/api/bestellen/${answer.orderId}/betalingsstatus`)).json()).toEqual({ lastOmnikassaStatus: 'ANNOUNCED' });
    expect((await customer.get('/api/account/facturen')).json()).toEqual([expect.objectContaining({ closed: true, paid: false })]);
  });

  it("snapshots the holder per domain: the request's choice over the basket's, the customer's own data for null; someone else's holder is 404", async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const holders = ZWhoisList.parse((await bakery.get('/api/account/whois')).json());
    const [webshop, private_] = holders.custom;
    const chosenInRequest = await fillBasket(bakery, { hosting: null });
    const chosenInBasket = await fillBasket(bakery, { hosting: null });
    const standard = await fillBasket(bakery, { hosting: null });
    const inBasket = await basketCalls(bakery).domain(chosenInBasket);
    basketFrom(await basketCalls(bakery).call('setDomainHolder', { unique: inBasket.unique, customWhoisId: private_!.id }));

    const reseller = await loginAs(app, 'reseller@demo.kavel.nl');
    const resellerHolderForm = { isCompany: false, gender: 'M', forename: 'Joost', surname: 'Bakker', street: 'Oudegracht', houseNumber: '120' };
    const created = await reseller.post('/api/account/whois', { ...resellerHolderForm, postcode: '3511 AX', city: 'Utrecht', country: 'NL', phone: '+31 30 765 4321', email: 'joost@example.nl' });
    const resellerHolder = created.json().id as number;
    const foreign = await purchase(bakery, purchaseBody('MANUAL_PAYMENT', { customWhois: [{ domain: chosenInRequest, customWhoisId: resellerHolder }] }));
    expect(foreign.statusCode).toBe(404);
    expect((await basketCalls(bakery).get()).items).toHaveLength(3);

    const selection = JSON.stringify([{ domain: chosenInRequest.toUpperCase(), customWhoisId: webshop!.id }]);
    const answer = purchased(await purchase(bakery, purchaseBody('MANUAL_PAYMENT', { customWhois: selection })));
    const lines = await database.db.select().from(orderLines).where(eq(orderLines.orderId, answer.orderId)).orderBy(asc(orderLines.position));
    const holderOf = (domain: string) => lines.find((line) => line.title === domain)!.holder;
    expect(holderOf(chosenInRequest)).toMatchObject({ customWhoisId: webshop!.id, company: 'De Gouden Korst Webshop B.V.', email: 'webshop@goudenkorst.example' });
    expect(holderOf(chosenInBasket)).toMatchObject({ customWhoisId: private_!.id, company: '' });
    expect(holderOf(standard)).toEqual({
      customWhoisId: null,
      company: 'Bakkerij De Gouden Korst',
      forename: 'Femke',
      surname: 'de Vries',
      street: 'Prinsengracht',
      houseNumber: '263',
      houseNumberAdd: '',
      postcode: '1016 GV',
      city: 'Amsterdam',
      country: 'NL',
      phone: '+31 20 123 4567',
      email: 'klant@demo.kavel.nl',
    });
  });

  it('keeps the transfer code and the redirect on the domain line', async () => {
    const customer = await createActiveAccount(app, shop.mailer, 'verhuizer@example.nl');
    await approveOnAccount(database.db, 'verhuizer@example.nl');
    const calls = basketCalls(customer);
    const transfer = basketFrom(await calls.addDomain(products.com, 'google.com')).items.find((item) => item.title === 'google.com')!;
    expect(transfer.productType).toBe('DOMAIN_TRANSFER');
    basketFrom(await calls.call('setServiceType', { unique: transfer.unique, serviceType: 'REGISTRATION_ONLY' }));
    basketFrom(await calls.addChild(transfer.unique, products.transferCode, { value: 'GEHEIM-123' }));
    basketFrom(await calls.call('setTransferOptions', { unique: transfer.unique, ownerConfirmed: true, transferDnsLater: false, dnsProfileId: null }));
    const redirected = await fillBasket(customer, { hosting: null });
    const item = await calls.domain(redirected);
    basketFrom(await calls.addChild(item.unique, products.redirect, { value: 'https://www.example.nl/' }));

    const answer = purchased(await purchase(customer, purchaseBody('MANUAL_PAYMENT')));
    const lines = await database.db.select().from(orderLines).where(eq(orderLines.orderId, answer.orderId)).orderBy(asc(orderLines.position));
    expect(lines.find((line) => line.title === 'google.com')!.options).toMatchObject({ transferCode: 'GEHEIM-123', ownerConfirmed: true, serviceType: 'REGISTRATION_ONLY' });
    expect(lines.find((line) => line.title === redirected)!.options).toMatchObject({ redirectUrl: 'https://www.example.nl/', serviceType: 'REDIRECT' });
    // The summary names the product, never the code itself.
    const order = await orderOf(customer, answer.orderId);
    expect(JSON.stringify(order)).not.toContain('GEHEIM-123');
    // A transfer code is no product bought: no line of the order, its summary or its invoice.
    expect(lines.map((line) => line.productType)).not.toContain('TRANSFER_CODE');
    expect(order.lines.map((line) => line.productType)).not.toContain('TRANSFER_CODE');
    expect(order.lines.find((line) => line.domain === 'google.com')).toMatchObject({ productType: 'DOMAIN_TRANSFER', price: products.com.transferPrice });
    const invoice = await customer.get(`/account/facturen/${order.invoiceId}`);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.body).toContain('Verhuizing domeinnaam google.com');
    expect(invoice.body).not.toMatch(/Verhuiscode|GEHEIM-123/);
  });

  it('answers a failed validation with 409 and its message, and an empty basket too', async () => {
    const customer = await createActiveAccount(app, shop.mailer, 'afgekeurd@example.nl');
    await approveOnAccount(database.db, 'afgekeurd@example.nl');
    const empty = await purchase(customer, purchaseBody('MANUAL_PAYMENT'));
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toEqual(expect.any(String));
    const transfer = basketFrom(await basketCalls(customer).addDomain(products.com, 'microsoft.com')).items[0]!;
    expect(transfer.productType).toBe('DOMAIN_TRANSFER');
    const failed = await purchase(customer, purchaseBody('MANUAL_PAYMENT'));
    expect(failed.statusCode).toBe(409);
    expect(failed.json().message).toContain('eigenaar');
    expect(await ordersOf('afgekeurd@example.nl')).toEqual([]);
  });

  it.each(['MANUAL_PAYMENT', 'ONLINE'] as const)('makes one order of the same request sent twice, and of 20 sent at once (%s)', async (method) => {
    const email = `dubbelklik-${method.toLowerCase()}@example.nl`;
    const customer = await createActiveAccount(app, shop.mailer, email);
    await approveOnAccount(database.db, email);
    await fillBasket(customer, { domain: freshDomain('dubbel') });
    const body = purchaseBody(method);
    const first = purchased(await purchase(customer, body));
    const again = purchased(await purchase(customer, body));
    expect(again).toEqual(first);

    await fillBasket(customer);
    const burst = purchaseBody(method);
    const answers = await Promise.all(Array.from({ length: 20 }, () => purchase(customer, burst)));
    const bodies = answers.map(purchased);
    expect(new Set(bodies.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(bodies[0]!.orderId).not.toBe(first.orderId);
    expect(await ordersOf(email)).toHaveLength(2);
    if (method === 'ONLINE') expect(bodies[0]!.returnUrl).toMatch(SIMULATED_PAGE_URL);
  });
});
