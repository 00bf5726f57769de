import type { TApiError } from '@kavel/core';
import type { z } from 'zod';

/** A non-2xx answer of our API, carrying its `ZApiError` body and the JSON as sent. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: TApiError;
  /** The answer's JSON before parsing: refusals such as a login failure carry more than `ZApiError`. */
  readonly data: unknown;

  constructor(status: number, body: TApiError, data: unknown = body) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.data = data;
  }
}

/** The refusal's body read with a richer schema (`ZLoginFailure`, `ZCaptchaDemand`), or null. */
export function refusalAs<S extends z.ZodType>(error: unknown, schema: S): z.output<S> | null {
  if (!(error instanceof ApiError)) return null;
  const parsed = schema.safeParse(error.data);
  return parsed.success ? parsed.data : null;
}
