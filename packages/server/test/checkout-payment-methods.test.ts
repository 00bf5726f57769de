import { ZPaymentMethods, type TPaymentMethod } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { surchargeFor } from '../src/features/checkout/payment-methods.ts';
import { approveOnAccount, basketCalls, createActiveAccount, databaseKinds, loginAs, products, TestClient, useTestShop, type TestShop } from './support/index.ts';

const { nl, basic } = products;
const api = '/api/bestelprocedure';

/** The list with its euro strings' spaces made plain (Intl writes a no-break space). */
async function paymentMethods(client: TestClient): Promise<TPaymentMethod[]> {
  const response = await client.post(`${api}/paymentMethods`, {});
  expect(response.statusCode, response.body).toBe(200);
  return ZPaymentMethods.parse(response.json()).map((method) => ({ ...method, price: method.price.replace(/\s/g, ' ') }));
}

const list = (manualCents: number, manual: string, zero = '€ 0,00') => [
  { paymentMethod: 'ONLINE', price: zero, priceCents: 0 },
  { paymentMethod: 'MANUAL_PAYMENT', price: manual, priceCents: manualCents },
  { paymentMethod: 'AUTOMATIC_INCASSO', price: zero, priceCents: 0 },
];

describe.each(databaseKinds)('step 3: payment methods on $name', (kind) => {
  let app: FastifyInstance;
  let shop: TestShop;
  useTestShop(kind, (ready) => ({ app } = shop = ready), { demoAccounts: true });

  it('charges no administration fee for paying a new product on account', async () => {
    const customer = await createActiveAccount(app, shop.mailer, 'nieuw-product@example.nl');
    await approveOnAccount(shop.database.db, 'nieuw-product@example.nl');
    expect(await paymentMethods(customer)).toEqual(list(0, '€ 0,00'));
    await basketCalls(customer).addDomain(nl, 'nieuw-product.nl');
    expect(await paymentMethods(customer)).toEqual(list(0, '€ 0,00'));
  });

  it('offers a visitor online payment only: paying later needs a customer the shop knows', async () => {
    const visitor = new TestClient(app);
    await basketCalls(visitor).addDomain(nl, 'bezoeker-product.nl');
    expect(await paymentMethods(visitor)).toEqual([{ paymentMethod: 'ONLINE', price: '€ 0,00', priceCents: 0 }]);
  });

  it('charges the administration fee when the order holds only existing products, in the page language', async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const calls = basketCalls(bakery);
    const response = await bakery.postForm('/account/webhosting-toevoegen', { domain: 'goudenkorst.nl', productCode: basic.productCode, productId: String(basic.productId) });
    expect(response.statusCode).toBe(303);
    expect(await paymentMethods(bakery)).toEqual(list(195, '€ 1,95'));

    await bakery.get('/bestelprocedure?lang=en');
    expect(await paymentMethods(bakery)).toEqual(list(195, '€1.95', '€0.00'));

    // A new product in the same order: the first term paid on account costs no fee.
    await calls.addDomain(nl, 'erbij-besteld.nl');
    expect(await paymentMethods(bakery)).toEqual(list(0, '€0.00', '€0.00'));
    await bakery.get('/bestelprocedure?lang=nl');
    for (const item of (await calls.get()).items) await calls.call('removeItem', { unique: item.unique });
  });

  it('answers without a body too', async () => {
    const visitor = new TestClient(app);
    await visitor.get(`${api}/getBasket`);
    const bare = await app.inject({
      method: 'POST',
      url: `${api}/paymentMethods`,
      headers: { cookie: [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-xsrf-token': visitor.cookies.get('XSRF-TOKEN')! },
    });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().map((method: TPaymentMethod) => method.paymentMethod)).toEqual(['ONLINE']);
    expect(bare.headers['cache-control']).toBe('no-store');
  });

  it('gives the purchase the same surcharge per method (what orders charge as administrative cost)', () => {
    const manual = { code: 'MANUAL_PAYMENT', surcharge: 195 } as const;
    const online = { code: 'ONLINE', surcharge: 25 } as const;
    const upgrade = { items: [{ invoiced: true }] } as Parameters<typeof surchargeFor>[0];
    const mixed = { items: [{ invoiced: true }, { invoiced: false }] } as Parameters<typeof surchargeFor>[0];
    expect([surchargeFor(upgrade, manual), surchargeFor(mixed, manual), surchargeFor({ items: [] }, manual)]).toEqual([195, 0, 0]);
    expect([surchargeFor(upgrade, online), surchargeFor(mixed, online)]).toEqual([25, 25]);
  });
});
