import { message, validationMessage, type Locale, type MessageKey, type TApiError, type ValidationKey } from '@kavel/core';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
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

const localeOf = (request: FastifyRequest) => request.session?.language ?? 'nl';

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
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string> = {};
      const formErrors: string[] = [];
      for (const issue of error.validation) {
        const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
        const text = validationMessage(locale, issue.message ?? 'required');
        if (path) fieldErrors[path] ??= text;
        else formErrors.push(text);
      }
      return reply.code(400).send({ message: message(locale, 'validation'), fieldErrors, formErrors } satisfies TApiError);
    }
    if (error.statusCode === 429) return reply.code(429).send({ message: message(locale, 'rateLimited') } satisfies TApiError);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own refusals: malformed JSON, body too large, unsupported media type.
      return reply.code(error.statusCode).send({ message: message(locale, 'validation') } satisfies TApiError);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: message(locale, 'internal') } satisfies TApiError);
  });
  app.setNotFoundHandler((request, reply) => reply.code(404).send({ message: message(localeOf(request), 'notFound') } satisfies TApiError));
}
