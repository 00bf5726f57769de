import { randomUUID } from 'node:crypto';
import { ZOrder, ZPurchaseResponse, type TOrder, type TPaymentMethodCode, type TPurchaseResponse } from '@kavel/core';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { basketCalls, basketFrom, products, type TestClient } from './support/index.ts';

/** Shared by the orders-* and payments-* tests: baskets, purchases and the simulated provider's page. */

type Product = { productId: number; productCode: string };

export const VALID_IBAN = 'NL91 ABNA 0417 1643 00';

/** A free .nl name nobody else uses in this run. */
export const freshDomain = (prefix = 'bestelling') => `${prefix}-${randomUUID().slice(0, 8)}.nl`;

/** Puts a new domain (with a hosting package unless `hosting` is null) in the client's basket; answers the domain. */
export async function fillBasket(client: TestClient, options: { domain?: string; hosting?: Product | null } = {}): Promise<string> {
  const domain = options.domain ?? freshDomain();
  const calls = basketCalls(client);
  const basket = basketFrom(await calls.addDomain(products.nl, domain));
  const item = basket.items.find((candidate) => candidate.title === domain);
  if (!item) throw new Error(`${domain} did not get into the basket`);
  const hosting = options.hosting === undefined ? products.basic : options.hosting;
  if (hosting) basketFrom(await calls.addChild(item.unique, hosting));
  return domain;
}

export const purchaseBody = (paymentMethod: TPaymentMethodCode, extra: Record<string, unknown> = {}) => ({
  paymentMethod,
  requestId: randomUUID(),
  termsAccepted: true,
  customWhois: [],
  ...extra,
});

export const purchase = (client: TestClient, body: Record<string, unknown>) => client.post('/bestelprocedure/purchase', body);

export function purchased(response: LightMyRequestResponse): TPurchaseResponse {
  if (response.statusCode !== 200) throw new Error(`expected a purchase, got ${response.statusCode}: ${response.body}`);
  return ZPurchaseResponse.parse(response.json());
}

export async function orderOf(client: TestClient, orderId: number): Promise<TOrder> {
  const response = await client.get(`/api/bestellen/${orderId}`);
  if (response.statusCode !== 200) throw new Error(`expected order ${orderId}, got ${response.statusCode}: ${response.body}`);
  return ZOrder.parse(response.json());
}

/** The simulated provider's page of an attempt: its id is 128 random bits (base64url), nothing of ours. */
export const SIMULATED_PAGE_URL = /^http:\/\/kavel\.test\/betalen\/simulatie\/[A-Za-z0-9_-]{22}$/;

/** The order app's pay button: a new attempt after a cancel or expiry (a POST with the CSRF token). */
export const payLinkOf = (client: TestClient, orderId: number) => client.post(`/api/bestellen/${orderId}/betaling`, {});

export const paymentStatusOf = async (client: TestClient, orderId: number) => (await client.get(`/api/bestellen/${orderId}/betalingsstatus`)).json().lastOmnikassaStatus;

/** The path (with query) of an absolute URL on the shop, for `app.inject`. */
export const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://kavel.test');
  expect(parsed.origin).toBe('http://kavel.test');
  return parsed.pathname + parsed.search;
};

/**
 * Plays the customer on the simulated provider's page: opens it, presses a button, follows the
 * redirect to the shop's return URL. Answers the return's response (a redirect to the status page).
 */
export async function payOnSimulator(client: TestClient, redirectUrl: string, outcome: 'COMPLETED' | 'CANCELLED' | 'EXPIRED'): Promise<LightMyRequestResponse> {
  const page = await client.get(pathOf(redirectUrl));
  expect(page.statusCode).toBe(200);
  const chosen = await client.postForm(pathOf(redirectUrl), { outcome });
  expect(chosen.statusCode).toBe(303);
  const location = String(chosen.headers.location);
  expect(location).toMatch(/\/betaling\/terug\?/);
  return client.get(pathOf(location));
}
