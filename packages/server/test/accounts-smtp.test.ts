import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { createSmtpMailer } from '../src/ports/mailer/index.ts';
import type { MailerPort } from '../src/ports/mailer/mailer-port.ts';
import { extractLinks, startSmtpCatcher, type SmtpCatcher } from './support/smtp-catcher.ts';
import { buildTestApp, databaseKinds, TEST_PASSWORD, TestClient, validRegistration } from './support/index.ts';

const NEW_PASSWORD = 'na-het-herstel-wachtwoord';
const tokenIn = (link: string | undefined) => new URL(link ?? 'http://missing').searchParams.get('token') ?? '';

describe.each(databaseKinds)('account mails over real SMTP on $name', (kind) => {
  let database: DatabaseHandle;
  let catcher: SmtpCatcher;
  let mailer: MailerPort;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await kind.open();
    catcher = await startSmtpCatcher();
    // The shop's links are on kavel.test, its mail on kavel.nl: the Message-ID takes the mail's domain.
    mailer = createSmtpMailer({ url: catcher.url, from: 'Kavel <noreply@kavel.nl>', replyTo: 'Kavel <support@kavel.nl>' });
    app = await buildTestApp(database, { mailer });
  });
  afterAll(async () => {
    await app.close();
    await mailer.close?.();
    await catcher.close();
    await database.close();
  });

  it('registers, activates through the mailed link, logs in, and resets the password through the mailed link', async () => {
    const email = `smtp-${kind.name}@example.nl`;
    const browser = new TestClient(app);
    expect((await browser.post('/api/register-account', { registrationDto: validRegistration({ email, firstName: 'Sanne' }) })).statusCode).toBe(200);

    const activation = await catcher.waitFor((m) => m.to.includes(email) && m.text.includes('/account/activeren'));
    expect(activation.from).toBe('noreply@kavel.nl');
    expect(activation.replyTo).toEqual(['support@kavel.nl']);
    expect(activation.headers['auto-submitted']).toBe('auto-generated');
    // The worker's Message-ID: made from the job, on the sender's domain (it was the link domain, `@localhost` on a local shop).
    expect(activation.messageId).toMatch(/^<[0-9a-f-]{36}@kavel\.nl>$/);
    expect(activation.subject).toBe('Activeer je account bij Kavel');
    expect(activation.text).toContain('Hoi Sanne,');
    const activationLink = extractLinks(activation.text)[0];
    expect(activationLink).toMatch(/^http:\/\/kavel\.test\/account\/activeren\?token=[\w-]{43}$/);
    expect(activation.html).toContain(activationLink);
    expect((await browser.post('/api/account/activate', { token: tokenIn(activationLink) })).statusCode).toBe(200);
    await browser.post('/api/logout', {});

    expect((await browser.post('/api/login', { username: email, password: TEST_PASSWORD })).statusCode).toBe(200);
    await browser.post('/api/logout', {});

    expect((await browser.post('/api/login/send-password-reset-link', { email })).statusCode).toBe(200);
    const reset = await catcher.waitFor((m) => m.to.includes(email) && m.text.includes('/account/wachtwoord-herstellen'));
    const resetLink = extractLinks(reset.text)[0];
    expect(resetLink).toMatch(/^http:\/\/kavel\.test\/account\/wachtwoord-herstellen\?token=[\w-]{43}$/);
    expect((await browser.get(`/api/login/password-reset?token=${tokenIn(resetLink)}`)).json()).toEqual({ valid: true });
    expect((await browser.post('/api/login/reset-password', { token: tokenIn(resetLink), password: NEW_PASSWORD })).statusCode).toBe(200);
    await catcher.waitFor((m) => m.to.includes(email) && m.subject === 'Je Kavel-wachtwoord is gewijzigd');

    expect((await browser.post('/api/login', { username: email, password: TEST_PASSWORD })).statusCode).toBe(401);
    const login = await browser.post('/api/login', { username: email, password: NEW_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ customer: { email, firstName: 'Sanne' } });
  });
});
