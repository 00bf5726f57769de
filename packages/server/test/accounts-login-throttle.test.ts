import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { extractLinks } from '../src/ports/mailer/extract-links.ts';
import { createActiveAccount, databaseKinds, solveCaptcha, TEST_PASSWORD, TestClient, tokenOf, useTestShop, type RecordingMailer } from './support/index.ts';

/** The ALTCHA work of the test app's challenges (maxNumber 1000) times the demanded difficulty. */
const BASE_WORK = 1000;
const WRONG = 'niet-het-goede-wachtwoord';
/** Twenty failures, each with a solved captcha and a scrypt check, take a while on a busy machine. */
const LONG = 180_000;

let ipCounter = 0;
/** A new client address for every attempt: the per-address captcha demand stays out of the way. */
const freshClient = (app: FastifyInstance) => new TestClient(app, { remoteAddress: `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

/** A password check happened: only then does the answer say the password was wrong. */
const checked = (response: LightMyRequestResponse) => response.statusCode === 401 && response.json().message === 'Onjuist e-mailadres of wachtwoord.';

describe.each(databaseKinds)('login throttle on $name', (kind) => {
  let app: FastifyInstance;
  let mailer: RecordingMailer;
  let clock = Date.now();
  const advance = (seconds: number) => (clock += seconds * 1000);
  useTestShop(kind, (shop) => ({ app, mailer } = shop), { app: { now: () => new Date(clock) } });

  /** A login the way a determined script does it: a fresh address, and a captcha solved for this username. */
  async function attempt(username: string, password = WRONG): Promise<LightMyRequestResponse> {
    const client = freshClient(app);
    const captcha = await solveCaptcha(client, username);
    return client.post('/api/login', { username, password, 'g-recaptcha-response': captcha });
  }

  /** Fails `count` times, each time waiting out whatever the previous failure demanded. */
  async function failTimes(username: string, count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      let response = await attempt(username);
      if (response.statusCode === 429) {
        advance(Number(response.headers['retry-after']));
        response = await attempt(username);
      }
      expect(checked(response), response.body).toBe(true);
    }
  }

  const challengeWork = async (username: string) => ((await freshClient(app).get(`/captcha/challenge?username=${encodeURIComponent(username)}`)).json() as { maxnumber: number }).maxnumber;

  it('makes each failure from the fifth on wait twice as long as the last, and no solved captcha lifts a wait', async () => {
    const email = 'wachten@example.nl';
    await createActiveAccount(app, mailer, email);
    await failTimes(email, 4);
    // Four failures cost nothing but a captcha; the fifth starts the waits.
    const waits: number[] = [];
    for (let failure = 5; failure <= 9; failure++) {
      expect(checked(await attempt(email))).toBe(true);
      // Straight away, even with the right password and a freshly solved captcha: refused unchecked.
      const refused = await attempt(email, TEST_PASSWORD);
      expect(refused.statusCode).toBe(429);
      const seconds = Number(refused.headers['retry-after']);
      expect(refused.json()).toMatchObject({
        message: `Te veel mislukte inlogpogingen met dit e-mailadres. Wacht ${seconds} s en probeer het dan opnieuw.`,
        showLoginCaptcha: true,
        retryAfterSeconds: seconds,
      });
      waits.push(seconds);
      if (failure === 5) {
        const english = freshClient(app);
        await english.get('/bestelprocedure?lang=en');
        const answer = await english.post('/api/login', { username: email, password: TEST_PASSWORD });
        expect([answer.statusCode, answer.json().message]).toEqual([429, 'Too many failed login attempts with this e-mail address. Wait 1 s, then try again.']);
      }
      // Just before the end of the wait: still refused, and the refusal did not count as a check.
      advance(seconds - 0.5);
      expect((await attempt(email, TEST_PASSWORD)).statusCode).toBe(429);
      advance(0.5);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16]);
    // After the wait the right password works again, and clears the failures.
    const client = freshClient(app);
    const success = await client.post('/api/login', { username: email, password: TEST_PASSWORD, 'g-recaptcha-response': await solveCaptcha(client, email) });
    expect(success.statusCode).toBe(200);
    await failTimes(email, 4);
    expect(checked(await attempt(email))).toBe(true);
  }, LONG);

  it('answers an unknown address exactly as a known one, waits and captcha work included', async () => {
    const known = 'bekend@example.nl';
    const unknown = 'onbekend@example.nl';
    await createActiveAccount(app, mailer, known);
    const answer = async (username: string) => {
      const response = await attempt(username);
      return { status: response.statusCode, retryAfter: response.headers['retry-after'], body: response.body };
    };
    for (let step = 0; step < 8; step++) {
      expect(await challengeWork(unknown)).toBe(await challengeWork(known));
      const [a, b] = [await answer(known), await answer(unknown)];
      expect(b).toEqual(a);
      if (a.status === 429) advance(Number(a.retryAfter));
    }
    expect(await challengeWork(known)).toBeGreaterThan(BASE_WORK);
  });

  it('locks after 20 failures within the hour, mails the holder a link that lifts the lock by a new password', async () => {
    const email = 'slot@example.nl';
    await createActiveAccount(app, mailer, email);
    const mailsBefore = mailer.messages.length;
    await failTimes(email, 20);
    const locked = await attempt(email, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('3600');
    expect(locked.json().message).toBe(
      'Te veel mislukte inlogpogingen met dit e-mailadres. Inloggen kan weer over 60 minuten. Hoort er een account bij dit adres, dan hebben we een e-mail gestuurd waarmee je de blokkade opheft door een nieuw wachtwoord te kiezen.',
    );
    // Still locked after 59 minutes, with the right password; the form post says so too.
    advance(59 * 60);
    expect((await attempt(email, TEST_PASSWORD)).statusCode).toBe(429);
    const form = await freshClient(app).postForm('/login', { from: 'shop', username: email, password: TEST_PASSWORD });
    expect(form.headers.location).toBe('/bestellen/inloggen?loginError=wait');

    const mail = await mailer.waitFor((m) => m.to === email && m.subject === 'Inloggen bij Kavel tijdelijk geblokkeerd');
    expect(mailer.messages.slice(mailsBefore).filter((m) => m.subject === mail.subject)).toHaveLength(1);
    expect(extractLinks(mail.text)[0]).toMatch(/^http:\/\/kavel\.test\/account\/wachtwoord-herstellen\?token=/);
    const newPassword = 'een-nieuw-sterk-wachtwoord-na-slot';
    const reset = await freshClient(app).post('/api/login/reset-password', { token: tokenOf(mail), password: newPassword });
    expect(reset.statusCode).toBe(200);
    // The reset lifted the lock and the failures: no wait, no captcha.
    expect((await freshClient(app).post('/api/login', { username: email, password: newPassword })).statusCode).toBe(200);
  }, LONG);

  it('locks an unknown address alike, without sending any mail', async () => {
    const email = 'niemand-slot@example.nl';
    const mailsBefore = mailer.messages.length;
    await failTimes(email, 20);
    const locked = await attempt(email);
    expect([locked.statusCode, locked.headers['retry-after']]).toEqual([429, '3600']);
    await mailer.waitFor(() => false, 200).catch(() => undefined);
    expect(mailer.messages.slice(mailsBefore)).toEqual([]);
    // The lock ends on its own.
    advance(3600);
    expect(checked(await attempt(email))).toBe(true);
  }, LONG);

  it('lets at most one of 40 simultaneous attempts during a wait check a password', async () => {
    const email = 'gelijktijdig@example.nl';
    await createActiveAccount(app, mailer, email);
    await failTimes(email, 5);
    advance(1);
    // Solved first, sent together: every attempt carries a valid captcha of the right difficulty.
    const prepared = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const client = freshClient(app);
        return { client, captcha: await solveCaptcha(client, email) };
      }),
    );
    const answers = await Promise.all(prepared.map(({ client, captcha }) => client.post('/api/login', { username: email, password: WRONG, 'g-recaptcha-response': captcha })));
    expect(answers.filter(checked)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(39);
  });

  it('lets at most five of 40 simultaneous first attempts check a password', async () => {
    const email = 'stormloop@example.nl';
    await createActiveAccount(app, mailer, email);
    const answers = await Promise.all(Array.from({ length: 40 }, () => freshClient(app).post('/api/login', { username: email, password: WRONG })));
    expect(answers.filter(checked).length).toBeLessThanOrEqual(5);
    expect(answers.every((a) => checked(a) || a.statusCode === 429)).toBe(true);
  });

  it('demands harder challenges as failures grow, and refuses a solution of an easier one', async () => {
    const email = 'moeilijk@example.nl';
    await createActiveAccount(app, mailer, email);
    const work: number[] = [await challengeWork(email)];
    for (let i = 0; i < 8; i++) {
      await failTimes(email, 1);
      work.push(await challengeWork(email));
    }
    expect(work).toEqual([1, 1, 1, 1, 2, 4, 8, 16, 16].map((factor) => factor * BASE_WORK));
    // The wait after the eighth failure is over; an easy challenge (no username, or another address) is not good enough.
    advance(8);
    for (const easy of [undefined, 'iemand-anders@example.nl']) {
      const client = freshClient(app);
      const response = await client.post('/api/login', { username: email, password: TEST_PASSWORD, 'g-recaptcha-response': await solveCaptcha(client, easy) });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: 'Te veel mislukte pogingen. Los de captcha op en probeer het opnieuw.', showLoginCaptcha: true });
    }
    const client = freshClient(app);
    const hard = await client.post('/api/login', { username: email, password: TEST_PASSWORD, 'g-recaptcha-response': await solveCaptcha(client, email) });
    expect(hard.statusCode).toBe(200);
  });
});
