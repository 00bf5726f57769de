import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { accountTokens } from '../src/db/schema/index.ts';
import {
  buildTestApp,
  createActiveAccount,
  createRecordingMailer,
  createTestClock,
  databaseKinds,
  solveCaptcha,
  TEST_PASSWORD,
  TestClient,
  tokenOf,
  validRegistration,
  type RecordingMailer,
} from './support/index.ts';

let ipCounter = 0;
const freshClient = (app: FastifyInstance) => new TestClient(app, { remoteAddress: `10.3.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });
const NEW_PASSWORD = 'een-heel-nieuw-wachtwoord';
const MINUTE = 60_000;

describe.each(databaseKinds)('activation and password-reset links on $name', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let mailer: RecordingMailer;
  const clock = createTestClock();
  beforeAll(async () => {
    database = await kind.open();
    mailer = createRecordingMailer();
    app = await buildTestApp(database, { mailer, now: clock.now });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const mailsTo = (to: string, path: string) => mailer.messages.filter((m) => m.to === to && m.text.includes(path));
  const lastMailTo = async (to: string, path: string, count = 1) => {
    await mailer.waitFor(() => mailsTo(to, path).length >= count);
    return mailsTo(to, path).at(-1)!;
  };
  const register = (email: string) => freshClient(app).post('/api/register-account', { registrationDto: validRegistration({ email }) });
  const requestReset = (client: TestClient, email: string, captcha?: string) =>
    client.post('/api/login/send-password-reset-link', { email, ...(captcha ? { 'g-recaptcha-response': captcha } : {}) });

  it('activates once with a link; the link is then gone, and the customer is logged in', async () => {
    await register('eenmalig@example.nl');
    const token = tokenOf(await lastMailTo('eenmalig@example.nl', '/account/activeren'));
    const client = freshClient(app);
    const first = await client.post('/api/account/activate', { token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ isReseller: false, customer: { email: 'eenmalig@example.nl' } });
    expect((await client.get('/api/account/me')).json()).toMatchObject({ loggedIn: true });
    const again = await freshClient(app).post('/api/account/activate', { token });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toMatch(/^Deze link is niet meer geldig/);
    expect((await freshClient(app).get(`/api/account/activation?token=${token}`)).json()).toEqual({ valid: false, needsPassword: false });
    expect((await freshClient(app).post('/api/account/activate', { token: 'x'.repeat(43) })).statusCode).toBe(410);
    expect((await freshClient(app).get('/api/account/activation')).json()).toEqual({ valid: false, needsPassword: false });
  });

  it('lets only one of two simultaneous activations through', async () => {
    await register('tegelijk@example.nl');
    const token = tokenOf(await lastMailTo('tegelijk@example.nl', '/account/activeren'));
    const answers = await Promise.all([freshClient(app).post('/api/account/activate', { token }), freshClient(app).post('/api/account/activate', { token })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410]);
  });

  it('stores only a hash of each link token', async () => {
    await register('gehasht@example.nl');
    const token = tokenOf(await lastMailTo('gehasht@example.nl', '/account/activeren'));
    const stored = await database.db.select().from(accountTokens);
    expect(stored.some((row) => row.tokenHash.includes(token))).toBe(false);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it('lets an activation link expire after 24 hours', async () => {
    await register('verlopen@example.nl');
    const token = tokenOf(await lastMailTo('verlopen@example.nl', '/account/activeren'));
    clock.advance(24 * 60 * MINUTE - MINUTE);
    expect((await freshClient(app).get(`/api/account/activation?token=${token}`)).json()).toEqual({ valid: true, needsPassword: false });
    clock.advance(2 * MINUTE);
    expect((await freshClient(app).get(`/api/account/activation?token=${token}`)).json()).toEqual({ valid: false, needsPassword: false });
    expect((await freshClient(app).post('/api/account/activate', { token })).statusCode).toBe(410);
  });

  it('resends the activation link after 30 seconds; the older link stops working; the answer never tells', async () => {
    await register('opnieuw@example.nl');
    const oldToken = tokenOf(await lastMailTo('opnieuw@example.nl', '/account/activeren'));
    const client = freshClient(app);
    const tooSoon = await client.post('/api/register-account/send-activation-link', { email: 'opnieuw@example.nl' });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ message: 'Er is iets misgegaan. Probeer het later nog eens.' });
    clock.advance(31_000);
    const resent = await client.post('/api/bestellen/registreren/opnieuw-verzenden', { email: 'opnieuw@example.nl' });
    expect(resent.json()).toEqual({ status: 'AWAITING_ACTIVATION', email: 'opnieuw@example.nl' });
    const newToken = tokenOf(await lastMailTo('opnieuw@example.nl', '/account/activeren', 2));
    expect(newToken).not.toBe(oldToken);
    expect((await client.post('/api/account/activate', { token: oldToken })).statusCode).toBe(410);

    const unknown = await client.post('/api/register-account/send-activation-link', { email: 'nooit-gezien@example.nl' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(resent.body.replace('opnieuw', 'nooit-gezien'));
    expect((await client.post('/api/account/activate', { token: newToken })).statusCode).toBe(200);
    clock.advance(31_000);
    const active = await client.post('/api/register-account/send-activation-link', { email: 'opnieuw@example.nl' });
    expect(active.body).toBe(resent.body);
    // Mails leave in order: once a later one is out, the resend for the active account would be too.
    await register('daarna@example.nl');
    await lastMailTo('daarna@example.nl', '/account/activeren');
    expect(mailsTo('opnieuw@example.nl', '/account/activeren')).toHaveLength(2);
    const english = freshClient(app);
    await english.get('/bestelprocedure?lang=en');
    await english.post('/api/register-account/send-activation-link', { email: 'engels@example.nl' });
    expect((await english.post('/api/register-account/send-activation-link', { email: 'engels@example.nl' })).json()).toMatchObject({
      message: 'Something went wrong. Please try again later.',
    });
  });

  it('resets a password with a link: single use, other sessions ended, a notice mailed', async () => {
    const device = await createActiveAccount(app, mailer, 'herstel@example.nl');
    const otherDevice = freshClient(app);
    expect((await otherDevice.post('/api/login', { username: 'herstel@example.nl', password: TEST_PASSWORD })).statusCode).toBe(200);

    const client = freshClient(app);
    const answer = await requestReset(client, 'herstel@example.nl');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().message).toMatch(/^Als dit e-mailadres bij ons bekend is/);
    expect((await requestReset(freshClient(app), 'onbekend-herstel@example.nl')).body).toBe(answer.body);
    const mail = await lastMailTo('herstel@example.nl', '/account/wachtwoord-herstellen');
    expect(mail.text).toContain('http://kavel.test/account/wachtwoord-herstellen?token=');
    const token = tokenOf(mail);
    expect((await client.get(`/api/login/password-reset?token=${token}`)).json()).toEqual({ valid: true });

    expect((await client.post('/api/login/reset-password', { token, password: 'te-kort' })).json().fieldErrors).toEqual({ password: 'Tussen 14 en 40 tekens' });
    const reset = await client.post('/api/login/reset-password', { token, password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toMatch(/^Je wachtwoord is gewijzigd/);
    expect((await client.post('/api/login/reset-password', { token, password: NEW_PASSWORD })).statusCode).toBe(410);
    expect((await client.get(`/api/login/password-reset?token=${token}`)).json()).toEqual({ valid: false });

    expect((await device.get('/api/account/me')).json()).toEqual({ loggedIn: false, customer: null });
    expect((await otherDevice.get('/api/account/me')).json()).toEqual({ loggedIn: false, customer: null });
    expect((await client.post('/api/login', { username: 'herstel@example.nl', password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await client.post('/api/login', { username: 'herstel@example.nl', password: NEW_PASSWORD })).statusCode).toBe(200);
    await mailer.waitFor((m) => m.to === 'herstel@example.nl' && m.subject.includes('gewijzigd'));
  });

  it('lets a reset link expire after 60 minutes', async () => {
    await createActiveAccount(app, mailer, 'herstel-laat@example.nl');
    await requestReset(freshClient(app), 'herstel-laat@example.nl');
    const token = tokenOf(await lastMailTo('herstel-laat@example.nl', '/account/wachtwoord-herstellen'));
    clock.advance(61 * MINUTE);
    expect((await freshClient(app).get(`/api/login/password-reset?token=${token}`)).json()).toEqual({ valid: false });
    expect((await freshClient(app).post('/api/login/reset-password', { token, password: NEW_PASSWORD })).statusCode).toBe(410);
  });

  it('demands a verified captcha after 3 reset requests per client address or 2 per e-mail address', async () => {
    const client = freshClient(app);
    for (const email of ['a@example.nl', 'b@example.nl', 'c@example.nl']) expect((await requestReset(client, email)).statusCode).toBe(200);
    const demanded = await requestReset(client, 'd@example.nl');
    expect(demanded.statusCode).toBe(401);
    expect(demanded.json()).toEqual({ status: 'showPasswordResetCaptcha', message: 'Te veel pogingen. Los eerst de captcha op voordat je een nieuw wachtwoord aanvraagt.' });
    expect((await requestReset(client, 'd@example.nl', 'bogus')).statusCode).toBe(401);
    const token = await solveCaptcha(client);
    expect((await requestReset(client, 'd@example.nl', token)).statusCode).toBe(200);
    expect((await requestReset(client, 'd@example.nl', token)).statusCode).toBe(401);

    expect((await requestReset(freshClient(app), 'zelfde@example.nl')).statusCode).toBe(200);
    expect((await requestReset(freshClient(app), 'zelfde@example.nl')).statusCode).toBe(200);
    const english = freshClient(app);
    await english.get('/bestelprocedure?lang=en');
    const perEmail = await requestReset(english, 'ZELFDE@example.nl');
    expect(perEmail.statusCode).toBe(401);
    expect(perEmail.json()).toEqual({ status: 'showPasswordResetCaptcha', message: 'Too many attempts. Solve Captcha before sending password reset request.' });
    // The window is an hour.
    clock.advance(61 * MINUTE);
    expect((await requestReset(freshClient(app), 'zelfde@example.nl')).statusCode).toBe(200);
    expect((await requestReset(client, 'e@example.nl')).statusCode).toBe(200);
  });

  it('refuses reset requests without the CSRF token', async () => {
    expect((await freshClient(app).post('/api/login/send-password-reset-link', { email: 'a@example.nl' }, { csrf: false })).statusCode).toBe(403);
  });
});
