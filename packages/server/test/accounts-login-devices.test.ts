import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createActiveAccount, databaseKinds, solveCaptcha, TEST_PASSWORD, TestClient, useTestShop, type RecordingMailer } from './support/index.ts';

const WRONG = 'niet-het-goede-wachtwoord';
const DEVICE_COOKIE = 'kavel_device';
/** Forty failures, each with a solved captcha and a scrypt check, take a while on a busy machine. */
const LONG = 240_000;

let ipCounter = 0;
const freshClient = (app: FastifyInstance) => new TestClient(app, { remoteAddress: `10.12.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

/** A password check happened: only then does the answer say the password was wrong. */
const checked = (response: LightMyRequestResponse) => response.statusCode === 401 && response.json().message === 'Onjuist e-mailadres of wachtwoord.';

describe.each(databaseKinds)('login from a known device on $name', (kind) => {
  let app: FastifyInstance;
  let mailer: RecordingMailer;
  let clock = Date.now();
  const advance = (seconds: number) => (clock += seconds * 1000);
  useTestShop(kind, (shop) => ({ app, mailer } = shop), { app: { now: () => new Date(clock) } });

  /** A login as the browser sends it: with a solved captcha (the challenge asked with the browser's cookies). */
  async function attempt(client: TestClient, username: string, password: string): Promise<LightMyRequestResponse> {
    return client.post('/api/login', { username, password, 'g-recaptcha-response': await solveCaptcha(client, username) });
  }

  /** Fails `count` times from `client` (a fresh one per attempt when none is given), waiting out whatever each failure demands. */
  async function failTimes(username: string, count: number, client?: TestClient): Promise<void> {
    for (let i = 0; i < count; i++) {
      let response = await attempt(client ?? freshClient(app), username, WRONG);
      if (response.statusCode === 429) {
        advance(Number(response.headers['retry-after']));
        response = await attempt(client ?? freshClient(app), username, WRONG);
      }
      expect(checked(response), response.body).toBe(true);
    }
  }

  /** A browser that logged in to `email` with its password, and logged out again: it keeps its device cookie. */
  async function knownDevice(email: string): Promise<TestClient> {
    const client = freshClient(app);
    const login = await client.post('/api/login', { username: email, password: TEST_PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    await client.post('/api/logout', {});
    return client;
  }

  /** A new browser carrying `value` as its device cookie. */
  const clientWithDevice = (value: string) => {
    const client = freshClient(app);
    client.cookies.set(DEVICE_COOKIE, value);
    return client;
  };

  const lockedOut = (response: LightMyRequestResponse) => [response.statusCode, response.headers['retry-after']];

  it('lets the browser that logged in before log in while guesses from elsewhere lock the account, and no other browser', async () => {
    const email = 'eigenaar@example.nl';
    await createActiveAccount(app, mailer, email);
    await createActiveAccount(app, mailer, 'buurman@example.nl');

    const owner = freshClient(app);
    const first = await owner.post('/api/login', { username: email, password: TEST_PASSWORD });
    expect(first.statusCode).toBe(200);
    const cookie = (first.cookies as Array<{ name: string; value: string; httpOnly?: boolean; sameSite?: string; maxAge?: number; path?: string }>).find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: 365 * 24 * 60 * 60, path: '/' });
    await owner.post('/api/logout', {});
    // The order app's form post makes a known device too.
    const neighbour = freshClient(app);
    const formLogin = await neighbour.postForm('/login', { from: 'shop', username: 'buurman@example.nl', password: TEST_PASSWORD });
    expect(formLogin.headers.location).toBe('/bestellen/');
    const neighboursDevice = neighbour.cookies.get(DEVICE_COOKIE);
    expect(neighboursDevice).toBeDefined();

    await failTimes(email, 20);
    const stranger = await attempt(freshClient(app), email, TEST_PASSWORD);
    expect(lockedOut(stranger)).toEqual([429, '3600']);

    // The owner's browser: the right password logs in, with no captcha asked.
    const during = await owner.post('/api/login', { username: email, password: TEST_PASSWORD });
    expect(during.statusCode, during.body).toBe(200);
    expect((await owner.get('/api/account/me')).json()).toMatchObject({ loggedIn: true, customer: { email } });

    // Everyone else is still locked out, with the same answer as any locked login: a made-up
    // cookie, another account's, one whose signature belongs to another nonce, and the owner's
    // own cookie on the neighbour's address.
    const ownersDevice = owner.cookies.get(DEVICE_COOKIE)!;
    const [nonce] = ownersDevice.split('.');
    const [, neighboursSignature] = neighboursDevice!.split('.');
    for (const value of [`${randomBytes(32).toString('base64url')}.${randomBytes(32).toString('base64url')}`, neighboursDevice!, `${nonce}.${neighboursSignature}`, 'x'.repeat(500)]) {
      const refused = await attempt(clientWithDevice(value), email, TEST_PASSWORD);
      expect(lockedOut(refused), value).toEqual([429, '3600']);
      expect(refused.body).toBe(stranger.body);
    }
    // The owner's login did not lift the lock for the others.
    expect(lockedOut(await attempt(freshClient(app), email, TEST_PASSWORD))).toEqual([429, '3600']);
    // The neighbour's device knows only the neighbour's account.
    const ownLogin = await neighbour.post('/api/login', { username: 'buurman@example.nl', password: TEST_PASSWORD });
    expect(ownLogin.statusCode).toBe(200);
  }, LONG);

  it('counts wrong passwords from a known device against that device: twenty lock it out, not the account', async () => {
    const email = 'apparaat@example.nl';
    await createActiveAccount(app, mailer, email);
    const laptop = await knownDevice(email);
    const phone = await knownDevice(email);

    await failTimes(email, 20, laptop);
    // The account is neither locked nor waiting, and asks no captcha of a new browser.
    const elsewhere = await freshClient(app).post('/api/login', { username: email, password: TEST_PASSWORD });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);

    // Now guesses from elsewhere lock the account: the locked-out laptop is a browser like any
    // other, the phone still gets in.
    await failTimes(email, 20);
    expect(lockedOut(await attempt(laptop, email, TEST_PASSWORD))).toEqual([429, '3600']);
    expect((await attempt(phone, email, TEST_PASSWORD)).statusCode).toBe(200);

    // Only the account's lock sent the holder a mail.
    const subject = 'Inloggen bij Kavel tijdelijk geblokkeerd';
    await mailer.waitFor((m) => m.to === email && m.subject === subject);
    expect(mailer.messages.filter((m) => m.to === email && m.subject === subject)).toHaveLength(1);

    // The laptop's lock ends on its own.
    advance(3600);
    expect((await attempt(laptop, email, TEST_PASSWORD)).statusCode).toBe(200);
  }, LONG);
});

describe.each(databaseKinds)('the device cookie over HTTPS on $name', (kind) => {
  let app: FastifyInstance;
  let mailer: RecordingMailer;
  useTestShop(kind, (shop) => ({ app, mailer } = shop), { app: { config: { secureCookies: true } } });

  it('is named __Host-kavel_device: Secure, HttpOnly, Path=/, no Domain', async () => {
    await createActiveAccount(app, mailer, 'veilig@example.nl');
    const response = await freshClient(app).post('/api/login', { username: 'veilig@example.nl', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const header = [response.headers['set-cookie'] ?? []].flat().find((line) => line.startsWith('__Host-kavel_device='));
    expect(header).toMatch(/; Secure/);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; Path=\/(;|$)/);
    expect(header).not.toMatch(/Domain=/i);
    expect([response.headers['set-cookie'] ?? []].flat().some((line) => line.startsWith(`${DEVICE_COOKIE}=`))).toBe(false);
  });
});
