import { contracts, type TServicesValidation } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { ownerOf } from './basket-routes.ts';
import type { BasketService } from './basket-service.ts';

/** Step 2's calls under `/api/bestelprocedure/` (service cards, holder choice, validation). */
export function registerServicesRoutes(app: FastifyInstance, basket: BasketService): void {
  route(app, contracts.setServiceType, {}, async (request) =>
    basket.setServiceType(ownerOf(request), request.body, request.session.language),
  );

  route(app, contracts.setTransferOptions, {}, async (request) =>
    basket.setTransferOptions(ownerOf(request), request.body, request.session.language),
  );

  route(app, contracts.setGratisProduct, {}, async (request) =>
    basket.setFreeInstall(ownerOf(request), request.body, request.session.language),
  );

  route(app, contracts.removeGratisProduct, {}, async (request) =>
    basket.removeFreeInstall(ownerOf(request), request.body.parentId, request.session.language),
  );

  route(app, contracts.setDomainHolder, {}, async (request) =>
    basket.setDomainHolder(ownerOf(request), request.body, request.session.language),
  );

  route(app, contracts.validateServices, {}, async (request, reply): Promise<TServicesValidation> => {
    reply.header('cache-control', 'no-store');
    return basket.validateServices(ownerOf(request), request.session.language);
  });
}
