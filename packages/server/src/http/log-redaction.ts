import type { FastifyRequest } from 'fastify';

/** Query parameters whose values open an account (activation and password-reset links). */
const SECRET_PARAMETERS = ['token'];

/** The URL with the values of secret query parameters replaced, so request logs never hold a working link. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const params = new URLSearchParams(url.slice(question + 1));
  let changed = false;
  for (const name of SECRET_PARAMETERS) {
    if (params.has(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, question)}?${params.toString()}` : url;
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
