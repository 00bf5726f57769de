import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { sessions } from '../src/db/schema/index.ts';
import { basketCalls, createActiveAccount, databaseKinds, products, TestClient, useTestShop, type TestShop } from './support/index.ts';

const webDist = mkdtempSync(join(tmpdir(), 'kavel-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="nl"><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>');
writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const setCookies = (response: LightMyRequestResponse): string[] => {
  const header = response.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
};
const cookieNames = (response: LightMyRequestResponse) => setCookies(response).map((line) => line.slice(0, line.indexOf('=')));
const sessionRows = async (database: DatabaseHandle) => (await database.db.select({ value: count() }).from(sessions))[0]!.value;

/** Read-only addresses a visitor of the catalogue calls, and whether the answer may carry the (readable, signed) CSRF cookie. */
const READS: Array<[url: string, mayCarryCsrfCookie: boolean]> = [
  ['/bestelprocedure', true],
  ['/api/bestelprocedure/getBasket', true],
  ['/api/account/me', true],
  ['/api/catalogue', false],
  ['/api/countries', false],
  ['/assets/app.js', false],
  ['/captcha/key', false],
  ['/captcha/challenge', false],
  ['/health', false],
];

describe.each(databaseKinds)('stored sessions on $name', (kind) => {
  let shop: TestShop;
  useTestShop(kind, (ready) => (shop = ready), { app: { config: { webDist } } });

  it('stores no session for 100 cookieless reads and sets no session cookie', async () => {
    const before = await sessionRows(shop.database);
    for (let n = 0; n < 100; n++) {
      const [url, mayCarryCsrfCookie] = READS[n % READS.length]!;
      const response = await shop.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(cookieNames(response), url).toEqual(mayCarryCsrfCookie ? ['XSRF-TOKEN'] : []);
    }
    expect(await sessionRows(shop.database)).toBe(before);
  });

  it('stores the session at the first change, keeping the token the page handed out', async () => {
    const client = new TestClient(shop.app);
    const page = await client.get('/bestelprocedure');
    const token = client.cookies.get('XSRF-TOKEN')!;
    expect(page.body).toContain(`data-csrf-token="${token}"`);
    expect(client.cookies.has('kavel_session')).toBe(false);
    const before = await sessionRows(shop.database);

    const added = await basketCalls(client).addDomain(products.nl, 'eerste-wijziging.nl');
    expect(added.statusCode).toBe(200);
    // The session cookie, and the mark of the browser's last change (see `WRITTEN_COOKIE`); no new token.
    expect(cookieNames(added)).toEqual(['kavel_session', 'kavel_w']);
    expect(await sessionRows(shop.database)).toBe(before + 1);
    // The same browser keeps its basket and its token; further changes store nothing new.
    expect((await basketCalls(client).get()).items.map((item) => item.title)).toEqual(['eerste-wijziging.nl']);
    expect((await basketCalls(client).call('setPeriod', { period: 'YEARLY' })).statusCode).toBe(200);
    expect(client.cookies.get('XSRF-TOKEN')).toBe(token);
    expect(await sessionRows(shop.database)).toBe(before + 1);
  });

  it('refuses a first change with a token the server did not issue, or one that is not the cookie, and stores nothing', async () => {
    const before = await sessionRows(shop.database);
    const body = JSON.stringify({ productId: products.nl.productId, productCode: products.nl.productCode, title: 'vervalst.nl' });
    const post = (cookie: string, token: string) =>
      shop.app.inject({ method: 'POST', url: '/api/bestelprocedure/addItem', headers: { cookie, 'x-xsrf-token': token, 'content-type': 'application/json' }, payload: body });
    // A made-up token echoed in both places (naive double submit) is not enough.
    expect((await post('XSRF-TOKEN=zelfbedacht', 'zelfbedacht')).statusCode).toBe(403);
    const issued = new TestClient(shop.app);
    await issued.get('/api/bestelprocedure/getBasket');
    const genuine = issued.cookies.get('XSRF-TOKEN')!;
    const tampered = `${genuine.slice(0, -2)}${genuine.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await post(`XSRF-TOKEN=${tampered}`, tampered)).statusCode).toBe(403);
    const other = new TestClient(shop.app);
    await other.get('/api/bestelprocedure/getBasket');
    expect((await post(`XSRF-TOKEN=${genuine}`, other.cookies.get('XSRF-TOKEN')!)).statusCode).toBe(403);
    expect((await post('', genuine)).statusCode).toBe(403);
    expect(await sessionRows(shop.database)).toBe(before);
    // The genuine pair passes.
    expect((await post(`XSRF-TOKEN=${genuine}`, genuine)).statusCode).toBe(200);
    expect(await sessionRows(shop.database)).toBe(before + 1);
  });

  it('logs a reader in without an earlier session, and hands over the basket of one who had', async () => {
    await createActiveAccount(shop.app, shop.mailer, 'lezer@example.nl');
    const reader = new TestClient(shop.app, { remoteAddress: '10.77.0.1' });
    await reader.get('/bestelprocedure');
    const login = await reader.post('/api/login', { username: 'lezer@example.nl', password: 'een-lang-genoeg-wachtwoord' });
    expect(login.statusCode).toBe(200);
    expect((await reader.get('/api/account/me')).json()).toMatchObject({ loggedIn: true });

    const shopper = new TestClient(shop.app, { remoteAddress: '10.77.0.2' });
    await basketCalls(shopper).addDomain(products.nl, 'meegenomen.nl');
    expect((await shopper.post('/api/login', { username: 'lezer@example.nl', password: 'een-lang-genoeg-wachtwoord' })).statusCode).toBe(200);
    expect((await basketCalls(reader).get()).items.map((item) => item.title)).toEqual(['meegenomen.nl']);
  });
});

describe.each(databaseKinds)('session cookie over HTTPS on $name', (kind) => {
  let app: FastifyInstance;
  let shop: TestShop;
  useTestShop(kind, (ready) => ({ app } = shop = ready), { app: { config: { secureCookies: true } } });

  it('names the session cookie __Host-kavel_session: Secure, Path=/, no Domain; a plain-named cookie is not accepted', async () => {
    const client = await createActiveAccount(app, shop.mailer, 'https@example.nl');
    const id = client.cookies.get('__Host-kavel_session')!;
    expect(id).toMatch(/^[\w-]{43}$/);
    expect(client.cookies.has('kavel_session')).toBe(false);

    const visitor = new TestClient(app);
    const read = await visitor.get('/api/bestelprocedure/getBasket');
    expect(setCookies(read).find((line) => line.startsWith('XSRF-TOKEN='))).toMatch(/; Secure(;|$)/);
    const write = await visitor.post('/api/bestelprocedure/removeItem', { unique: 'x' });
    const [session] = setCookies(write).filter((line) => line.startsWith('__Host-kavel_session='));
    expect(session).toMatch(/; Path=\/(;|$)/);
    expect(session).toMatch(/; Secure(;|$)/);
    expect(session).toMatch(/; HttpOnly(;|$)/);
    expect(session).toMatch(/; SameSite=Lax(;|$)/);
    expect(session).not.toMatch(/Domain=/i);

    const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie } }).then((r) => r.json());
    expect(await me(`__Host-kavel_session=${id}`)).toMatchObject({ loggedIn: true });
    expect(await me(`kavel_session=${id}`)).toMatchObject({ loggedIn: false });
  });
});

describe.each(databaseKinds)('session cookie over plain HTTP on $name', (kind) => {
  let app: FastifyInstance;
  useTestShop(kind, (ready) => ({ app } = ready));

  it('names the session cookie kavel_session, without Secure', async () => {
    const write = await new TestClient(app).post('/api/bestelprocedure/removeItem', { unique: 'x' });
    const [session] = setCookies(write).filter((line) => line.startsWith('kavel_session='));
    expect(session).toMatch(/; HttpOnly(;|$)/);
    expect(session).not.toMatch(/Secure/);
    expect(cookieNames(write)).not.toContain('__Host-kavel_session');
  });
});
