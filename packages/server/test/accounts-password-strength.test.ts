import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { customers } from '../src/db/schema/index.ts';
import { createActiveAccount, databaseKinds, TEST_PASSWORD, TestClient, tokenOf, useTestShop, validRegistration, type RecordingMailer } from './support/index.ts';

let ipCounter = 0;
const freshClient = (app: FastifyInstance) => new TestClient(app, { remoteAddress: `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });
const GUESSABLE_NL = 'Moeilijk te raden: geen bekend wachtwoord, woord, naam of patroon';
const GUESSABLE_EN = 'Hard to guess: no common password, word, name or pattern';
const STRONG = 'fiets-regen-oktober-lepel';

describe.each(databaseKinds)('weak passwords refused on $name', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let mailer: RecordingMailer;
  useTestShop(kind, (shop) => ({ database, app, mailer } = shop));

  const customerRows = (email: string) => database.db.select().from(customers).where(eq(customers.email, email));
  const mailsTo = (email: string) => mailer.messages.filter((m) => m.to === email);

  it.each(['passwordpassword', 'aaaaaaaaaaaaaa', 'wachtwoordwachtwoord', '12345678901234', 'qwertyuiopasdf'])(
    'registration refuses %s with a field error and creates nothing',
    async (password) => {
      const email = `zwak-${password.slice(0, 6)}@example.nl`;
      const response = await freshClient(app).post('/api/register-account', { registrationDto: validRegistration({ email, password }) });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ 'registrationDto.password': GUESSABLE_NL });
      expect(await customerRows(email)).toEqual([]);
      expect(mailsTo(email)).toEqual([]);
    },
  );

  it("registration refuses a password made of the customer's own e-mail address, in the session language", async () => {
    const english = freshClient(app);
    await english.get('/bestelprocedure?lang=en');
    const email = 'tulpenbollen.kweker@example.nl';
    // Strong enough for anyone else: the same password is taken for another address.
    const password = 'tulpenbollen.kweker@example.nl';
    const response = await english.post('/api/register-account', { registrationDto: validRegistration({ email, password }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ 'registrationDto.password': GUESSABLE_EN });
    expect(await customerRows(email)).toEqual([]);
    const other = await freshClient(app).post('/api/register-account', { registrationDto: validRegistration({ email: 'iemand-anders@example.nl', password }) });
    expect(other.statusCode).toBe(200);
  });

  it('password reset refuses a weak password and leaves the link and the old password working', async () => {
    const email = 'zwak-herstel@example.nl';
    await createActiveAccount(app, mailer, email);
    const [before] = await customerRows(email);
    await freshClient(app).post('/api/login/send-password-reset-link', { email });
    const token = tokenOf(await mailer.waitFor((m) => m.to === email && m.text.includes('/account/wachtwoord-herstellen')));

    const client = freshClient(app);
    const refused = await client.post('/api/login/reset-password', { token, password: 'passwordpassword' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ password: GUESSABLE_NL });
    const [after] = await customerRows(email);
    expect(after!.passwordHash).toBe(before!.passwordHash);
    expect((await client.get(`/api/login/password-reset?token=${token}`)).json()).toEqual({ valid: true });
    expect((await freshClient(app).post('/api/login', { username: email, password: TEST_PASSWORD })).statusCode).toBe(200);

    expect((await client.post('/api/login/reset-password', { token, password: STRONG })).statusCode).toBe(200);
    expect((await freshClient(app).post('/api/login', { username: email, password: STRONG })).statusCode).toBe(200);
  });

  it('activation from the order app refuses a weak password and keeps the link', async () => {
    const email = 'zwak-bestelapp@example.nl';
    const client = freshClient(app);
    await client.post('/api/bestellen/registreren', { registrationRequest: { email, firstname: 'Bram', lastname: 'Visser' } });
    const token = tokenOf(await mailer.waitFor((m) => m.to === email));
    const refused = await client.post('/api/account/activate', { token, password: 'aaaaaaaaaaaaaa' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ password: GUESSABLE_NL });
    expect(await customerRows(email)).toEqual([expect.objectContaining({ state: 'awaiting_activation', passwordHash: null })]);
    expect((await client.get(`/api/account/activation?token=${token}`)).json()).toEqual({ valid: true, needsPassword: true });
    expect((await client.post('/api/account/activate', { token, password: STRONG })).statusCode).toBe(200);
  });
});
