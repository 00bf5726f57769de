import type { TApiError } from '@kavel/core';

/** A non-2xx answer of our API, carrying its `ZApiError` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: TApiError;

  constructor(status: number, body: TApiError) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}
