import { contracts, type BasketCalls } from '@kavel/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route, serializedOnce } from '../../http/contract-route.ts';
import { writtenAtOf } from '../../http/session-cookies.ts';
import type { SessionManager } from '../../http/session.ts';
import type { BasketOwner, BasketService } from './basket-service.ts';

export const ownerOf = (request: FastifyRequest): BasketOwner => ({ sessionIdHash: request.session.idHash, customerId: request.session.customerId });

/** Whose basket a channel's call works on (the shop's: the session's or customer's; the reseller's: a checked reseller). */
export type ChannelOwner = (request: FastifyRequest) => BasketOwner | Promise<BasketOwner>;

/**
 * The basket calls every channel has (getBasket, addItem, removeItem, removeDomain), registered
 * once per channel: its contracts (the paths under its prefix) and how it finds the owner.
 */
export function registerBasketCalls(app: FastifyInstance, calls: BasketCalls, deps: { basket: BasketService; sessions: Pick<SessionManager, 'isStored'>; ownerOf: ChannelOwner }): void {
  const { basket } = deps;
  // An unchanged basket is the same object from the read cache: its JSON is made once.
  route(app, calls.getBasket, { serializerCompiler: serializedOnce }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // A session that was never stored has no basket: nothing to read.
    return basket.read(await deps.ownerOf(request), { writtenAt: writtenAtOf(request), stored: deps.sessions.isStored(request) });
  });

  route(app, calls.addItem, {}, async (request) => basket.addItem(await deps.ownerOf(request), request.body, request.session.language));

  route(app, calls.removeItem, {}, async (request) => basket.removeItem(await deps.ownerOf(request), request.body.unique));

  route(app, calls.removeDomain, {}, async (request) => basket.removeDomain(await deps.ownerOf(request), request.body.domainName));
}

/** The shop's basket calls under `/api/bestelprocedure/` (spec 000 section 7); each answers the new basket. */
export function registerBasketRoutes(app: FastifyInstance, basket: BasketService, sessions: Pick<SessionManager, 'isStored'>): void {
  registerBasketCalls(app, contracts, { basket, sessions, ownerOf });

  route(app, contracts.setPeriod, {}, async (request) => basket.setPeriod(ownerOf(request), request.body.period));

  route(app, contracts.applyDiscountCode, {}, async (request) =>
    basket.applyDiscountCode(ownerOf(request), request.body.code, request.session.language),
  );

  route(app, contracts.removeDiscountCode, {}, async (request) => basket.removeDiscountCode(ownerOf(request)));
}
