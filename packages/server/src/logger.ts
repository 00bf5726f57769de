import type { FastifyBaseLogger } from 'fastify';
import { pino, type DestinationStream } from 'pino';
import { logSerializers } from './http/log-redaction.ts';

/**
 * The process's logger, shared by the services, the jobs and the HTTP app. Activation and reset
 * links carry their token in the query, and a failed query's error its bound values: the
 * serializers (`logSerializers`) keep both out of every line; child loggers inherit them.
 */
export function createLogger(options: { level: string }, stream?: DestinationStream): FastifyBaseLogger {
  const settings = { level: options.level, serializers: logSerializers };
  const logger = stream ? pino(settings, stream) : pino(settings);
  return logger as unknown as FastifyBaseLogger;
}
