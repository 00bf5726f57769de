import type { TCaptchaKey } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import type { CaptchaPort } from '../../ports/captcha/captcha-port.ts';

/**
 * `GET /captcha/key` and `/captcha-v3/key` tell the browser which widget to use and its key;
 * with ALTCHA, `GET /captcha/challenge` hands out a fresh proof-of-work challenge.
 */
export function registerCaptchaRoutes(app: FastifyInstance, captcha: CaptchaPort): void {
  const key = async (_request: unknown, reply: { header(name: string, value: string): unknown }): Promise<TCaptchaKey> => {
    reply.header('cache-control', 'no-store');
    return { provider: captcha.provider, key: captcha.browserKey() };
  };
  // None of these reads needs a session (a solution is checked where it is sent).
  app.get('/captcha/key', { config: { session: false } }, key);
  app.get('/captcha-v3/key', { config: { session: false } }, key);
  const createChallenge = captcha.createChallenge?.bind(captcha);
  if (createChallenge) {
    app.get('/captcha/challenge', { config: { session: false } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return createChallenge();
    });
  }
}
