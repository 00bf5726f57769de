import {
  CAPTCHA_DEMANDS,
  contracts,
  message,
  type TCaptchaDemand,
  type TInfoMessage,
  type TPasswordResetLinkStatus,
} from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { refusal } from '../../http/errors.ts';
import { callerOf } from './request-caller.ts';
import type { AccountServices } from './account-services.ts';

/** Forgotten password: request a link, look at it, and set a new password with it. */
export function registerPasswordResetRoutes(app: FastifyInstance, services: AccountServices): void {
  const { passwordReset } = services;

  route(app, contracts.requestPasswordReset, {}, async (request, reply) => {
    const language = request.session.language;
    const result = await passwordReset.requestLink(request.body.email, request.body['g-recaptcha-response'], callerOf(request));
    if (!result.ok) {
      return reply.code(401).send({ status: CAPTCHA_DEMANDS.passwordReset, message: message(language, 'passwordResetCaptcha') } satisfies TCaptchaDemand);
    }
    return reply.send({ message: message(language, 'passwordResetSent') } satisfies TInfoMessage);
  });

  route(app, contracts.passwordResetStatus, {}, async (request, reply): Promise<TPasswordResetLinkStatus> => {
    reply.header('cache-control', 'no-store');
    return passwordReset.check(request.query.token);
  });

  route(app, contracts.resetPassword, {}, async (request, reply) => {
    const language = request.session.language;
    const result = await passwordReset.reset(request.body.token, request.body.password, callerOf(request));
    if (!result.ok) throw refusal(language, 410, 'linkInvalid');
    return reply.send({ message: message(language, 'passwordChanged') } satisfies TInfoMessage);
  });
}
