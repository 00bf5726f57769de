/**
 * The design's floor for the availability benchmark: the least a server built as DESIGN.md asks
 * does for a search, with nothing of the shop around it. A plain Fastify route at the search's
 * address that parses the query with the shared zod schema, counts the request against the rate
 * limit and the free searches in the shared counters and reads the remembered answers in the
 * availability cache (all three at once, so it waits for one round trip where the shop waits for
 * two), then writes one `domainAvailability` event per extension after the simulated registry's
 * latency and remembers each answer. The counters and the cache are the product's adapters for
 * the setup: in memory on PGlite, in the database on PostgreSQL, in Redis with `REDIS_URL`.
 *
 * Left out, because the shop does them and the design does not demand them: its hooks (security
 * headers, the request log), the question whether the shop holds a name, the lookups shared
 * between searches, the batching of a stream's events.
 */
import { PassThrough } from 'node:stream';
import { AVAILABILITY_EVENT, CAPTCHA_REQUIRED_EVENT, ZCheckDomainQuery } from '@kavel/core';
import fastify, { type FastifyInstance } from 'fastify';
import type { AvailabilityCachePort } from '../../packages/server/src/ports/availability-cache/availability-cache-port.ts';
import type { CounterPort } from '../../packages/server/src/ports/counters/counter-port.ts';
import { simulatedLatencyMs } from '../../packages/server/src/ports/registry/simulated-registry.ts';
import { LATENCY_MS } from './availability-client.ts';

export interface DesignFloorLimits {
  rateLimitPerMinute: number;
  freeSearches: number;
  windowSeconds: number;
  cacheSeconds: number;
}

export function designFloorStream(counters: CounterPort, cache: AvailabilityCachePort, limits: DesignFloorLimits): { app: FastifyInstance; arrivals: number[] } {
  // The visitor is the forwarded address, as the shop behind one proxy sees it.
  const app = fastify({ trustProxy: true });
  const arrivals: number[] = [];
  app.get('/health', async () => ({ ok: true }));
  app.get('/api/check-domain-extensions', async (request, reply) => {
    arrivals.push(performance.now());
    const query = ZCheckDomainQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: 'bad query' });
    const label = query.data.domain.toLowerCase();
    const domains = [...new Set(query.data.extensions)].map((extension) => `${label}.${extension}`);
    // Keys of its own: on PostgreSQL and Redis the counters' store is the shop's.
    const [rate, free, remembered] = await Promise.all([
      counters.hit(`floor-rate:${request.ip}`, 60_000, limits.rateLimitPerMinute),
      counters.hit(`floor-search:${request.ip}`, limits.windowSeconds * 1000, limits.freeSearches),
      cache.getMany(domains),
    ]);
    if (rate.count > limits.rateLimitPerMinute) return reply.code(429).send({ error: 'too many requests' });
    const stream = new PassThrough();
    reply.header('content-type', 'text/event-stream; charset=utf-8');
    void reply.send(stream);
    if (free.count > limits.freeSearches) {
      stream.end(`event: ${CAPTCHA_REQUIRED_EVENT}\ndata: {}\n\n`);
      return reply;
    }
    let left = domains.length;
    for (const domain of domains) {
      const known = remembered.get(domain);
      setTimeout(
        () => {
          const status = known ?? 'free';
          if (!known) void cache.set(domain, status, limits.cacheSeconds).catch(() => undefined);
          stream.write(`event: ${AVAILABILITY_EVENT}\ndata: ${JSON.stringify({ domain, status })}\n\n`);
          if (--left === 0) stream.end();
        },
        known ? 0 : simulatedLatencyMs(domain, LATENCY_MS.min, LATENCY_MS.max),
      );
    }
    return reply;
  });
  return { app, arrivals };
}
