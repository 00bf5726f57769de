import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { CounterPort } from '../ports/counters/counter-port.ts';
import { rateLimitStoreFor } from './rate-limit-store.ts';

export interface SecurityOptions {
  /** Extra origins for the reCAPTCHA widget when that adapter is chosen. */
  captchaOrigins: string[];
  rateLimitPerMinute: number;
  /** Where the rate limit counts: shared by every process unless the shop runs as one. */
  counters: CounterPort;
  secure: boolean;
}

/**
 * The headers helmet's middleware writes for `options`, in its order, computed once: they depend
 * on the options only (no directive here is a function of the request), so building helmet's
 * middleware and its policy strings per request (as `@fastify/helmet` does) repeats the same work.
 * Helmet's one removal, `X-Powered-By`, is a header neither Node nor Fastify ever sets.
 */
export function securityHeadersOf(options: Readonly<HelmetOptions>): ReadonlyArray<readonly [string, string]> {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, String(value)]);
      return recorder;
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return headers;
}

/**
 * Security headers with a strict Content-Security-Policy (no inline scripts or styles) on every
 * answer, and a per-client rate limit on everything under /api and the form posts, counted across
 * processes.
 */
export async function registerSecurity(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const extra = options.captchaOrigins;
  const headers = securityHeadersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...extra],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'", ...extra],
        'frame-src': extra.length ? extra : ["'none'"],
        'worker-src': ["'self'", 'blob:'],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(options.secure ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: options.secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // First of the request's hooks, so that every answer carries them (errors and 404s too).
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
  await app.register(rateLimit, {
    global: true,
    max: options.rateLimitPerMinute,
    timeWindow: 60_000,
    allowList: (request) => request.url.startsWith('/assets/'),
    ...rateLimitStoreFor(options.counters),
    // A counter store that does not answer (Redis or the database away) must not refuse every
    // request: the limit is protection, not a gate the shop depends on.
    skipOnError: true,
  });
}
