import { z } from 'zod';
import type { CaptchaPort, CaptchaVerdict } from './captcha-port.ts';

export interface RecaptchaCaptchaOptions {
  siteKey: string;
  secretKey: string;
  /** Google: `https://www.google.com/recaptcha/api/siteverify` (or a compatible service). */
  verifyUrl: string;
  /** reCAPTCHA v3 answers carry a score (0..1); below this the token is refused. Default 0.5. */
  minScore?: number;
  fetchImpl?: typeof fetch;
  /** Default 5000. */
  timeoutMs?: number;
}

/** The parts of the siteverify answer we use. */
const ZSiteverifyAnswer = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  'error-codes': z.array(z.string()).optional(),
});

/** Google reCAPTCHA (v2 or v3), checked with the siteverify protocol. */
export function createRecaptchaCaptcha(options: RecaptchaCaptchaOptions): CaptchaPort {
  const { siteKey, secretKey, verifyUrl } = options;
  const minScore = options.minScore ?? 0.5;
  const fetchImpl = options.fetchImpl ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 5_000;

  return {
    provider: 'recaptcha',

    browserKey() {
      return siteKey;
    },

    async verify(token, remoteIp): Promise<CaptchaVerdict> {
      if (token === undefined || token === '') return { ok: false, reason: 'missing' };

      const form = new URLSearchParams({ secret: secretKey, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);

      let body: unknown;
      try {
        const response = await fetchImpl(verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (response.status !== 200) {
          await response.body?.cancel().catch(() => undefined);
          return { ok: false, reason: 'unreachable' };
        }
        body = await response.json();
      } catch {
        // Network error, timeout, or a body that is not JSON.
        return { ok: false, reason: 'unreachable' };
      }

      const answer = ZSiteverifyAnswer.safeParse(body);
      if (!answer.success) return { ok: false, reason: 'unreachable' };

      const { success, score } = answer.data;
      if (!success) {
        const codes = answer.data['error-codes'] ?? [];
        return { ok: false, reason: codes.includes('timeout-or-duplicate') ? 'replayed' : 'invalid' };
      }
      if (score !== undefined && score < minScore) return { ok: false, reason: 'invalid' };
      return { ok: true };
    },
  };
}
