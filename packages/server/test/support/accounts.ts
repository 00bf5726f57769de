import { solveChallenge } from 'altcha-lib';
import type { FastifyInstance } from 'fastify';
import { extractLinks } from '../../src/ports/mailer/extract-links.ts';
import type { MailMessage } from '../../src/ports/mailer/mailer-port.ts';
import { TestClient } from './http-client.ts';
import type { RecordingMailer } from './recording-mailer.ts';

export const TEST_PASSWORD = 'een-lang-genoeg-wachtwoord';

/** A complete, valid step 3 registration form; override what a test is about. */
export function validRegistration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    isCompany: true,
    companyName: 'Bloemenhandel Tulp',
    gender: 'F',
    firstName: 'Anna',
    lastName: 'de Boer',
    birthDate: '1985-04-12',
    street: 'Damrak',
    streetNumber: '12',
    streetNumberAddition: 'A',
    postCode: '1012 LG',
    city: 'Amsterdam',
    countryId: 154,
    phoneNumber: '+31 20 555 0101',
    email: 'anna@example.nl',
    password: TEST_PASSWORD,
    ...overrides,
  };
}

/** The `token` query parameter of the first link in a mail. */
export function tokenOf(mail: Pick<MailMessage, 'text'>): string {
  const link = extractLinks(mail.text)[0];
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no link with a token in: ${mail.text}`);
  return token;
}

/**
 * A captcha solution as the browser makes it: fetch a challenge (for the login of `username`, as
 * hard as that login demands), solve it, encode the payload.
 */
export async function solveCaptcha(client: TestClient, username?: string): Promise<string> {
  const challenge = (await client.get(`/captcha/challenge${username === undefined ? '' : `?username=${encodeURIComponent(username)}`}`)).json() as { challenge: string; salt: string; algorithm: string; maxnumber: number; signature: string };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  return btoa(JSON.stringify({ ...solution, algorithm: challenge.algorithm, challenge: challenge.challenge, salt: challenge.salt, signature: challenge.signature }));
}

/**
 * Registers through the API and follows the activation mail: an active account, and the client
 * that activated it (logged in).
 */
export async function createActiveAccount(app: FastifyInstance, mailer: RecordingMailer, email: string, overrides: Record<string, unknown> = {}): Promise<TestClient> {
  const client = new TestClient(app, { remoteAddress: `10.200.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  const registered = await client.post('/api/register-account', { registrationDto: validRegistration({ email, ...overrides }) });
  if (registered.statusCode !== 200) throw new Error(`registration failed: ${registered.body}`);
  const mail = await mailer.waitFor((m) => m.to === email && extractLinks(m.text).some((l) => l.includes('/account/activeren')));
  const activated = await client.post('/api/account/activate', { token: tokenOf(mail) });
  if (activated.statusCode !== 200) throw new Error(`activation failed: ${activated.body}`);
  return client;
}
