import { createHash } from 'node:crypto';
import { createChallenge as createAltchaChallenge, extractParams, verifySolution } from 'altcha-lib';
import { contracts } from '@kavel/core';
import type { Challenge, Payload } from 'altcha-lib/types';
import { z } from 'zod';
import type { CaptchaDemand, CaptchaPort, CaptchaVerdict } from './captcha-port.ts';
import type { SpentTokenStore } from './spent-token-store.ts';

export type { Challenge as AltchaChallenge } from 'altcha-lib/types';

export interface AltchaCaptchaOptions {
  /** Secret that signs challenges; the same key must verify them. */
  hmacKey: string;
  /** Work of a challenge: the secret number is drawn from 1..maxNumber. */
  maxNumber: number;
  /** How long a challenge may be solved and submitted; default 600. */
  expiresInSeconds?: number;
  /** Where solutions that were accepted once are recorded. */
  store: SpentTokenStore;
  /** Address the browser fetches challenges from; default `/captcha/challenge`. */
  challengePath?: string;
  now?: () => Date;
}

/** A CaptchaPort whose createChallenge is always there and typed (an intersection would keep `unknown`). */
export interface AltchaCaptchaPort extends CaptchaPort {
  readonly provider: 'altcha';
  createChallenge(difficulty?: number): Promise<Challenge>;
}

const ALGORITHM = 'SHA-256';
const HEX_SHA256 = /^[0-9a-f]{64}$/;

/** What the browser submits, base64-encoded JSON. Only SHA-256 is accepted. */
const ZPayload = z.object({
  algorithm: z.literal(ALGORITHM),
  challenge: z.string().regex(HEX_SHA256),
  number: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  salt: z.string().min(1).max(1_000),
  signature: z.string().regex(HEX_SHA256),
});

function decodePayload(token: string): Payload | null {
  if (token.length > 10_000) return null;
  try {
    const parsed = ZPayload.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The `expires` parameter (Unix seconds) that createChallenge put into the signed salt, or null. */
function expiryOf(payload: Payload): Date | null {
  const params = extractParams(payload);
  const raw = params['expires'] ?? params['expire'];
  if (raw === undefined || !/^\d{1,12}$/.test(raw)) return null;
  return new Date(Number(raw) * 1000);
}

/** The most a challenge may be asked to multiply the configured work by. */
const MAX_DIFFICULTY = 1_000;

/** The difficulty the challenge was issued with: signed into its salt, so it cannot be claimed higher. */
function difficultyOf(payload: Payload): number {
  const raw = extractParams(payload)['difficulty'];
  return raw !== undefined && /^\d{1,4}$/.test(raw) ? Number(raw) : 1;
}

/** ALTCHA proof-of-work captcha (https://altcha.org); needs no third party. */
export function createAltchaCaptcha(options: AltchaCaptchaOptions): AltchaCaptchaPort {
  const { hmacKey, maxNumber, store } = options;
  const expiresInSeconds = options.expiresInSeconds ?? 600;
  const challengePath = options.challengePath ?? contracts.captchaChallenge.path;
  const now = options.now ?? (() => new Date());

  return {
    provider: 'altcha',

    browserKey() {
      return challengePath;
    },

    createChallenge(difficulty = 1) {
      const factor = Math.min(Math.max(1, Math.floor(difficulty)), MAX_DIFFICULTY);
      return createAltchaChallenge({
        algorithm: ALGORITHM,
        hmacKey,
        maxNumber: maxNumber * factor,
        expires: new Date(now().getTime() + expiresInSeconds * 1000),
        ...(factor > 1 ? { params: { difficulty: String(factor) } } : {}),
      });
    },

    async verify(token, _remoteIp, demand: CaptchaDemand = {}): Promise<CaptchaVerdict> {
      if (token === undefined || token === '') return { ok: false, reason: 'missing' };
      const payload = decodePayload(token);
      if (!payload) return { ok: false, reason: 'invalid' };

      // Signature and proof of work; expiry is checked below against our own clock so it can be told apart.
      let valid: boolean;
      try {
        valid = await verifySolution(payload, hmacKey, false);
      } catch {
        valid = false;
      }
      if (!valid) return { ok: false, reason: 'invalid' };

      // Our challenges always carry an expiry; one without could be replayed once the store forgets it.
      const expiresAt = expiryOf(payload);
      if (!expiresAt) return { ok: false, reason: 'invalid' };
      if (expiresAt.getTime() <= now().getTime()) return { ok: false, reason: 'expired' };
      // A cheap challenge is not spent on a login that demands more work: the browser fetches a harder one.
      if (difficultyOf(payload) < (demand.difficulty ?? 1)) return { ok: false, reason: 'too-easy' };

      const tokenHash = createHash('sha256').update(payload.signature).digest('hex');
      if (!(await store.spend(tokenHash, expiresAt))) return { ok: false, reason: 'replayed' };
      return { ok: true };
    },
  };
}
