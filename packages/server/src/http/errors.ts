import { message, NOT_FOUND_PAGE, validation, validationMessage, type Locale, type MessageKey, type TApiError, type ValidationKey } from '@kavel/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { trackAllowedMethods } from './allowed-methods.ts';
import { formErrorPage, isFormNavigation } from './form-error-page.ts';

/** An expected refusal with a status and a message for the visitor. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }
}

/** A refusal in the visitor's language; `field` repeats the message as that field's error. */
export function refusal(locale: Locale, statusCode: number, key: MessageKey, field?: string): HttpError {
  const text = message(locale, key);
  return new HttpError(statusCode, text, field ? { [field]: text } : undefined);
}

/** A 400 for one field, with the field's message also as the main message. */
export function fieldRefusal(locale: Locale, field: string, key: ValidationKey): HttpError {
  const text = validationMessage(locale, key);
  return new HttpError(400, text, { [field]: text });
}

/** The language of a refusal: the session's, else Dutch (the reseller API has no session). */
export const localeOf = (request: FastifyRequest) => request.session?.language ?? 'nl';

/** A browser navigating to a page (not an API call, not an asset): it asks for HTML. */
function isPageRequest(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  if (path.startsWith('/api/') || path === '/api' || path.startsWith('/assets/') || path === NOT_FOUND_PAGE) return false;
  return (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
}

/**
 * PostgreSQL's data exceptions that a value sent by a caller can cause: string too long
 * (22001), numeric out of range (22003), invalid text representation (22P02), invalid byte
 * sequence such as NUL (22021). The schemas refuse these first; this is the second line.
 */
const DATA_ERROR_CODES = new Set(['22001', '22003', '22P02', '22021']);

/** The SQLSTATE of a database error, also when Drizzle wraps it (`DrizzleQueryError.cause`). */
export function databaseErrorCode(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/** Fastify's refusals of a body, by code, in the shop's words (a JSON syntax error is `invalidJson` too). */
const FASTIFY_REFUSALS: Record<string, MessageKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalidJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'bodyTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'mediaType',
};

/**
 * Fastify's router refusals before any hook runs (`frameworkErrors`): a path that is not a valid
 * URL component, or a path parameter past its length. No session is read yet, so the language
 * is the `kavel_lang` cookie's; the address names nothing, as an unknown id does.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const locale: Locale = /(?:^|;\s*)kavel_lang=en(?:;|$)/.test(request.headers.cookie ?? '') ? 'en' : 'nl';
  void reply.code(error.statusCode ?? 400).send({ message: message(locale, 'notFound') } satisfies TApiError);
}

/**
 * Turns every failure into the `ZApiError` shape: bad input is a 400 with field errors, never a
 * 500; an unexpected error is logged and answered without its details.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, rawReply) => {
    const locale = localeOf(request);
    // A form post navigates the browser: answer it with a page to read.
    const reply = isFormNavigation(request)
      ? { code: (status: number) => ({ send: (body: TApiError) => rawReply.code(status).type('text/html; charset=utf-8').send(formErrorPage(request, locale, body)) }) }
      : rawReply;
    if (error instanceof HttpError) {
      const body: TApiError = { message: error.message, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}) };
      return reply.code(error.statusCode).send(body);
    }
    // An id in the path that is not one (`/0x2`, `/2e0`, `/%202`) names no record.
    if (error.validationContext === 'params') return reply.code(404).send({ message: message(locale, 'notFound') } satisfies TApiError);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string> = {};
      const formErrors: string[] = [];
      for (const issue of error.validation) {
        const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
        // Every issue carries a key (`issueKey`); a message that is not one is never shown as it is.
        const text = validationMessage(locale, issue.message && issue.message in validation ? issue.message : 'invalidValue');
        if (path) fieldErrors[path] ??= text;
        else formErrors.push(text);
      }
      return reply.code(400).send({ message: message(locale, 'validation'), fieldErrors, formErrors } satisfies TApiError);
    }
    if (error.statusCode === 429) return reply.code(429).send({ message: message(locale, 'rateLimited') } satisfies TApiError);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own refusals: malformed JSON, body too large, unsupported media type.
      return reply.code(error.statusCode).send({ message: message(locale, FASTIFY_REFUSALS[error.code] ?? (error instanceof SyntaxError ? 'invalidJson' : 'validation')) } satisfies TApiError);
    }
    const code = databaseErrorCode(error);
    if (code && DATA_ERROR_CODES.has(code)) {
      // A value the schema let through but the database refused: the caller's fault, and a gap in the schema.
      request.log.warn({ err: error }, 'database refused a value');
      return reply.code(400).send({ message: message(locale, 'validation') } satisfies TApiError);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: message(locale, 'internal') } satisfies TApiError);
  });
  // Made before any route is added: it is told of each.
  const allowedMethodsOf = trackAllowedMethods(app);
  app.setNotFoundHandler((request, reply) => {
    // A browser opening a page that does not exist gets the shop's own page (also at the address
    // of a form's post: `/login`); a call gets JSON.
    if (isPageRequest(request)) return reply.redirect(NOT_FOUND_PAGE, 302);
    // A path the router has, with another method: 405 with the methods it has (through the error
    // handler, so the answer has the shape and language of every refusal).
    // A route of this very method that sent the request here (a static file that is not there,
    // say) makes it a 404: the method is allowed, the thing is missing.
    const allowed = allowedMethodsOf(request.url);
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      reply.header('allow', allowed.join(', '));
      throw refusal(localeOf(request), 405, 'methodNotAllowed');
    }
    return reply.code(404).send({ message: message(localeOf(request), 'notFound') } satisfies TApiError);
  });
}
