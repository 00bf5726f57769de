import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema/index.ts';
import {
  basketCalls,
  createActiveAccount,
  createTestClock,
  databaseKinds,
  products,
  TEST_PASSWORD,
  TestClient,
  useTestShop,
  type TestShop,
} from './support/index.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const rowOf = async (shop: TestShop, client: TestClient) => {
  const idHash = createHash('sha256').update(client.cookies.get('kavel_session')!).digest('base64url');
  const [row] = await shop.database.db.select().from(sessions).where(eq(sessions.idHash, idHash));
  return row ?? null;
};
const clearsSessionCookie = (response: LightMyRequestResponse) =>
  (response.cookies as Array<{ name: string; value: string }>).some((cookie) => cookie.name === 'kavel_session' && cookie.value === '');

// The default lifetimes: anonymous 30 days idle and 90 days at most; logged in 30 minutes idle and 12 hours at most.
describe.each(databaseKinds)('session lifetimes on $name', (kind) => {
  const clock = createTestClock();
  let shop: TestShop;
  useTestShop(kind, (ready) => (shop = ready), { app: { now: clock.now } });

  const titlesIn = async (client: TestClient) => (await basketCalls(client).get()).items.map((item) => item.title);
  const loggedIn = async (client: TestClient) => ((await client.get('/api/account/me')).json() as { loggedIn: boolean }).loggedIn;

  it('keeps an anonymous basket through 30 idle days, not past them', async () => {
    const client = new TestClient(shop.app);
    await basketCalls(client).addDomain(products.nl, 'dertig-dagen.nl');
    clock.advance(30 * DAY - MINUTE);
    expect(await titlesIn(client)).toEqual(['dertig-dagen.nl']);
    clock.advance(30 * DAY - MINUTE);
    expect(await titlesIn(client)).toEqual(['dertig-dagen.nl']);
    clock.advance(30 * DAY + MINUTE);
    const afterwards = await client.get('/api/bestelprocedure/getBasket');
    expect(clearsSessionCookie(afterwards)).toBe(true);
    expect(await titlesIn(client)).toEqual([]);
  });

  it('ends an anonymous session 90 days after it began, however active', async () => {
    const client = new TestClient(shop.app);
    await basketCalls(client).addDomain(products.nl, 'negentig-dagen.nl');
    for (let day = 20; day < 90; day += 20) {
      clock.advance(20 * DAY);
      expect(await titlesIn(client), `day ${day}`).toEqual(['negentig-dagen.nl']);
    }
    clock.advance(10 * DAY - MINUTE);
    expect(await titlesIn(client)).toEqual(['negentig-dagen.nl']);
    const row = await rowOf(shop, client);
    expect(row!.expiresAt.getTime() - row!.startedAt.getTime()).toBe(90 * DAY);
    clock.advance(2 * MINUTE);
    expect(await titlesIn(client)).toEqual([]);
    expect(await rowOf(shop, client)).toBeNull();
  });

  it('logs a customer out after 30 idle minutes; they log in again', async () => {
    const client = await createActiveAccount(shop.app, shop.mailer, 'stil@example.nl');
    clock.advance(29 * MINUTE);
    expect(await loggedIn(client)).toBe(true);
    clock.advance(29 * MINUTE);
    expect(await loggedIn(client)).toBe(true);
    clock.advance(31 * MINUTE);
    const me = await client.get('/api/account/me');
    expect(me.json()).toEqual({ loggedIn: false, customer: null });
    expect(clearsSessionCookie(me)).toBe(true);
    expect((await client.get('/api/bestellen/1')).statusCode).toBe(401);
    expect((await client.post('/api/login', { username: 'stil@example.nl', password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(await loggedIn(client)).toBe(true);
  });

  it('logs a customer out 12 hours after the login, however active; the login starts that lifetime afresh', async () => {
    await createActiveAccount(shop.app, shop.mailer, 'druk@example.nl');
    // An anonymous session near the end of its 90 days...
    const client = new TestClient(shop.app, { remoteAddress: '10.78.0.1' });
    await basketCalls(client).addDomain(products.nl, 'lang-actief.nl');
    for (let day = 29; day < 90; day += 29) {
      clock.advance(29 * DAY);
      expect(await titlesIn(client), `day ${day}`).toEqual(['lang-actief.nl']);
    }
    clock.advance(3 * DAY - HOUR);
    // ...logs in: from now on the logged-in lifetime counts, not what was left of the anonymous one.
    expect((await client.post('/api/login', { username: 'druk@example.nl', password: TEST_PASSWORD })).statusCode).toBe(200);
    for (let minutes = 25; minutes <= 12 * 60 - 20; minutes += 25) {
      clock.advance(25 * MINUTE);
      expect(await loggedIn(client), `${minutes} minutes after the login`).toBe(true);
      const row = await rowOf(shop, client);
      // The touch moves the idle end along, never past 12 hours after the login.
      expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(row!.startedAt.getTime() + 12 * HOUR);
    }
    clock.advance(25 * MINUTE);
    expect(await loggedIn(client)).toBe(false);
    // The basket went to the account at the login and stays there.
    expect((await client.post('/api/login', { username: 'druk@example.nl', password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(await titlesIn(client)).toEqual(['lang-actief.nl']);
  });
});
