import { contracts, type TCustomerDomain } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { requireCustomerId, requireLogin } from '../../http/require-customer.ts';
import type { DnsService } from '../dns/dns-service.ts';
import type { HostingService } from '../hosting/hosting-service.ts';
import type { DomainService } from './domain-service.ts';

export interface DomainRouteDeps {
  domains: Pick<DomainService, 'listOwned'>;
  dns: Pick<DnsService, 'recordCounts'>;
  hosting: Pick<HostingService, 'domainsWithAccount'>;
}

/**
 * The account's domain list (what the order summary's 'continue to product' leads to) and a
 * domain's zone. Logged-in customers only (401), and only their own domains (404 for others').
 */
export function registerDomainRoutes(app: FastifyInstance, deps: DomainRouteDeps): void {
  route(app, contracts.domains, { preValidation: requireLogin }, async (request, reply): Promise<TCustomerDomain[]> => {
    reply.header('cache-control', 'no-store');
    const owned = await deps.domains.listOwned(requireCustomerId(request));
    const [hosted, counts] = await Promise.all([deps.hosting.domainsWithAccount(owned.map((domain) => domain.name)), deps.dns.recordCounts(owned.map((domain) => domain.id))]);
    return owned.map((domain) => ({
      id: domain.id,
      name: domain.name,
      status: domain.status,
      registeredAt: domain.createdAt.toISOString(),
      expiresAt: domain.expiresAt?.toISOString() ?? null,
      hasHosting: hosted.has(domain.name),
      redirectTo: domain.redirectTo,
      dnsRecordCount: counts.get(domain.id) ?? 0,
    }));
  });
}
