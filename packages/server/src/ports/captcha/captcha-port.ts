import type { TAltchaChallenge } from '@kavel/core';

/** Proves a human (or at least a paying CPU) is behind a request. */
export type CaptchaVerdict = { ok: true } | { ok: false; reason: 'missing' | 'invalid' | 'expired' | 'replayed' | 'unreachable' | 'too-easy' };

export interface CaptchaDemand {
  difficulty?: number;
}

export interface CaptchaPort {
  readonly provider: 'altcha' | 'recaptcha';
  /** What `GET /captcha/key` tells the browser: the site key, or the challenge address for ALTCHA. */
  browserKey(): string;
  /**
   * Checks a token once; a token that passed is never accepted again. With ALTCHA, `difficulty`
   * (a factor of the configured work, default 1) is the least the challenge must have been
   * issued with; reCAPTCHA has no such notion and ignores it.
   */
  verify(token: string | undefined, remoteIp: string, demand?: CaptchaDemand): Promise<CaptchaVerdict>;
  /** ALTCHA only: a fresh challenge for the browser to solve, `difficulty` times the configured work. */
  createChallenge?(difficulty?: number): Promise<TAltchaChallenge>;
}
