import { contracts, type TCustomerDomain, type TOrderAppDomain } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { requireCustomerId, requireLogin } from '../../http/require-customer.ts';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import type { CertificateService } from '../certificates/certificate-service.ts';
import type { CloudflareService } from '../cloudflare/cloudflare-service.ts';
import type { DnsService } from '../dns/dns-service.ts';
import type { HostingService } from '../hosting/hosting-service.ts';
import type { DomainService } from './domain-service.ts';

export interface DomainRouteDeps {
  domains: Pick<DomainService, 'listOwned'>;
  dns: Pick<DnsService, 'recordCounts'>;
  hosting: Pick<HostingService, 'domainsWithAccount'>;
  certificates: Pick<CertificateService, 'byDomain'>;
  cloudflare: Pick<CloudflareService, 'plansOf'>;
  catalogue: Pick<CatalogueService, 'snapshot'>;
}

/**
 * The account's domain list (what the order summary's 'continue to product' leads to) and the
 * order app's domains to choose from. Logged-in customers only (401), and only their own domains.
 */
export function registerDomainRoutes(app: FastifyInstance, deps: DomainRouteDeps): void {
  route(app, contracts.domains, { preValidation: requireLogin }, async (request, reply): Promise<TCustomerDomain[]> => {
    reply.header('cache-control', 'no-store');
    const customerId = requireCustomerId(request);
    const owned = await deps.domains.listOwned(customerId);
    const names = owned.map((domain) => domain.name);
    const [hosted, counts, certificates, plans, { orderProductsById }] = await Promise.all([
      deps.hosting.domainsWithAccount(names),
      deps.dns.recordCounts(owned.map((domain) => domain.id)),
      deps.certificates.byDomain(customerId, names),
      deps.cloudflare.plansOf(customerId, names),
      deps.catalogue.snapshot(),
    ]);
    return owned.map((domain) => {
      const certificate = certificates.get(domain.name);
      const plan = plans.get(domain.name);
      return {
        id: domain.id,
        name: domain.name,
        status: domain.status,
        registeredAt: domain.createdAt.toISOString(),
        expiresAt: domain.expiresAt?.toISOString() ?? null,
        hasHosting: hosted.has(domain.name),
        redirectTo: domain.redirectTo,
        dnsRecordCount: counts.get(domain.id) ?? 0,
        sslStatus: certificate?.status ?? null,
        sslCertificateId: certificate?.status === 'issued' ? certificate.id : null,
        // A plan taken out of the catalogue since still shows by its code.
        cloudflarePlan: plan ? (orderProductsById.get(plan.productId)?.productName ?? plan.planCode) : null,
      };
    });
  });

  route(app, contracts.orderAppDomains, { preValidation: requireLogin }, async (request, reply): Promise<TOrderAppDomain[]> => {
    reply.header('cache-control', 'no-store');
    const customerId = requireCustomerId(request);
    const owned = await deps.domains.listOwned(customerId);
    const names = owned.map((domain) => domain.name);
    // The Cloudflare flag is always the truth (one cheap query), whether `resolveCloudflareStatus` asked for it or not:
    // the order app leaves out the domains that have a plan, and a false 'no plan' would let a second one be bought.
    const [certificates, plans] = await Promise.all([
      request.query.resolveSslStatus === 'true' ? deps.certificates.byDomain(customerId, names) : null,
      deps.cloudflare.plansOf(customerId, names),
    ]);
    return owned.map((domain) => ({
      id: domain.id,
      name: domain.name,
      cloudflare: plans.has(domain.name),
      ...(certificates ? { sslStatus: certificates.get(domain.name)?.status ?? null } : {}),
    }));
  });
}
