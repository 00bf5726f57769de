import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Words that make a query parameter a credential: account links' `token`, API keys (`api_key`,
 * `apiKey`, `key`), OAuth's `access_token` and `client_secret`, signed URLs' `signature`,
 * passwords and sessions. A parameter is one when any word of its name (split at `_`, `-`, `.`
 * and camel case) is listed, so `x-api-key` and `X-Amz-Signature` are, `keyword` is not. OAuth's
 * `code` counts only on its own: `productCode` names a product.
 */
const CREDENTIAL_WORDS = new Set([
  'token', 'key', 'apikey', 'secret', 'password', 'passwd', 'pwd', 'pass', 'passcode', 'signature', 'sig',
  'session', 'sessionid', 'sid', 'auth', 'authorization', 'credential', 'credentials', 'jwt', 'otp', 'bearer', 'cookie',
]);

/** Whether a query parameter's name says its value is a credential. */
export function isCredentialParameter(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.join('') === 'code' || words.some((word) => CREDENTIAL_WORDS.has(word));
}

/** The URL with the values of credential-shaped query parameters replaced, so request logs never hold a working key or link. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const params = new URLSearchParams(url.slice(question + 1));
  const secret = [...new Set(params.keys())].filter(isCredentialParameter);
  if (secret.length === 0) return url;
  for (const name of secret) params.set(name, '[redacted]');
  return `${url.slice(0, question)}?${params.toString()}`;
}

/** Fastify's request log line with the URL redacted (the default serializer's other fields kept). */
export function requestLogSerializer(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Properties of an error that carry the values a query was sent with, or the row that failed. */
const VALUE_PROPERTIES = new Set(['params', 'parameters', 'values', 'detail', 'where', 'internalQuery']);
/** Identifiers of a PostgreSQL error: what failed, never with which values. */
const DATABASE_ERROR_FIELDS = ['code', 'severity', 'routine', 'schema', 'table', 'column', 'constraint', 'dataType'] as const;

interface QueryError extends Error {
  query: string;
  params: unknown;
}

const isQueryError = (error: Error): error is QueryError => typeof (error as Partial<QueryError>).query === 'string' && 'params' in error;
/** A PostgreSQL error from node-postgres or PGlite: a five-character SQLSTATE and a severity. */
const isDatabaseError = (error: Error) => {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
};

/** The stack's frames without its first lines (the message, which may hold values). */
const framesOf = (stack: string | undefined) => (stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)).join('\n');

/**
 * The message of an error as it may be logged or stored: a failed query is named by its text
 * only (Drizzle puts the bound values in its message), a database error by its code.
 */
export function safeErrorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (isQueryError(error)) return `Failed query: ${error.query}`;
  if (isDatabaseError(error)) return `database error ${(error as unknown as { code: string }).code}`;
  return error.message;
}

/**
 * The `err` serializer of every logger of the app: type, message, stack and the error's own
 * simple fields, as pino's default does, but never the values bound to a query (`params`), a
 * database error's `detail` (which quotes the row) or its message (which may quote the value).
 */
export function errorLogSerializer(error: unknown): unknown {
  return error instanceof Error ? serializeError(error) : error;
}

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

function serializeError(error: Error, depth = 0): SerializedError {
  const database = isQueryError(error) || isDatabaseError(error);
  const type = error.constructor?.name ?? 'Error';
  const message = safeErrorMessage(error);
  const out: SerializedError = { type, message, stack: database ? `${type}: ${message}\n${framesOf(error.stack)}` : (error.stack ?? '') };
  if (isQueryError(error)) out.query = error.query;
  if (database) {
    for (const field of DATABASE_ERROR_FIELDS) {
      const value = (error as unknown as Record<string, unknown>)[field];
      if (typeof value === 'string') out[field] = value;
    }
  } else {
    for (const [key, value] of Object.entries(error)) {
      if (VALUE_PROPERTIES.has(key) || key === 'cause' || key in out) continue;
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
    }
  }
  if (error.cause instanceof Error && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  else if (typeof error.cause === 'string' || typeof error.cause === 'number') out.cause = error.cause;
  return out;
}

/** Serializers for every logger of the app (`Fastify({ logger: { serializers } })`; children inherit them). */
export const logSerializers = {
  req: requestLogSerializer,
  // Typed as Fastify expects; a value that is not an Error is logged as it is.
  err: (error: Error) => errorLogSerializer(error) as SerializedError,
  error: (error: unknown) => errorLogSerializer(error),
};

/** The app's logger options with these serializers added (they win over a caller's `err`, `error` and `req`). */
export function withLogSerializers(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, ...logSerializers } };
}
