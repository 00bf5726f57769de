import { message, validationMessage, type TApiError } from '@kavel/core';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

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

const localeOf = (request: FastifyRequest) => request.session?.language ?? 'nl';

/**
 * Turns every failure into the `ZApiError` shape: bad input is a 400 with field errors, never a
 * 500; an unexpected error is logged and answered without its details.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = localeOf(request);
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
