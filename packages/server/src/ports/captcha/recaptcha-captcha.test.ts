import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecaptchaCaptcha } from './recaptcha-captcha.ts';

const secretKey = 'test-secret';
const remoteIp = '198.51.100.7';

/** What the stub siteverify server received, per request. */
const received: { method: string | undefined; contentType: string | undefined; form: Record<string, string> }[] = [];

/** Answers of a real (local) siteverify stub, keyed by the `response` token. */
const answers: Record<string, { status: number; body: unknown }> = {
  good: { status: 200, body: { success: true, challenge_ts: '2030-01-01T00:00:00Z', hostname: 'shop.test' } },
  'good-v3': { status: 200, body: { success: true, score: 0.9, action: 'submit', challenge_ts: '2030-01-01T00:00:00Z', hostname: 'shop.test' } },
  bad: { status: 200, body: { success: false, 'error-codes': ['invalid-input-response'] } },
  duplicate: { status: 200, body: { success: false, 'error-codes': ['timeout-or-duplicate'] } },
  'low-score': { status: 200, body: { success: true, score: 0.1, action: 'submit' } },
  'server-error': { status: 500, body: { error: 'boom' } },
  'not-json': { status: 200, body: '<html>' },
};

const server = createServer((req, res) => {
  let raw = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (raw += chunk));
  req.on('end', () => {
    const form = Object.fromEntries(new URLSearchParams(raw));
    received.push({ method: req.method, contentType: req.headers['content-type'], form });
    if (form['secret'] !== secretKey || form['remoteip'] !== remoteIp) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false, 'error-codes': ['invalid-input-secret'] }));
      return;
    }
    const answer = answers[form['response'] ?? ''] ?? answers['bad']!;
    const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(body);
  });
});

let verifyUrl = '';
let closedPortUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  verifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`;

  // A port that was just free and is closed again: connecting is refused.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPortUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/siteverify`;
  await new Promise<void>((resolve, reject) => probe.close((e) => (e ? reject(e) : resolve())));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function captcha(url = verifyUrl) {
  return createRecaptchaCaptcha({ siteKey: 'site-key', secretKey, verifyUrl: url, timeoutMs: 2_000 });
}

describe('reCAPTCHA captcha', () => {
  it('tells the browser its site key', () => {
    expect(captcha().browserKey()).toBe('site-key');
    expect(captcha().provider).toBe('recaptcha');
  });

  it('posts secret, response and remoteip form-encoded and accepts a good token', async () => {
    received.length = 0;
    expect(await captcha().verify('good', remoteIp)).toEqual({ ok: true });
    expect(received).toEqual([
      {
        method: 'POST',
        contentType: 'application/x-www-form-urlencoded',
        form: { secret: secretKey, response: 'good', remoteip: remoteIp },
      },
    ]);
  });

  it('accepts a v3 answer with a high enough score', async () => {
    expect(await captcha().verify('good-v3', remoteIp)).toEqual({ ok: true });
  });

  it('calls a refused token invalid', async () => {
    expect(await captcha().verify('bad', remoteIp)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('calls timeout-or-duplicate replayed', async () => {
    expect(await captcha().verify('duplicate', remoteIp)).toEqual({ ok: false, reason: 'replayed' });
  });

  it('calls a score below the minimum invalid, and honours minScore', async () => {
    expect(await captcha().verify('low-score', remoteIp)).toEqual({ ok: false, reason: 'invalid' });
    const lenient = createRecaptchaCaptcha({ siteKey: 'site-key', secretKey, verifyUrl, minScore: 0.05 });
    expect(await lenient.verify('low-score', remoteIp)).toEqual({ ok: true });
  });

  it('calls a 500 or a non-JSON answer unreachable', async () => {
    expect(await captcha().verify('server-error', remoteIp)).toEqual({ ok: false, reason: 'unreachable' });
    expect(await captcha().verify('not-json', remoteIp)).toEqual({ ok: false, reason: 'unreachable' });
  });

  it('calls a closed port unreachable', async () => {
    expect(await captcha(closedPortUrl).verify('good', remoteIp)).toEqual({ ok: false, reason: 'unreachable' });
  });

  it('calls a missing token missing without asking the service', async () => {
    received.length = 0;
    expect(await captcha().verify(undefined, remoteIp)).toEqual({ ok: false, reason: 'missing' });
    expect(await captcha().verify('', remoteIp)).toEqual({ ok: false, reason: 'missing' });
    expect(received).toHaveLength(0);
  });

  it('calls a service that does not answer in time unreachable', async () => {
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const slow = createRecaptchaCaptcha({ siteKey: 'site-key', secretKey, verifyUrl, fetchImpl: hanging, timeoutMs: 50 });
    expect(await slow.verify('good', remoteIp)).toEqual({ ok: false, reason: 'unreachable' });
  });
});
