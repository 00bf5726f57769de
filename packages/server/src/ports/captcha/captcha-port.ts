/** Proves a human (or at least a paying CPU) is behind a request. */
export type CaptchaVerdict = { ok: true } | { ok: false; reason: 'missing' | 'invalid' | 'expired' | 'replayed' | 'unreachable' };

export interface CaptchaPort {
  readonly provider: 'altcha' | 'recaptcha';
  /** What `GET /captcha/key` tells the browser: the site key, or the challenge address for ALTCHA. */
  browserKey(): string;
  /** Checks a token once; a token that passed is never accepted again. */
  verify(token: string | undefined, remoteIp: string): Promise<CaptchaVerdict>;
  /** ALTCHA only: a fresh challenge for the browser to solve. */
  createChallenge?(): Promise<unknown>;
}
