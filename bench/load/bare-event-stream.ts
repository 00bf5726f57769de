/**
 * A bare event stream for the availability benchmark's floor: a plain Fastify route at the search's
 * address that writes one `domainAvailability` event per extension after the simulated registry's
 * latency for that domain, with no app, no lookups and no database. What the client measures
 * against it is what the client process and the machine add by themselves.
 */
import { PassThrough } from 'node:stream';
import { AVAILABILITY_EVENT } from '@kavel/core';
import fastify, { type FastifyInstance } from 'fastify';
import { simulatedLatencyMs } from '../../packages/server/src/ports/registry/simulated-registry.ts';
import { EXTENSIONS, LATENCY_MS } from './availability-client.ts';

export function bareEventStream(): { app: FastifyInstance; arrivals: number[] } {
  const app = fastify();
  const arrivals: number[] = [];
  app.get('/health', async () => ({ ok: true }));
  app.get<{ Querystring: { domain: string } }>('/api/check-domain-extensions', async (request, reply) => {
    arrivals.push(performance.now());
    const label = request.query.domain;
    const stream = new PassThrough();
    reply.header('content-type', 'text/event-stream; charset=utf-8');
    void reply.send(stream);
    let left = EXTENSIONS.length;
    for (const extension of EXTENSIONS) {
      const domain = `${label}.${extension}`;
      setTimeout(() => {
        stream.write(`event: ${AVAILABILITY_EVENT}\ndata: ${JSON.stringify({ domain, status: 'free' })}\n\n`);
        if (--left === 0) stream.end();
      }, simulatedLatencyMs(domain, LATENCY_MS.min, LATENCY_MS.max));
    }
    return reply;
  });
  return { app, arrivals };
}
