import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionManager } from '../../http/session.ts';
import type { Caller, StartSession } from './account-deps.ts';

/** The parts of a request the account services use. */
export const callerOf = (request: FastifyRequest): Caller => ({
  ip: request.ip,
  language: request.session.language,
  sessionIdHash: request.session.idHash,
});

/** Logs the request's session in: a new session id (and CSRF token) that carries the customer. */
export const sessionStarter =
  (sessions: SessionManager, request: FastifyRequest, reply: FastifyReply): StartSession =>
  (tx, customerId) =>
    sessions.rotate(request, reply, { customerId }, tx);
