import {
  CAPTCHA_DEMANDS,
  contracts,
  message,
  validationMessage,
  type TActivationLinkStatus,
  type TCaptchaDemand,
  type TRegistrationAccepted,
} from '@kavel/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { HttpError, refusal } from '../../http/errors.ts';
import type { SessionManager } from '../../http/session.ts';
import { callerOf, sessionStarter } from './request-caller.ts';
import type { AccountServices } from './account-services.ts';
import type { RegistrationResult, ResendResult } from './registration-service.ts';

/** Registration (shop and order app), the activation-link resends, and activation. */
export function registerRegistrationRoutes(app: FastifyInstance, services: AccountServices, sessions: SessionManager): void {
  const { registration, activation } = services;

  const answerRegistration = (request: FastifyRequest, reply: FastifyReply, result: RegistrationResult) => {
    if (!result.ok) {
      const body: TCaptchaDemand = { status: CAPTCHA_DEMANDS.registration, message: message(request.session.language, 'registrationCaptcha') };
      return reply.code(401).send(body);
    }
    return reply.send({ status: 'AWAITING_ACTIVATION', email: result.email } satisfies TRegistrationAccepted);
  };

  const answerResend = (request: FastifyRequest, reply: FastifyReply, result: ResendResult) => {
    if (!result.ok) throw refusal(request.session.language, 429, 'activationResendFailed');
    return reply.send({ status: 'AWAITING_ACTIVATION', email: result.email } satisfies TRegistrationAccepted);
  };

  route(app, contracts.register, {}, async (request, reply) =>
    answerRegistration(request, reply, await registration.register(request.body.registrationDto, request.body.captcha, callerOf(request))),
  );

  route(app, contracts.orderAppRegister, {}, async (request, reply) =>
    answerRegistration(request, reply, await registration.registerFromOrderApp(request.body.registrationRequest, request.body.captcha, callerOf(request))),
  );

  for (const resend of [contracts.resendActivation, contracts.orderAppResendActivation]) {
    route(app, resend, {}, async (request, reply) =>
      answerResend(request, reply, await registration.resendActivation(request.body.email, callerOf(request))),
    );
  }

  route(app, contracts.activationStatus, {}, async (request, reply): Promise<TActivationLinkStatus> => {
    reply.header('cache-control', 'no-store');
    return activation.check(request.query.token);
  });

  route(app, contracts.activate, {}, async (request, reply) => {
    const language = request.session.language;
    const result = await activation.activate(request.body.token, request.body.password, callerOf(request), sessionStarter(sessions, request, reply));
    if (result.ok) return reply.send(result.login);
    if (result.reason === 'passwordRequired') {
      throw new HttpError(400, message(language, 'validation'), { password: validationMessage(language, 'required') }, 'invalid_request');
    }
    throw refusal(language, 410, 'linkInvalid');
  });
}
