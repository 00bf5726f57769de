import type { TDnsProfileSummary } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import type { DnsService } from './dns-service.ts';

/** `GET /api/account/dns/profile` (spec 001 section 7): the logged-in customer's profiles; `[]` for anyone else. */
export function registerDnsRoutes(app: FastifyInstance, dns: DnsService): void {
  app.get('/api/account/dns/profile', async (request, reply): Promise<TDnsProfileSummary[]> => {
    reply.header('cache-control', 'no-store');
    const { customerId } = request.session;
    return customerId === null ? [] : dns.listProfiles(customerId);
  });
}
