import {
  CAPTCHA_DEMANDS,
  message,
  validationMessage,
  ZActivateRequest,
  ZEmailRequest,
  ZOrderAppRegistrationRequest,
  ZRegisterAccountRequest,
  ZTokenQuery,
  type TActivationLinkStatus,
  type TApiError,
  type TCaptchaDemand,
  type TRegistrationAccepted,
} from '@kavel/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionManager } from '../../http/session.ts';
import { callerOf, sessionStarter } from './request-caller.ts';
import type { AccountServices } from './account-services.ts';
import type { RegistrationResult, ResendResult } from './registration-service.ts';

/** Registration (shop and order app), the activation-link resends, and activation. */
export function registerRegistrationRoutes(app: FastifyInstance, services: AccountServices, sessions: SessionManager): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { registration, activation } = services;

  const answerRegistration = (request: FastifyRequest, reply: FastifyReply, result: RegistrationResult) => {
    if (!result.ok) {
      const body: TCaptchaDemand = { status: CAPTCHA_DEMANDS.registration, message: message(request.session.language, 'registrationCaptcha') };
      return reply.code(401).send(body);
    }
    return reply.send({ status: 'AWAITING_ACTIVATION', email: result.email } satisfies TRegistrationAccepted);
  };

  const answerResend = (request: FastifyRequest, reply: FastifyReply, result: ResendResult) => {
    if (!result.ok) return reply.code(429).send({ message: message(request.session.language, 'activationResendFailed') } satisfies TApiError);
    return reply.send({ status: 'AWAITING_ACTIVATION', email: result.email } satisfies TRegistrationAccepted);
  };

  api.post('/api/register-account', { schema: { body: ZRegisterAccountRequest } }, async (request, reply) =>
    answerRegistration(request, reply, await registration.register(request.body.registrationDto, request.body.captcha, callerOf(request))),
  );

  api.post('/api/bestellen/registreren', { schema: { body: ZOrderAppRegistrationRequest } }, async (request, reply) =>
    answerRegistration(request, reply, await registration.registerFromOrderApp(request.body.registrationRequest, request.body.captcha, callerOf(request))),
  );

  for (const path of ['/api/register-account/send-activation-link', '/api/bestellen/registreren/opnieuw-verzenden']) {
    api.post(path, { schema: { body: ZEmailRequest } }, async (request, reply) =>
      answerResend(request, reply, await registration.resendActivation(request.body.email, callerOf(request))),
    );
  }

  api.get('/api/account/activation', { schema: { querystring: ZTokenQuery } }, async (request, reply): Promise<TActivationLinkStatus> => {
    reply.header('cache-control', 'no-store');
    return activation.check(request.query.token);
  });

  api.post('/api/account/activate', { schema: { body: ZActivateRequest } }, async (request, reply) => {
    const language = request.session.language;
    const result = await activation.activate(request.body.token, request.body.password, callerOf(request), sessionStarter(sessions, request, reply));
    if (result.ok) return reply.send(result.login);
    if (result.reason === 'passwordRequired') {
      const body: TApiError = { message: message(language, 'validation'), fieldErrors: { password: validationMessage(language, 'required') } };
      return reply.code(400).send(body);
    }
    return reply.code(410).send({ message: message(language, 'linkInvalid') } satisfies TApiError);
  });
}
