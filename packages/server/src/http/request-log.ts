import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactUrl } from './log-redaction.ts';

/**
 * Fastify's request logging with one `info` line per answered request (method, URL with secret
 * query values redacted, status, milliseconds) in place of its two (`incoming request`, `request
 * completed`); with `enabled` false, none. Errors, stream failures and unknown routes are logged
 * as Fastify does, either way.
 */
export class RequestLog extends LogController {
  constructor(private readonly enabled: boolean) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (!this.enabled) return;
    request.log.info(
      { method: request.method, url: redactUrl(request.url), statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
  }
}
