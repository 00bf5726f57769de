import {
  message,
  NOT_FOUND_PAGE,
  problemCodeOf,
  problemTitle,
  problemTypeOf,
  statusProblemCode,
  validation,
  validationMessage,
  type Locale,
  type MessageKey,
  type TApiError,
  type ValidationKey,
} from '@kavel/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { trackAllowedMethods } from './allowed-methods.ts';
import { formErrorPage, isFormNavigation } from './form-error-page.ts';

/** An expected refusal with a status, a message for the visitor and its stable code. */
export class HttpError extends Error {
  readonly code: string;
  /** A refusal by message key is written again in the language of the request that meets it. */
  keyed?: { key: MessageKey; field?: string; params?: Record<string, string | number> };
  /** The codes of the field errors, by field (a field without one has the refusal's code). */
  fieldCodes?: Record<string, string>;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    code?: string,
  ) {
    super(message);
    this.code = code ?? statusProblemCode(statusCode);
  }
}

/** A refusal in the visitor's language; `field` repeats the message as that field's error. */
export function refusal(locale: Locale, statusCode: number, key: MessageKey, field?: string, params?: Record<string, string | number>): HttpError {
  const text = message(locale, key, params);
  const error = new HttpError(statusCode, text, field ? { [field]: text } : undefined, problemCodeOf(key));
  error.keyed = { key, ...(field ? { field } : {}), ...(params ? { params } : {}) };
  return error;
}

/** A refusal by key whose language is the request's, chosen when it is answered (`localeOf`). */
export const keyedRefusal = (statusCode: number, key: MessageKey, field?: string, params?: Record<string, string | number>) => refusal('nl', statusCode, key, field, params);

/** A 400 for one field, with the field's message also as the main message. */
export function fieldRefusal(locale: Locale, field: string, key: ValidationKey): HttpError {
  const text = validationMessage(locale, key);
  const error = new HttpError(400, text, { [field]: text }, problemCodeOf(key));
  error.fieldCodes = { [field]: problemCodeOf(key) };
  return error;
}

/**
 * A refusal's body: problem details (RFC 9457) with our `code` and `message`. Field errors come
 * with their own codes (`fieldCodes`, by field); a field without one has the refusal's code.
 */
export function problem(
  locale: Locale,
  status: number,
  code: string,
  detail: string,
  fields: { fieldErrors?: Record<string, string>; fieldCodes?: Record<string, string>; formErrors?: string[] } = {},
): TApiError {
  const { fieldErrors, fieldCodes, formErrors } = fields;
  const errors = fieldErrors && Object.entries(fieldErrors).map(([field, text]) => ({ field, code: fieldCodes?.[field] ?? code, detail: text }));
  return {
    type: problemTypeOf(code),
    title: problemTitle(locale, status),
    status,
    detail,
    code,
    message: detail,
    ...(fieldErrors ? { fieldErrors, errors } : {}),
    ...(formErrors ? { formErrors } : {}),
  };
}

/** A refusal by message key, as `problem` writes it. */
export const keyedProblem = (locale: Locale, status: number, key: MessageKey, params?: Record<string, string | number>) =>
  problem(locale, status, problemCodeOf(key), message(locale, key, params));

/** The media type of a problem details answer (RFC 9457). */
export const PROBLEM_JSON = 'application/problem+json; charset=utf-8';

/**
 * The language the caller asked for with `Accept-Language` (RFC 9110: the highest `q` of `nl`
 * and `en`, a tag such as `en-GB` counting as `en`), or null when it names neither.
 */
export function acceptedLanguage(header: string | undefined): Locale | null {
  if (!header) return null;
  let best: { locale: Locale; q: number } | null = null;
  for (const part of header.split(',').slice(0, 20)) {
    const [tag = '', ...parameters] = part.trim().toLowerCase().split(';');
    const primary = tag.trim().split('-')[0];
    if (primary !== 'nl' && primary !== 'en') continue;
    const qParameter = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    const q = qParameter ? Number(qParameter.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { locale: primary, q };
  }
  return best?.locale ?? null;
}

/**
 * The language of a refusal: the session's; a call without a session (the reseller API) by its
 * `Accept-Language`, else Dutch.
 */
export const localeOf = (request: FastifyRequest): Locale => request.session?.language ?? acceptedLanguage(request.headers['accept-language']) ?? 'nl';

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
  const locale: Locale = /(?:^|;\s*)kavel_lang=en(?:;|$)/.test(request.headers.cookie ?? '') ? 'en' : (acceptedLanguage(request.headers['accept-language']) ?? 'nl');
  // A path that is no valid URL (`%ZZ`) names nothing: 404. A parameter past its length keeps Fastify's 414.
  const status = error.code === 'FST_ERR_BAD_URL' ? 404 : (error.statusCode ?? 400);
  void reply.code(status).type(PROBLEM_JSON).send(problem(locale, status, statusProblemCode(status), message(locale, 'notFound')));
}

/** The status and key of Fastify's own refusals of a request it could not read. */
function fastifyRefusal(error: FastifyError): { status: number; key: MessageKey } {
  const key = FASTIFY_REFUSALS[error.code] ?? (error instanceof SyntaxError ? 'invalidJson' : 'validation');
  return { status: error.statusCode ?? 400, key };
}

/**
 * Turns every failure into problem details (`ZApiError`): bad input is a 400 with field errors,
 * never a 500; an unexpected error is logged and answered without its details.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, rawReply) => {
    const locale = localeOf(request);
    // A form post navigates the browser: answer it with a page to read.
    const send = isFormNavigation(request)
      ? (body: TApiError) => rawReply.code(body.status).type('text/html; charset=utf-8').send(formErrorPage(request, locale, body))
      : (body: TApiError) => rawReply.code(body.status).type(PROBLEM_JSON).send(body);
    if (error instanceof HttpError) {
      // A field's fault on a route that names its input (`invalid_record`) has that code; the field keeps its own.
      const routeCode = request.routeOptions.config.problemCode;
      const code = error.statusCode === 400 && error.fieldErrors && routeCode ? routeCode : error.code;
      const fieldCodes = error.fieldCodes ?? (code === error.code ? undefined : Object.fromEntries(Object.keys(error.fieldErrors ?? {}).map((field) => [field, error.code])));
      if (!error.keyed) return send(problem(locale, error.statusCode, code, error.message, { fieldErrors: error.fieldErrors, ...(fieldCodes ? { fieldCodes } : {}) }));
      const { key, field, params } = error.keyed;
      const text = message(locale, key, params);
      return send(problem(locale, error.statusCode, code, text, field ? { fieldErrors: { [field]: text }, ...(fieldCodes ? { fieldCodes } : {}) } : {}));
    }
    // An id in the path that is not one (`/0x2`, `/2e0`, `/%202`) names no record.
    if (error.validationContext === 'params') return send(keyedProblem(locale, 404, 'notFound'));
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string> = {};
      const fieldCodes: Record<string, string> = {};
      const formErrors: string[] = [];
      for (const issue of error.validation) {
        const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
        // Every issue carries a key (`issueKey`); a message that is not one is never shown as it is.
        const key = issue.message && issue.message in validation ? (issue.message as ValidationKey) : 'invalidValue';
        const text = validationMessage(locale, key);
        if (path && !(path in fieldErrors)) {
          fieldErrors[path] = text;
          fieldCodes[path] = problemCodeOf(key);
        } else if (!path) formErrors.push(text);
      }
      // A route may name what its input is (`invalid_record`); else the request is invalid.
      const code = request.routeOptions.config.problemCode ?? 'invalid_request';
      return send(problem(locale, 400, code, message(locale, 'validation'), { fieldErrors, fieldCodes, formErrors }));
    }
    if (error.statusCode === 429) return send(keyedProblem(locale, 429, 'rateLimited'));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own refusals: malformed JSON, body too large, unsupported media type.
      const { status, key } = fastifyRefusal(error);
      return send(keyedProblem(locale, status, key));
    }
    const code = databaseErrorCode(error);
    if (code && DATA_ERROR_CODES.has(code)) {
      // A value the schema let through but the database refused: the caller's fault, and a gap in the schema.
      request.log.warn({ err: error }, 'database refused a value');
      return send(keyedProblem(locale, 400, 'validation'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(keyedProblem(locale, 500, 'internal'));
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
    return reply.code(404).type(PROBLEM_JSON).send(keyedProblem(localeOf(request), 404, 'notFound'));
  });
}
