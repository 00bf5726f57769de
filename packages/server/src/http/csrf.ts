import type { FastifyInstance } from 'fastify';
import { usesSession } from './allowed-methods.ts';
import { csrfTokenMatches, SAFE_METHODS } from './csrf-tokens.ts';
import { refusal } from './errors.ts';
import { XSRF_HEADER } from './session-cookies.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes called by third parties (payment webhooks) that prove themselves otherwise. */
    csrf?: false;
  }
}

/**
 * Every mutating request must echo the session's CSRF token: the `X-XSRF-TOKEN` header for API
 * calls, or a `_csrf` field in a form post. A stored session's token is the one in its row; a
 * visitor without a stored session has the server-signed token of their `XSRF-TOKEN` cookie (see
 * `session.ts`). Runs before the handler (and before a session is stored), so a refusal changes
 * nothing. Not on the bearer API (no session there), and not for a request no route answers: a 404
 * or 405 changes nothing, and its status says more than a CSRF refusal would.
 */
export function registerCsrfProtection(app: FastifyInstance): void {
  // A callback rather than an async hook: a read passes it without a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || request.is404) return done();
    if (request.routeOptions.config.csrf === false || !usesSession(request)) return done();
    const header = request.headers[XSRF_HEADER];
    const field = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>)['_csrf'] : undefined;
    const presented = typeof header === 'string' ? header : field;
    // Through the error handler, so a browser's form post gets a page rather than JSON.
    done(csrfTokenMatches(presented, request.session.csrfToken) ? undefined : refusal(request.session.language, 403, 'csrf'));
  });
}
