import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_PAGES } from '@kavel/core';
import { refusal } from './errors.ts';

/** The logged-in customer's id; a 401 for anyone else. Account data is always scoped by it. */
export function requireCustomerId(request: FastifyRequest): number {
  const { customerId } = request.session;
  if (customerId === null) throw refusal(request.session.language, 401, 'loginRequired');
  return customerId;
}

/** A route's `preValidation` hook: a 401 for anyone not logged in, before the body is even read. */
export async function requireLogin(request: FastifyRequest): Promise<void> {
  requireCustomerId(request);
}

/**
 * For form posts of the account pages: a visitor who is not logged in is sent to the login page
 * (303) before the form is even read. Use as a route's `preValidation` hook.
 */
export async function redirectAnonymousToLogin(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
  if (request.session.customerId === null) return reply.redirect(ACCOUNT_PAGES.login, 303);
}
