import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
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
 * Security headers with a strict Content-Security-Policy (no inline scripts or styles) and a
 * per-client rate limit on everything under /api and the form posts, counted across processes.
 */
export async function registerSecurity(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const extra = options.captchaOrigins;
  await app.register(helmet, {
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
