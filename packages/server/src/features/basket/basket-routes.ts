import { ZAddItemRequest, ZApplyDiscountCodeRequest, ZRemoveDomainRequest, ZRemoveItemRequest, ZSetPeriodRequest } from '@kavel/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BasketOwner, BasketService } from './basket-service.ts';

export const ownerOf = (request: FastifyRequest): BasketOwner => ({ sessionIdHash: request.session.idHash, customerId: request.session.customerId });

/** The basket calls of the order flow under `/api/bestelprocedure/` (spec 000 section 7); each answers the new basket. */
export function registerBasketRoutes(app: FastifyInstance, basket: BasketService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/bestelprocedure';

  api.get(`${base}/getBasket`, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return basket.get(ownerOf(request));
  });

  api.post(`${base}/addItem`, { schema: { body: ZAddItemRequest } }, async (request) => basket.addItem(ownerOf(request), request.body, request.session.language));

  api.post(`${base}/removeItem`, { schema: { body: ZRemoveItemRequest } }, async (request) => basket.removeItem(ownerOf(request), request.body.unique));

  api.post(`${base}/removeDomain`, { schema: { body: ZRemoveDomainRequest } }, async (request) =>
    basket.removeDomain(ownerOf(request), request.body.domainName),
  );

  api.post(`${base}/setPeriod`, { schema: { body: ZSetPeriodRequest } }, async (request) => basket.setPeriod(ownerOf(request), request.body.period));

  api.post(`${base}/applyDiscountCode`, { schema: { body: ZApplyDiscountCodeRequest } }, async (request) =>
    basket.applyDiscountCode(ownerOf(request), request.body.code, request.session.language),
  );

  api.post(`${base}/removeDiscountCode`, async (request) => basket.removeDiscountCode(ownerOf(request)));
}
