import {
  ZRemoveGratisProductRequest,
  ZSetDomainHolderRequest,
  ZSetGratisProductRequest,
  ZSetServiceTypeRequest,
  ZSetTransferOptionsRequest,
  type TServicesValidation,
} from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ownerOf } from './basket-routes.ts';
import type { BasketService } from './basket-service.ts';

/** Step 2's calls under `/api/bestelprocedure/` (service cards, holder choice, validation). */
export function registerServicesRoutes(app: FastifyInstance, basket: BasketService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/bestelprocedure';

  api.post(`${base}/setServiceType`, { schema: { body: ZSetServiceTypeRequest } }, async (request) =>
    basket.setServiceType(ownerOf(request), request.body, request.session.language),
  );

  api.post(`${base}/setTransferOptions`, { schema: { body: ZSetTransferOptionsRequest } }, async (request) =>
    basket.setTransferOptions(ownerOf(request), request.body, request.session.language),
  );

  api.post(`${base}/setGratisProduct`, { schema: { body: ZSetGratisProductRequest } }, async (request) =>
    basket.setFreeInstall(ownerOf(request), request.body, request.session.language),
  );

  api.post(`${base}/removeGratisProduct`, { schema: { body: ZRemoveGratisProductRequest } }, async (request) =>
    basket.removeFreeInstall(ownerOf(request), request.body.parentId, request.session.language),
  );

  api.post(`${base}/setDomainHolder`, { schema: { body: ZSetDomainHolderRequest } }, async (request) =>
    basket.setDomainHolder(ownerOf(request), request.body, request.session.language),
  );

  api.post(`${base}/validateServices`, async (request, reply): Promise<TServicesValidation> => {
    reply.header('cache-control', 'no-store');
    return basket.validateServices(ownerOf(request), request.session.language);
  });
}
