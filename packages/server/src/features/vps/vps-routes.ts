import { contracts, type TVps } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { requireCustomerId, requireLogin } from '../../http/require-customer.ts';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import type { VpsService } from './vps-service.ts';

/** `GET /api/account/vpsen`: the logged-in customer's virtual servers (401 for anyone else). */
export function registerVpsRoutes(app: FastifyInstance, deps: { vps: Pick<VpsService, 'listOwned'>; catalogue: Pick<CatalogueService, 'snapshot'> }): void {
  route(app, contracts.vpsServers, { preValidation: requireLogin }, async (request, reply): Promise<TVps[]> => {
    reply.header('cache-control', 'no-store');
    const [servers, { orderProductsById }] = await Promise.all([deps.vps.listOwned(requireCustomerId(request)), deps.catalogue.snapshot()]);
    return servers.map((server) => ({
      id: server.id,
      name: server.name,
      productCode: server.productCode,
      // A package taken out of the catalogue since still shows by its code.
      productName: orderProductsById.get(server.productId)?.productName ?? server.productCode,
      spec: server.spec,
      status: server.status,
      ipv4: server.ipv4,
      ipv6: server.ipv6,
      createdAt: server.createdAt.toISOString(),
    }));
  });
}
