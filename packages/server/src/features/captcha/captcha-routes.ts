import { contracts, type TCaptchaKey } from '@kavel/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/contract-route.ts';
import type { CaptchaPort } from '../../ports/captcha/captcha-port.ts';

/**
 * The work a challenge for a login of `username` must carry (a factor of the configured work);
 * the request, because a browser that logged in before is counted on its own.
 */
export type ChallengeDifficulty = (username: string | undefined, request: FastifyRequest) => Promise<number>;

/**
 * `GET /captcha/key` and `/captcha-v3/key` tell the browser which widget to use and its key;
 * with ALTCHA, `GET /captcha/challenge` hands out a fresh proof-of-work challenge, as hard as a
 * login for `?username=` demands now (unknown addresses follow the same curve).
 */
export function registerCaptchaRoutes(app: FastifyInstance, captcha: CaptchaPort, difficultyFor: ChallengeDifficulty = async () => 1): void {
  const key = async (_request: unknown, reply: { header(name: string, value: string): unknown }): Promise<TCaptchaKey> => {
    reply.header('cache-control', 'no-store');
    return { provider: captcha.provider, key: captcha.browserKey() };
  };
  // None of these reads needs a session (a solution is checked where it is sent).
  route(app, contracts.captchaKey, { config: { session: false } }, key);
  route(app, contracts.captchaV3Key, { config: { session: false } }, key);
  const createChallenge = captcha.createChallenge?.bind(captcha);
  if (createChallenge) {
    route(app, contracts.captchaChallenge, { config: { session: false } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return createChallenge(await difficultyFor(request.query.username, request));
    });
  }
}
