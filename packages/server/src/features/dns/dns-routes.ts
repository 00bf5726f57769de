import { contracts, type TDnsProfileSummary } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route.ts';
import type { DnsService } from './dns-service.ts';

/** `GET /api/account/dns/profile` (spec 001 section 7): the logged-in customer's profiles; `[]` for anyone else. */
export function registerDnsRoutes(app: FastifyInstance, dns: DnsService): void {
  route(app, contracts.dnsProfiles, {}, async (request, reply): Promise<TDnsProfileSummary[]> => {
    reply.header('cache-control', 'no-store');
    const { customerId } = request.session;
    return customerId === null ? [] : dns.listProfiles(customerId);
  });
}
