import { contracts, type THostingAccount } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { requireCustomerId, requireLogin } from '../../http/require-customer.ts';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import type { HostingService } from './hosting-service.ts';

/** `GET /api/account/hostingpakketten`: the logged-in customer's hosting accounts (401 for anyone else). */
export function registerHostingRoutes(app: FastifyInstance, deps: { hosting: Pick<HostingService, 'listOwned'>; catalogue: Pick<CatalogueService, 'snapshot'> }): void {
  route(app, contracts.hostingAccounts, { preValidation: requireLogin }, async (request, reply): Promise<THostingAccount[]> => {
    reply.header('cache-control', 'no-store');
    const [accounts, { hostingById, extrasById }] = await Promise.all([deps.hosting.listOwned(requireCustomerId(request)), deps.catalogue.snapshot()]);
    return accounts.map((account) => ({
      id: account.id,
      domain: account.domain,
      productId: account.productId,
      productCode: account.productCode,
      // A product taken out of the catalogue since still shows by its code.
      productName: hostingById.get(account.productId)?.productName ?? account.productCode,
      status: account.status,
      username: account.username,
      cmsInstall: account.cmsInstall,
      extras: account.extras.map((extra) => ({ ...extra, productName: extrasById.get(extra.productId)?.productName ?? extra.productCode })),
      createdAt: account.createdAt.toISOString(),
    }));
  });
}
