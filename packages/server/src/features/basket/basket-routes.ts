import { contracts } from '@kavel/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { writtenAtOf, type SessionManager } from '../../http/session.ts';
import type { BasketOwner, BasketService } from './basket-service.ts';

export const ownerOf = (request: FastifyRequest): BasketOwner => ({ sessionIdHash: request.session.idHash, customerId: request.session.customerId });

/** The basket calls of the order flow under `/api/bestelprocedure/` (spec 000 section 7); each answers the new basket. */
export function registerBasketRoutes(app: FastifyInstance, basket: BasketService, sessions: Pick<SessionManager, 'isStored'>): void {
  route(app, contracts.getBasket, {}, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // A session that was never stored has no basket: nothing to read.
    return basket.read(ownerOf(request), { writtenAt: writtenAtOf(request), stored: sessions.isStored(request) });
  });

  route(app, contracts.addItem, {}, async (request) => basket.addItem(ownerOf(request), request.body, request.session.language));

  route(app, contracts.removeItem, {}, async (request) => basket.removeItem(ownerOf(request), request.body.unique));

  route(app, contracts.removeDomain, {}, async (request) =>
    basket.removeDomain(ownerOf(request), request.body.domainName),
  );

  route(app, contracts.setPeriod, {}, async (request) => basket.setPeriod(ownerOf(request), request.body.period));

  route(app, contracts.applyDiscountCode, {}, async (request) =>
    basket.applyDiscountCode(ownerOf(request), request.body.code, request.session.language),
  );

  route(app, contracts.removeDiscountCode, {}, async (request) => basket.removeDiscountCode(ownerOf(request)));
}
