import { ZOrderAppCancelled, ZOrderAppOrderPlaced, ZOrderBasket, type TOrderBasket } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { freshDomain, orderOf, pathOf, payOnSimulator } from './orders-helpers.ts';
import { createActiveAccount, databaseKinds, freshClient, loginAs, useTestShop, waitForJobs, type RecordingMailer, type TestClient } from './support/index.ts';

const BASKET = '/api/bestellen';
const CONVERT = '/api/bestellen/items-omzetten';
const RAPID_SSL = { type: 'ssl', productId: 6001, productCode: 'SSL_RAPIDSSL', commonName: 'goudenkorst.nl' };
const VPS_M = { type: 'vpspackage', productId: 6202, productCode: 'VPS_M' };
const CLOUDFLARE_PRO = { type: 'cloudflare', productId: 6101, productCode: 'CLOUDFLARE_PRO' };

function basketOf(response: { statusCode: number; body: string; json(): unknown }): TOrderBasket {
  expect(response.statusCode, response.body).toBe(200);
  return ZOrderBasket.parse(response.json());
}

const placed = (response: { statusCode: number; body: string; json(): unknown }) => {
  expect(response.statusCode, response.body).toBe(200);
  return ZOrderAppOrderPlaced.parse(response.json());
};

describe.each(databaseKinds)("the order app's basket on $name", (kind) => {
  let app: FastifyInstance;
  let mailer: RecordingMailer;
  useTestShop(kind, (shop) => ({ app, mailer } = shop), { demoAccounts: true });

  it("converts a visitor's certificate, prices it per year, keeps it, and a cancel returns to its page", async () => {
    const visitor = freshClient(app);
    expect(basketOf(await visitor.get(BASKET))).toMatchObject({ empty: true, items: [] });
    const basket = basketOf(await visitor.put(CONVERT, RAPID_SSL));
    expect(basket).toMatchObject({
      empty: false,
      period: 'YEARLY',
      periods: ['YEARLY'],
      administrativeCostShouldBeAdded: false,
      totalPricePerPeriodExcludeTax: 2495,
      totalTaxPricePerPeriod: 524,
      totalPricePerPeriodIncludeTax: 3019,
      totalPricePerPeriodIncludeTaxAndAdministrativeCost: 3019,
      vatRate: 0.21,
    });
    expect(basket.items).toEqual([expect.objectContaining({ type: 'ssl', productName: 'RapidSSL', title: 'goudenkorst.nl', commonName: 'goudenkorst.nl', productPrice: 2495, discountedPrice: null })]);
    expect(basketOf(await visitor.get(BASKET))).toEqual(basket);
    // Another visitor sees nothing of it.
    expect(basketOf(await freshClient(app).get(BASKET)).empty).toBe(true);

    const cancelled = await visitor.delete(BASKET);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(ZOrderAppCancelled.parse(cancelled.json())).toEqual({ redirectUrl: '/website/ssl-certificaat' });
    expect(basketOf(await visitor.get(BASKET)).empty).toBe(true);
    expect(ZOrderAppCancelled.parse((await visitor.delete(BASKET)).json())).toEqual({ redirectUrl: '/' });
  });

  it('prices a VPS per month, quarter or year', async () => {
    const visitor = freshClient(app);
    const monthly = basketOf(await visitor.put(CONVERT, VPS_M));
    expect(monthly).toMatchObject({ period: 'MONTHLY', periods: ['MONTHLY', 'QUARTERLY', 'YEARLY'], totalPricePerPeriodExcludeTax: 1199 });
    expect(monthly.items[0]).toMatchObject({ type: 'vpspackage', monthlyPrice: 1199, vpsSpec: { vCpu: 2, memoryGb: 4, diskGb: 80, trafficTb: 4 } });
    expect(basketOf(await visitor.put(CONVERT, { ...VPS_M, period: 'QUARTERLY' })).totalPricePerPeriodExcludeTax).toBe(3 * 1199);
    expect(basketOf(await visitor.put(CONVERT, { ...VPS_M, period: 'YEARLY' })).totalPricePerPeriodExcludeTax).toBe(12 * 1199);
  });

  it('stores a taken domain as a transfer and a free one as a registration at its welcome price', async () => {
    const visitor = freshClient(app);
    const free = basketOf(await visitor.put(CONVERT, { type: 'domain', productId: 1001, productCode: 'NL', domain: freshDomain('vrij'), transfer: false }));
    expect(free.items[0]).toMatchObject({ type: 'domain', available: true });
    expect(free.items[0]?.discountedPrice).not.toBeNull();
    const taken = basketOf(await visitor.put(CONVERT, { type: 'domain', productId: 1001, productCode: 'NL', domain: 'goudenkorst.nl', transfer: false }));
    expect(taken.items[0]).toMatchObject({ type: 'domain', title: 'goudenkorst.nl', available: false, token: null });
  });

  it("answers 409 'Dit domein is al in uw bezit.' for the customer's own domain, and changes nothing", async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    basketOf(await bakery.put(CONVERT, VPS_M));
    const owned = await bakery.put(CONVERT, { type: 'domain', productId: 1001, productCode: 'NL', domain: 'goudenkorst.nl', transfer: true });
    expect(owned.statusCode).toBe(409);
    expect(owned.json()).toMatchObject({ message: 'Dit domein is al in uw bezit.' });
    expect(basketOf(await bakery.get(BASKET)).items[0]?.type).toBe('vpspackage');
  });

  it('refuses unknown products and bad names with a message, and a write without the CSRF header', async () => {
    const visitor = freshClient(app);
    expect((await visitor.put(CONVERT, { ...RAPID_SSL, productId: 6999 })).statusCode).toBe(400);
    expect((await visitor.put(CONVERT, { ...RAPID_SSL, productCode: 'VPS_M' })).statusCode).toBe(400);
    const badName = await visitor.put(CONVERT, { ...RAPID_SSL, commonName: '*.goudenkorst.nl' });
    expect(badName.statusCode).toBe(400);
    expect(badName.json()).toMatchObject({ fieldErrors: { commonName: expect.any(String) } });
    expect((await visitor.put(CONVERT, { type: 'vps' })).statusCode).toBe(400);
    expect((await visitor.put(CONVERT, VPS_M, { csrf: false })).statusCode).toBe(403);
    expect(basketOf(await visitor.get(BASKET)).empty).toBe(true);
  });

  it('tells a known customer they pay on account, a new one that payment is required, and a visitor 401', async () => {
    expect((await freshClient(app).get('/api/bestellen/betaling-vereist')).statusCode).toBe(401);
    expect((await (await loginAs(app, 'klant@demo.kavel.nl')).get('/api/bestellen/betaling-vereist')).json()).toBe(false);
    const newcomer = await createActiveAccount(app, mailer, `nieuw-${Date.now()}@example.nl`);
    expect((await newcomer.get('/api/bestellen/betaling-vereist')).json()).toBe(true);
  });

  it('places a known customer\'s VPS on account once for a double submit, on the open invoice', async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    basketOf(await bakery.put(CONVERT, VPS_M));
    const [first, second] = await Promise.all([bakery.post(BASKET, {}), bakery.post(BASKET, {})]);
    const a = placed(first!);
    const b = placed(second!);
    expect(b.orderId).toBe(a.orderId);
    expect(a.returnUrl).toBe(`/bestellen/${a.orderId}/overzicht`);
    const order = await orderOf(bakery, a.orderId);
    expect(order).toMatchObject({ paymentMethod: 'MANUAL_PAYMENT', closed: false, period: 'MONTHLY', item: { type: 'vpspackage', title: 'VPS M' }, totalExcludeTax: 1199, administrativeCost: 0 });
    expect(basketOf(await bakery.get(BASKET)).empty).toBe(true);
    // Submitting the ordered basket again is the same order, not a second one.
    expect(placed(await bakery.post(BASKET, {})).orderId).toBe(a.orderId);
  });

  it('has a new customer pay a certificate online first, then confirms it', async () => {
    const newcomer = await createActiveAccount(app, mailer, `ssl-${Date.now()}@example.nl`);
    basketOf(await newcomer.put(CONVERT, RAPID_SSL));
    const direct = await newcomer.post(BASKET, {});
    expect(direct.statusCode).toBe(409);
    const sent = placed(await newcomer.post('/api/bestellen/send-omnikassa', {}));
    expect((await orderOf(newcomer, sent.orderId)).status).toBe('AWAITING_PAYMENT');
    const link = await newcomer.get(`/api/bestellen/${sent.orderId}/betaling`);
    expect(link.statusCode, link.body).toBe(200);
    const url = (link.json() as { url: string }).url;
    expect(url).toBe(sent.returnUrl);
    const back = await payOnSimulator(newcomer, url, 'COMPLETED');
    expect(pathOf(String(back.headers.location))).toBe(`/bestellen/${sent.orderId}/betalingsstatus`);
    await waitForJobs(app);
    const order = await orderOf(newcomer, sent.orderId);
    expect(order).toMatchObject({ paymentMethod: 'ONLINE', closed: true, item: { type: 'ssl', title: 'goudenkorst.nl' }, amount: { value: 3019 } });
    expect(order.status).not.toBe('AWAITING_PAYMENT');
    // Paid once: now a known customer, who pays on account.
    expect((await newcomer.get('/api/bestellen/betaling-vereist')).json()).toBe(false);
  });

  it('refuses to order for a sub-user, a visitor, and what still needs a choice', async () => {
    const subUser = await loginAs(app, 'medewerker@demo.kavel.nl');
    const refused = await subUser.post(BASKET, { basket: VPS_M });
    expect(refused.statusCode).toBe(403);
    expect((await freshClient(app).post(BASKET, { basket: VPS_M })).statusCode).toBe(401);

    const bakery: TestClient = await loginAs(app, 'klant@demo.kavel.nl');
    const noDomain = await bakery.post(BASKET, { basket: CLOUDFLARE_PRO });
    expect(noDomain.statusCode).toBe(400);
    expect(noDomain.json()).toMatchObject({ fieldErrors: { assignedDomain: 'Kies een domein.' } });
    const notYours = await bakery.post(BASKET, { basket: { ...CLOUDFLARE_PRO, assignedDomain: 'oudegracht-design.nl' } });
    expect(notYours.statusCode).toBe(400);
    const noCode = await bakery.post(BASKET, { basket: { type: 'domain', productId: 1001, productCode: 'NL', domain: 'oudegracht-design.nl', transfer: true } });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({ fieldErrors: { token: 'Vul de verhuiscode in.' } });
    const newcomer = await createActiveAccount(app, mailer, `leeg-${Date.now()}@example.nl`);
    const empty = await newcomer.post(BASKET, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Je selectie is leeg.' });
  });

  it('orders Cloudflare for one of the customer\'s domains, and a transfer with its code', async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const cloudflare = placed(await bakery.post(BASKET, { basket: { ...CLOUDFLARE_PRO, assignedDomain: 'goudenkorst.nl' } }));
    expect((await orderOf(bakery, cloudflare.orderId)).item).toMatchObject({ type: 'cloudflare', title: 'goudenkorst.nl', productName: 'Cloudflare Pro' });
    const transfer = placed(await bakery.post(BASKET, { basket: { type: 'domain', productId: 1001, productCode: 'NL', domain: 'oudegracht-design.nl', transfer: true, token: 'ABC-123-XYZ' } }));
    const order = await orderOf(bakery, transfer.orderId);
    expect(order.item).toMatchObject({ type: 'domain', title: 'oudegracht-design.nl' });
    expect(order.lines[0]).toMatchObject({ productType: 'DOMAIN_TRANSFER' });
  });

  it("sets up a package on the customer's domain, and prices a second one as an upgrade with the administration fee on account", async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const basic = { type: 'hosting', productId: 2002, productCode: 'HOSTING_BASIC' };
    const choose = basketOf(await bakery.put(CONVERT, basic));
    expect(choose.items[0]).toMatchObject({ type: 'hosting', assignedDomain: null, existingDomainProducts: expect.arrayContaining([expect.objectContaining({ title: 'goudenkorst.nl' })]) });
    const first = basketOf(await bakery.put(CONVERT, { ...basic, assignedDomain: 'goudenkorst.nl' }));
    expect(first).toMatchObject({ period: 'MONTHLY', administrativeCostShouldBeAdded: false });
    expect(first.items[0]).toMatchObject({ existingDomainProduct: null, discountReason: expect.any(String) });
    const order = placed(await bakery.post(BASKET, {}));
    await waitForJobs(app);
    expect((await orderOf(bakery, order.orderId)).item).toMatchObject({ type: 'hosting', title: 'goudenkorst.nl' });
    const accounts = (await bakery.get('/api/account/hostingpakketten')).json() as Array<{ domain: string; productCode: string }>;
    expect(accounts).toEqual(expect.arrayContaining([expect.objectContaining({ domain: 'goudenkorst.nl', productCode: 'HOSTING_BASIC' })]));

    const upgrade = basketOf(await bakery.put(CONVERT, { type: 'hosting', productId: 2003, productCode: 'HOSTING_PREMIUM', assignedDomain: 'goudenkorst.nl' }));
    expect(upgrade.items[0]?.existingDomainProduct).toMatchObject({ title: expect.stringMatching(/Basic/i) });
    expect(upgrade).toMatchObject({ administrativeCostShouldBeAdded: true, administrativeCost: 195 });
    const withFee = upgrade.totalPricePerPeriodExcludeTax + 195;
    expect(upgrade.totalPricePerPeriodIncludeTaxAndAdministrativeCost).toBe(withFee + Math.round(withFee * 0.21));
  });
});
