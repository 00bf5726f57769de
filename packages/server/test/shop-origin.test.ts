import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { fillBasket, purchase, purchaseBody, purchased } from './orders-helpers.ts';
import { createActiveAccount, databaseKinds, TEST_PASSWORD, TestClient, useTestShop, type TestShop } from './support/index.ts';

/** The client's cookies as a header, for calls made with another Host than the client's own. */
const cookieOf = (client: TestClient) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

describe.each(databaseKinds)('links follow the address the browser used while PUBLIC_URL is unset, on $name', (kind) => {
  let shop: TestShop;
  let app: FastifyInstance;
  useTestShop(kind, (ready) => ({ app } = shop = ready), { app: { config: { publicUrl: null } } });

  const payLinkAt = (client: TestClient, orderId: number, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: `/api/bestellen/${orderId}/betaling`,
      headers: { cookie: cookieOf(client), 'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '', ...headers },
    });
  /** The page address split into its origin and the attempt's random id. */
  const pageOf = (url: string) => {
    const match = /^(https?:\/\/[^/]+)\/betalen\/simulatie\/([A-Za-z0-9_-]{22})$/.exec(url);
    if (!match) throw new Error(`not a simulated payment page: ${url}`);
    return { origin: match[1], attempt: match[2]! };
  };

  it('sends the browser to the payment page, and back, at its own host; a malformed Host falls back to the configured base', async () => {
    const customer = await createActiveAccount(app, shop.mailer, 'andere-host@example.nl');
    await fillBasket(customer);
    // app.inject's browser is at localhost (port 80), not at the configured base (kavel.test).
    const answer = purchased(await purchase(customer, purchaseBody('ONLINE')));
    const first = pageOf(answer.returnUrl);
    expect(first.origin).toBe('http://localhost');

    const at127 = await payLinkAt(customer, answer.orderId, { host: '127.0.0.1:8080' });
    expect(at127.statusCode).toBe(200);
    // The open attempt is reused: its page stays where it was announced.
    expect(at127.json().url).toBe(answer.returnUrl);

    // Cancelled: the next attempt is announced at the host this browser uses now, and comes back there.
    const page = await customer.postForm(`/betalen/simulatie/${first.attempt}`, { outcome: 'CANCELLED' });
    expect(page.statusCode).toBe(303);
    expect(String(page.headers.location)).toMatch(/^http:\/\/localhost\/betaling\/terug\?/);
    await customer.get(new URL(String(page.headers.location)).pathname + new URL(String(page.headers.location)).search);
    const again = pageOf((await payLinkAt(customer, answer.orderId, { host: '127.0.0.1:8080' })).json().url);
    expect(again.origin).toBe('http://127.0.0.1:8080');
    const chosen = await cancelAt('127.0.0.1:8080', again.attempt);
    expect(String(chosen.headers.location)).toMatch(/^http:\/\/127\.0\.0\.1:8080\/betaling\/terug\?/);

    // Without trusted proxies the forwarded headers are not believed.
    const forwarded = pageOf((await payLinkAt(customer, answer.orderId, { host: 'shop.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' })).json().url);
    expect(forwarded.origin).toBe('http://shop.example');
    await cancelAt('shop.example', forwarded.attempt);
    // Not a host name: the configured base, never the header's text.
    const forged = pageOf((await payLinkAt(customer, answer.orderId, { host: 'evil.example/x?' })).json().url);
    expect(forged.origin).toBe('http://kavel.test');

    async function cancelAt(host: string, attempt: string) {
      const cancelled = await app.inject({
        method: 'POST',
        url: `/betalen/simulatie/${attempt}`,
        headers: { host, cookie: cookieOf(customer), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ outcome: 'CANCELLED', _csrf: customer.cookies.get('XSRF-TOKEN') ?? '' }).toString(),
      });
      expect(cancelled.statusCode).toBe(303);
      const back = new URL(String(cancelled.headers.location));
      await customer.get(back.pathname + back.search);
      return cancelled;
    }
  });

  it('a login sends the customer back to the page that asked for it, but only to a path of this shop', async () => {
    await createActiveAccount(app, shop.mailer, 'terug@example.nl');
    const login = (returnTo?: string) =>
      new TestClient(app).postForm('/login', { from: 'shop', username: 'terug@example.nl', password: TEST_PASSWORD, ...(returnTo === undefined ? {} : { returnTo }) });
    expect((await login('/bestellen/12/betalingsstatus')).headers.location).toBe('/bestellen/12/betalingsstatus');
    expect((await login()).headers.location).toBe('/bestellen/');
    for (const elsewhere of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'bestellen/12', '/a\nb']) {
      expect((await login(elsewhere)).headers.location, elsewhere).toBe('/bestellen/');
    }
    // A failed login keeps the way back for the next try.
    const failed = await new TestClient(app).postForm('/login', { from: 'shop', username: 'terug@example.nl', password: 'niet-het-wachtwoord!', returnTo: '/bestellen/12/overzicht' });
    expect(failed.headers.location).toBe('/bestellen/inloggen?loginError=invalid&returnTo=%2Fbestellen%2F12%2Foverzicht');
  });
});

describe.each(databaseKinds)('with PUBLIC_URL set, pages asked for at another host go there first, on $name', (kind) => {
  let app: FastifyInstance;
  useTestShop(kind, (ready) => ({ app } = ready), { app: { config: { publicUrl: 'http://kavel.test' } } });

  it('redirects GET and HEAD with 308 to the same path and query, before any cookie is set', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const answer = await app.inject({ method, url: '/bestelprocedure?lang=en', headers: { host: '127.0.0.1:8080' } });
      expect(answer.statusCode, method).toBe(308);
      expect(answer.headers.location).toBe('http://kavel.test/bestelprocedure?lang=en');
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    // At its own address the shop answers as always.
    const own = await app.inject({ method: 'GET', url: '/api/bestelprocedure/getBasket', headers: { host: 'kavel.test' } });
    expect(own.statusCode).toBe(200);
  });

  it('leaves calls with a body, and the health check, where they are', async () => {
    const post = await app.inject({ method: 'POST', url: '/api/login', headers: { host: '127.0.0.1:8080', 'content-type': 'application/json' }, payload: '{}' });
    expect(post.statusCode).not.toBe(308);
    const health = await app.inject({ method: 'GET', url: '/health', headers: { host: '10.0.0.7:8080' } });
    expect(health.statusCode).toBe(200);
  });
});
