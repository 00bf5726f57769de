import { ZApiError } from '@kavel/core';
import type { z } from 'zod';

/**
 * What the pages read of a refusal: its message, field and form errors, and its code when it has
 * one (a refusal the specification shapes, such as a login failure, carries a message only).
 */
export const ZRefusalBody = ZApiError.pick({ message: true, fieldErrors: true, formErrors: true, code: true }).partial({ code: true });
export type TRefusalBody = z.infer<typeof ZRefusalBody>;

/** A non-2xx answer of our API, carrying its refusal body (problem details, `ZApiError`) and the JSON as sent. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: TRefusalBody;
  /** The answer's JSON before parsing: refusals such as a login failure carry more than `ZApiError`. */
  readonly data: unknown;

  constructor(status: number, body: TRefusalBody, data: unknown = body) {
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
