import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { requestLogSerializer } from './http/log-redaction.ts';

/**
 * The process's logger, shared by the services, the jobs and the HTTP app. Activation and reset
 * links carry their token in the query: the request serializer never writes it to the log.
 */
export function createLogger(options: { level: string }): FastifyBaseLogger {
  return pino({ level: options.level, serializers: { req: requestLogSerializer } }) as unknown as FastifyBaseLogger;
}
