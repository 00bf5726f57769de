import { createChallenge, solveChallenge } from 'altcha-lib';
import type { Challenge } from 'altcha-lib/types';
import { describe, expect, it } from 'vitest';
import { createAltchaCaptcha } from './altcha-captcha.ts';
import { createMemorySpentTokenStore } from './spent-token-store.ts';

const hmacKey = 'test-hmac-key';
const ip = '192.0.2.1';

async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('not solved');
  const { algorithm, salt, signature } = challenge;
  return Buffer.from(JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution.number, salt, signature })).toString('base64');
}

function decode(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Record<string, unknown>;
}

function encode(payload: unknown): string {
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

function setup(now: () => Date = () => new Date()) {
  const store = createMemorySpentTokenStore({ now });
  const captcha = createAltchaCaptcha({ hmacKey, maxNumber: 2_000, store, now });
  return { store, captcha };
}

describe('ALTCHA captcha', () => {
  it('tells the browser where to fetch challenges', () => {
    expect(setup().captcha.browserKey()).toBe('/captcha/challenge');
    expect(createAltchaCaptcha({ hmacKey, maxNumber: 2_000, store: createMemorySpentTokenStore(), challengePath: '/x' }).browserKey()).toBe('/x');
    expect(setup().captcha.provider).toBe('altcha');
  });

  it('creates SHA-256 challenges that expire', async () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const challenge = await setup(() => now).captcha.createChallenge();
    expect(challenge.algorithm).toBe('SHA-256');
    expect(challenge.maxnumber).toBe(2_000);
    expect(challenge.salt).toContain(`expires=${now.getTime() / 1000 + 600}`);
  });

  it('accepts a solution once, then calls it replayed', async () => {
    const { captcha, store } = setup();
    const token = await solve(await captcha.createChallenge());
    expect(await captcha.verify(token, ip)).toEqual({ ok: true });
    expect(store.size).toBe(1);
    expect(await captcha.verify(token, ip)).toEqual({ ok: false, reason: 'replayed' });
  });

  it('calls a missing token missing', async () => {
    const { captcha } = setup();
    expect(await captcha.verify(undefined, ip)).toEqual({ ok: false, reason: 'missing' });
    expect(await captcha.verify('', ip)).toEqual({ ok: false, reason: 'missing' });
  });

  it('calls tampered or undecodable payloads invalid', async () => {
    const { captcha } = setup();
    const token = await solve(await captcha.createChallenge());
    const payload = decode(token);
    const wrongNumber = encode({ ...payload, number: (payload['number'] as number) + 1 });
    const farExpiry = encode({ ...payload, salt: String(payload['salt']).replace(/expires=\d+/, 'expires=9999999999') });
    const flippedSignature = encode({ ...payload, signature: String(payload['signature']).replace(/^./, (c) => (c === '0' ? '1' : '0')) });
    const sha1 = encode({ ...payload, algorithm: 'SHA-1' });
    for (const bad of [wrongNumber, farExpiry, flippedSignature, sha1, 'not base64 !!', encode('just a string'), encode({}), 'e30=']) {
      expect(await captcha.verify(bad, ip)).toEqual({ ok: false, reason: 'invalid' });
    }
    // The untampered token is still good: failed attempts do not spend it.
    expect(await captcha.verify(token, ip)).toEqual({ ok: true });
  });

  it('calls a challenge signed with another key invalid', async () => {
    const { captcha } = setup();
    const foreign = await createChallenge({ hmacKey: 'other-key', maxNumber: 2_000, expires: new Date(Date.now() + 60_000) });
    expect(await captcha.verify(await solve(foreign), ip)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('calls a correctly signed challenge without expiry invalid', async () => {
    const { captcha } = setup();
    const unlimited = await createChallenge({ hmacKey, maxNumber: 2_000 });
    expect(await captcha.verify(await solve(unlimited), ip)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('calls a solution submitted after the expiry expired', async () => {
    let now = new Date('2030-01-01T12:00:00Z');
    const { captcha } = setup(() => now);
    const token = await solve(await captcha.createChallenge());
    now = new Date(now.getTime() + 601_000);
    expect(await captcha.verify(token, ip)).toEqual({ ok: false, reason: 'expired' });
  });

  it('calls a challenge created with a past expiry expired', async () => {
    const { captcha } = setup();
    const stale = await createChallenge({ hmacKey, maxNumber: 2_000, expires: new Date(Date.now() - 1_000) });
    expect(await captcha.verify(await solve(stale), ip)).toEqual({ ok: false, reason: 'expired' });
  });

  it('signs the difficulty into the challenge and refuses a solution of an easier one than demanded', async () => {
    const { captcha } = setup();
    const hard = await captcha.createChallenge(4);
    expect(hard.maxnumber).toBe(8_000);
    expect(hard.salt).toContain('difficulty=4');
    const easyToken = await solve(await captcha.createChallenge(2));
    expect(await captcha.verify(easyToken, ip, { difficulty: 4 })).toEqual({ ok: false, reason: 'too-easy' });
    // Claiming more work in the salt breaks the signature.
    const payload = decode(easyToken);
    const claimed = encode({ ...payload, salt: String(payload['salt']).replace('difficulty=2', 'difficulty=4') });
    expect(await captcha.verify(claimed, ip, { difficulty: 4 })).toEqual({ ok: false, reason: 'invalid' });
    // Refused, not spent: it is still good where less is demanded.
    expect(await captcha.verify(easyToken, ip, { difficulty: 2 })).toEqual({ ok: true });
    expect(await captcha.verify(await solve(hard), ip, { difficulty: 4 })).toEqual({ ok: true });
    expect(await captcha.verify(await solve(await captcha.createChallenge()), ip, { difficulty: 2 })).toEqual({ ok: false, reason: 'too-easy' });
  });

  it('records the spent solution until its expiry', async () => {
    const spent: { hash: string; expiresAt: Date }[] = [];
    const now = new Date('2030-01-01T12:00:00Z');
    const captcha = createAltchaCaptcha({
      hmacKey,
      maxNumber: 2_000,
      expiresInSeconds: 120,
      now: () => now,
      store: {
        async spend(hash, expiresAt) {
          spent.push({ hash, expiresAt });
          return true;
        },
      },
    });
    expect(await captcha.verify(await solve(await captcha.createChallenge()), ip)).toEqual({ ok: true });
    expect(spent).toHaveLength(1);
    expect(spent[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(spent[0]?.expiresAt.getTime()).toBe(now.getTime() + 120_000);
  });
});

describe('memory spent-token store', () => {
  it('spends a hash once and forgets it after its expiry', async () => {
    let now = new Date('2030-01-01T00:00:00Z');
    const store = createMemorySpentTokenStore({ now: () => now });
    const expiresAt = new Date(now.getTime() + 1_000);
    expect(await store.spend('a', expiresAt)).toBe(true);
    expect(await store.spend('a', expiresAt)).toBe(false);
    expect(await store.spend('b', expiresAt)).toBe(true);
    now = new Date(now.getTime() + 2_000);
    expect(await store.spend('c', new Date(now.getTime() + 1_000))).toBe(true);
    expect(store.size).toBe(1);
  });
});
