import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZCatalogue, ZCaptchaKey, ZCountry } from '@kavel/core';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { errorReports, sessions } from '../src/db/schema/index.ts';
import { databaseKinds, TestClient, useTestShop } from './support/index.ts';

const webDist = mkdtempSync(join(tmpdir(), 'kavel-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="nl"><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>');
writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

/** What every answer of the shop carries (helmet's choices with the shop's policy). */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self';connect-src 'self';frame-src 'none';worker-src 'self' blob:;object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe.each(databaseKinds)('platform on $name', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ database, app } = shop), { app: { config: { webDist } } });

  it('hands a first visitor a CSRF token but no session; the first change stores one with safe cookie flags', async () => {
    const response = await app.inject({ method: 'GET', url: '/bestelprocedure' });
    expect(response.statusCode).toBe(200);
    type Cookie = { name: string; value: string; httpOnly?: boolean; sameSite?: string };
    const xsrf = (response.cookies as Cookie[]).find((c) => c.name === 'XSRF-TOKEN')!;
    expect(xsrf.httpOnly).toBeFalsy();
    expect(response.body).toContain(`data-csrf-token="${xsrf.value}"`);
    expect((response.cookies as Cookie[]).map((c) => c.name)).not.toContain('kavel_session');

    const [before] = await database.db.select({ value: count() }).from(sessions);
    const client = new TestClient(app);
    client.cookies.set('XSRF-TOKEN', xsrf.value);
    const removed = await client.post('/api/bestelprocedure/removeItem', { unique: 'x' });
    expect(removed.statusCode).toBe(200);
    const session = (removed.cookies as Cookie[]).find((c) => c.name === 'kavel_session')!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
    // Only a hash of the id is stored, with the token the page already had.
    const [after] = await database.db.select({ value: count() }).from(sessions);
    expect(after!.value).toBe(before!.value + 1);
    const raw = await database.db.select().from(sessions);
    expect(raw.some((s) => s.idHash === session.value)).toBe(false);
    expect(raw.filter((s) => s.csrfToken === xsrf.value)).toHaveLength(1);
  });

  it('sends a strict Content-Security-Policy and other security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/bestelprocedure' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same security headers on every answer: API reads, refusals and unknown paths', async () => {
    const answers = [
      await app.inject({ method: 'GET', url: '/api/bestelprocedure/getBasket' }),
      await app.inject({ method: 'POST', url: '/api/bestelprocedure/removeItem', payload: { unique: 'x' } }),
      await app.inject({ method: 'GET', url: '/api/nothing-here' }),
      await app.inject({ method: 'GET', url: '/health' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 403, 404, 200]);
    for (const answer of answers) {
      expect(answer.headers).toMatchObject(SECURITY_HEADERS);
      // Over plain HTTP, no HSTS and no upgrade of requests.
      expect(answer.headers['strict-transport-security']).toBeUndefined();
      expect(String(answer.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    }
  });

  it('serves the page in the chosen language and remembers it', async () => {
    const client = new TestClient(app);
    expect((await client.get('/bestelprocedure')).body).toContain('<html lang="nl"');
    expect((await client.get('/bestelprocedure?lang=en')).body).toContain('<html lang="en"');
    expect((await client.get('/bestelprocedure')).body).toContain('<html lang="en"');
    const refused = await client.post('/api/bestelprocedure/removeItem', { unique: 'x' }, { csrf: false });
    expect(JSON.parse(refused.body).message).toMatch(/^Your session has expired/);
  });

  it('serves built assets with a long cache life', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['cache-control'])).toContain('immutable');
  });

  it('publishes the catalogue and the 249 countries', async () => {
    const catalogue = ZCatalogue.parse((await app.inject({ method: 'GET', url: '/api/catalogue' })).json());
    expect(catalogue.extensions.length).toBeGreaterThanOrEqual(40);
    expect(catalogue.extensions[0]).toMatchObject({ productName: '.nl', extension: 'nl' });
    expect(catalogue.hostingPackages[0]!.productName).toBe('Intro webhosting');
    const countries = ZCountry.array().parse((await app.inject({ method: 'GET', url: '/api/countries' })).json());
    expect(countries).toHaveLength(249);
    expect(countries.find((c) => c.id === 154)).toMatchObject({ code: 'NL', country: 'Nederland', country_en: 'Netherlands' });
  });

  it('tells the browser which captcha to use', async () => {
    for (const url of ['/captcha/key', '/captcha-v3/key']) {
      expect(ZCaptchaKey.parse((await app.inject({ method: 'GET', url })).json())).toEqual({ provider: 'altcha', key: '/captcha/challenge' });
    }
    const challenge = (await app.inject({ method: 'GET', url: '/captcha/challenge' })).json();
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', challenge: expect.any(String), signature: expect.any(String) });
  });

  it('stores browser error reports, refuses oversized or malformed ones, and needs the CSRF token', async () => {
    const client = new TestClient(app);
    const report = { msg: '[front-end] TypeError: x is undefined', url: 'http://localhost/bestelprocedure', line: 3, column: 14, error: 'TypeError', errorStackTrace: 'at x' };
    expect((await client.post('/api/report-error', report)).statusCode).toBe(204);
    expect((await client.post('/api/report-error', report, { csrf: false })).statusCode).toBe(403);
    expect((await client.post('/api/report-error', { ...report, msg: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await client.post('/api/report-error', { url: 'x' })).statusCode).toBe(400);
    const [stored] = await database.db.select({ value: count() }).from(errorReports);
    expect(stored?.value).toBe(1);
  });

  it('answers malformed JSON with a 400 in the ApiError shape, never a 500', async () => {
    const client = new TestClient(app);
    await client.get('/api/bestelprocedure/getBasket');
    const response = await app.inject({
      method: 'POST',
      url: '/api/bestelprocedure/addItem',
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-xsrf-token': client.cookies.get('XSRF-TOKEN')!, 'content-type': 'application/json' },
      payload: '{"productId":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('message');
  });
});

describe.each(databaseKinds)('security headers over HTTPS on $name', (kind) => {
  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ app } = shop), { app: { config: { webDist, secureCookies: true } } });

  it('adds HSTS and upgrades insecure requests, on pages and API answers alike', async () => {
    for (const url of ['/bestelprocedure', '/api/bestelprocedure/getBasket', '/api/nothing-here']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(answer.headers['content-security-policy'], url).toBe(`${SECURITY_HEADERS['content-security-policy']};upgrade-insecure-requests`);
      expect(answer.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });
});
