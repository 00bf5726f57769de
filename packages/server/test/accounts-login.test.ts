import { ZLoginSuccess } from '@kavel/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { customers } from '../src/db/schema/index.ts';
import { useTestShop, createActiveAccount, databaseKinds, solveCaptcha, TEST_PASSWORD, TestClient, validRegistration, type RecordingMailer } from './support/index.ts';

let ipCounter = 0;
const freshClient = (app: FastifyInstance) => new TestClient(app, { remoteAddress: `10.2.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });
const login = (client: TestClient, username: string, password: string, captcha?: string) =>
  client.post('/api/login', { username, password, ...(captcha ? { 'g-recaptcha-response': captcha } : {}) });
const INVALID = { message: 'Onjuist e-mailadres of wachtwoord.', showLoginCaptcha: false };

describe.each(databaseKinds)('login on $name', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let mailer: RecordingMailer;
  useTestShop(kind, (shop) => ({ database, app, mailer } = shop));

  it('logs in with the right password, case-insensitively, and says who is logged in', async () => {
    await createActiveAccount(app, mailer, 'inloggen@example.nl');
    const client = freshClient(app);
    expect((await client.get('/api/account/me')).json()).toEqual({ loggedIn: false, customer: null });
    expect((await client.get('/api/bestellen/ingelogd')).json()).toBe(false);
    const response = await login(client, ' Inloggen@Example.nl ', TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = ZLoginSuccess.parse(response.json());
    expect(body).toMatchObject({ isReseller: false, isSubUser: false, customer: { email: 'inloggen@example.nl', companyName: 'Bloemenhandel Tulp' } });
    expect(response.body).not.toContain('scrypt');
    expect((await client.get('/api/account/me')).json()).toMatchObject({ loggedIn: true, customer: { email: 'inloggen@example.nl' } });
    expect((await client.get('/api/bestellen/ingelogd')).json()).toBe(true);
  });

  it('answers an unknown address and a wrong password alike', async () => {
    await createActiveAccount(app, mailer, 'gelijk@example.nl');
    const wrong = await login(freshClient(app), 'gelijk@example.nl', 'niet-het-goede-wachtwoord');
    const unknown = await login(freshClient(app), 'niemand@example.nl', 'niet-het-goede-wachtwoord');
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json()).toEqual(INVALID);
    expect(unknown.body).toBe(wrong.body);
    const english = freshClient(app);
    await english.get('/bestelprocedure?lang=en');
    expect((await login(english, 'niemand@example.nl', 'x')).json()).toMatchObject({ message: 'Incorrect e-mail address or password.', showLoginCaptcha: false });
  });

  it('tells an account awaiting activation to activate first, only with the right password', async () => {
    await freshClient(app).post('/api/register-account', { registrationDto: validRegistration({ email: 'wacht@example.nl' }) });
    expect((await login(freshClient(app), 'wacht@example.nl', 'verkeerd-wachtwoord-1')).json()).toEqual(INVALID);
    const response = await login(freshClient(app), 'wacht@example.nl', TEST_PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toContain('nog niet geactiveerd');
  });

  it('tells a locked account it is locked, only with the right password', async () => {
    await createActiveAccount(app, mailer, 'geblokkeerd@example.nl');
    await database.db.update(customers).set({ state: 'locked' }).where(eq(customers.email, 'geblokkeerd@example.nl'));
    expect((await login(freshClient(app), 'geblokkeerd@example.nl', 'verkeerd-wachtwoord-1')).json()).toEqual(INVALID);
    const response = await login(freshClient(app), 'geblokkeerd@example.nl', TEST_PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'Uw account is geblokkeerd.', showLoginCaptcha: false, locked: true });
  });

  it('demands a verified captcha after 3 failures on one account, before even checking the password', async () => {
    await createActiveAccount(app, mailer, 'doelwit@example.nl');
    // From three addresses: the count is per account.
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await login(freshClient(app), 'doelwit@example.nl', `fout-wachtwoord-${i}`)).json());
    expect(answers.map((a) => a.showLoginCaptcha)).toEqual([false, false, true]);

    const client = freshClient(app);
    const demanded = await login(client, 'doelwit@example.nl', TEST_PASSWORD);
    expect(demanded.statusCode).toBe(401);
    expect(demanded.json()).toMatchObject({ message: 'Te veel mislukte pogingen. Los de captcha op en probeer het opnieuw.', showLoginCaptcha: true });
    expect((await login(client, 'doelwit@example.nl', TEST_PASSWORD, 'bogus')).json().showLoginCaptcha).toBe(true);
    const token = await solveCaptcha(client);
    expect((await login(client, 'doelwit@example.nl', TEST_PASSWORD, token)).statusCode).toBe(200);
    // The success cleared the account's failures: the next login needs no captcha.
    expect((await login(freshClient(app), 'doelwit@example.nl', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('does the same for an unknown address, so the captcha does not tell accounts apart', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await login(freshClient(app), 'spook@example.nl', `fout-wachtwoord-${i}`)).json());
    expect(answers.map((a) => a.showLoginCaptcha)).toEqual([false, false, true]);
  });

  it('demands a captcha after 10 failures from one client address, for any account', async () => {
    await createActiveAccount(app, mailer, 'buurman@example.nl');
    const client = freshClient(app);
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await login(client, `gok${i}@example.nl`, 'fout-wachtwoord')).json());
    expect(answers.map((a) => a.showLoginCaptcha)).toEqual([...Array<boolean>(9).fill(false), true]);
    expect((await login(client, 'buurman@example.nl', TEST_PASSWORD)).json()).toMatchObject({ showLoginCaptcha: true });
    expect((await login(freshClient(app), 'buurman@example.nl', TEST_PASSWORD)).statusCode).toBe(200);
    expect((await login(client, 'buurman@example.nl', TEST_PASSWORD, await solveCaptcha(client))).statusCode).toBe(200);
  });

  it('gives the session a new id on login and on logout; the old cookies stop working', async () => {
    await createActiveAccount(app, mailer, 'roteren@example.nl');
    const client = freshClient(app);
    // A change stores the anonymous session (a visitor who only reads has none).
    await client.post('/api/bestelprocedure/removeItem', { unique: 'x' });
    const anonymous = client.cookies.get('kavel_session')!;
    expect(anonymous).toMatch(/^[\w-]{43}$/);
    const anonymousXsrf = client.cookies.get('XSRF-TOKEN')!;
    await login(client, 'roteren@example.nl', TEST_PASSWORD);
    const loggedIn = client.cookies.get('kavel_session')!;
    expect(loggedIn).not.toBe(anonymous);
    expect(client.cookies.get('XSRF-TOKEN')).not.toBe(anonymousXsrf);

    const withCookie = (cookie: string) => app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie: `kavel_session=${cookie}` } });
    expect((await withCookie(anonymous)).json()).toEqual({ loggedIn: false, customer: null });
    expect((await withCookie(loggedIn)).json()).toMatchObject({ loggedIn: true });

    const out = await client.post('/api/logout', {});
    expect(out.json()).toEqual({ loggedIn: false, customer: null });
    expect(client.cookies.get('kavel_session')).not.toBe(loggedIn);
    expect((await withCookie(loggedIn)).json()).toEqual({ loggedIn: false, customer: null });
    expect((await client.get('/api/account/me')).json()).toEqual({ loggedIn: false, customer: null });
  });

  it('refuses login and logout without the CSRF token', async () => {
    const client = await createActiveAccount(app, mailer, 'csrf-login@example.nl');
    expect((await client.post('/api/logout', {}, { csrf: false })).statusCode).toBe(403);
    expect((await client.get('/api/account/me')).json()).toMatchObject({ loggedIn: true });
    const other = freshClient(app);
    expect((await other.post('/api/login', { username: 'csrf-login@example.nl', password: TEST_PASSWORD }, { csrf: false })).statusCode).toBe(403);
    expect((await other.get('/api/account/me')).json()).toMatchObject({ loggedIn: false });
  });

  it('handles the order app form login with redirects', async () => {
    await createActiveAccount(app, mailer, 'formulier@example.nl');
    const form = (client: TestClient, fields: Record<string, string>) => client.postForm('/login', fields);
    const shop = freshClient(app);
    const success = await form(shop, { from: 'shop', username: 'formulier@example.nl', password: TEST_PASSWORD });
    expect([success.statusCode, success.headers.location]).toEqual([303, '/bestellen/']);
    expect((await shop.get('/api/bestellen/ingelogd')).json()).toBe(true);
    const plain = await form(freshClient(app), { username: 'formulier@example.nl', password: TEST_PASSWORD });
    expect(plain.headers.location).toBe('/bestelprocedure');

    const invalid = await form(freshClient(app), { from: 'shop', username: 'formulier@example.nl', password: 'verkeerd-wachtwoord' });
    expect([invalid.statusCode, invalid.headers.location]).toEqual([303, '/bestellen/inloggen?loginError=invalid']);
    expect((await form(freshClient(app), { from: 'shop', username: '', password: '' })).headers.location).toBe('/bestellen/inloggen?loginError=invalid');

    await createActiveAccount(app, mailer, 'formulier-slot@example.nl');
    await database.db.update(customers).set({ state: 'locked' }).where(eq(customers.email, 'formulier-slot@example.nl'));
    const locked = await form(freshClient(app), { from: 'shop', username: 'formulier-slot@example.nl', password: TEST_PASSWORD });
    expect(locked.headers.location).toBe('/bestellen/inloggen?loginError=locked');

    for (let i = 0; i < 3; i++) await form(freshClient(app), { username: 'formulier@example.nl', password: 'verkeerd-wachtwoord' });
    const captcha = await form(freshClient(app), { username: 'formulier@example.nl', password: TEST_PASSWORD });
    expect(captcha.headers.location).toBe('/bestellen/inloggen?loginError=captcha');

    const forged = await freshClient(app).postForm('/login', { username: 'formulier@example.nl', password: TEST_PASSWORD }, { csrf: false });
    expect(forged.statusCode).toBe(403);
  });
});
