import { accountContracts } from '@kavel/core/contracts/accounts';
import { basketContracts } from '@kavel/core/contracts/basket';
import { orderContracts } from '@kavel/core/contracts/orders';
import { shopContracts } from '@kavel/core/contracts/shop';
import { whoisContracts } from '@kavel/core/contracts/whois';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, urlOf } from './client.ts';

/** Calls that must not compile: the contract decides what a call sends (checked by `npm run typecheck`). */
export function typeChecks() {
  // @ts-expect-error addItem needs its body
  void call(basketContracts.addItem);
  // @ts-expect-error an order needs its id
  void call(orderContracts.order);
  // @ts-expect-error the body has the contract's shape
  void call(basketContracts.removeItem, { body: { nope: 1 } });
  void call(basketContracts.removeItem, { body: { unique: 'a' } });
}

describe('calling by contract', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('builds the address from the path parameters and the query', () => {
    expect(urlOf(orderContracts.paymentLink, { params: { id: '7' } })).toBe('/api/bestellen/7/betaling');
    expect(urlOf(accountContracts.activationStatus, { query: { token: 'a b&c' } })).toBe('/api/account/activation?token=a+b%26c');
    expect(urlOf(shopContracts.checkDomainExtensions, { query: { domain: 'kavel', 'extensions[]': ['nl', 'com'] } })).toBe(
      '/api/check-domain-extensions?domain=kavel&extensions%5B%5D=nl&extensions%5B%5D=com',
    );
  });

  it("sends the contract's method and body, and parses the answer with its response schema", async () => {
    const sent: Array<{ url: string; init: RequestInit }> = [];
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=t1' });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Response(JSON.stringify({ id: 5, extra: 'not in the schema' }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const created = await call(whoisContracts.createWhois, { body: {} as never });
    expect(created).toEqual({ id: 5 });
    expect(sent[0]).toMatchObject({ url: '/api/account/whois', init: { method: 'POST', body: '{}' } });
    expect((sent[0]!.init.headers as Headers).get('X-XSRF-TOKEN')).toBe('t1');
  });
});
