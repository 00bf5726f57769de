import type { FastifyInstance } from 'fastify';
import { redactUrl } from './log-redaction.ts';

/**
 * One `info` line per answered request (method, URL with secret query values redacted, status,
 * milliseconds), in place of Fastify's two (`incoming request`, `request completed`). With
 * `enabled` false requests are not logged at all; errors still are.
 */
export function registerRequestLog(app: FastifyInstance, enabled: boolean): void {
  if (!enabled) return;
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, url: redactUrl(request.url), statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
  });
}
