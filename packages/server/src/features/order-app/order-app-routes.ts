import { contracts, type TOrderAppCancelled, type TOrderAppOrderPlaced, type TOrderBasket } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { requireCustomerId, requireLogin } from '../../http/require-customer.ts';
import { shopUrlOf, type ShopOrigin } from '../../http/shop-origin.ts';
import { ownerOf } from '../basket/basket-routes.ts';
import type { OrderAppService } from './order-app-service.ts';

/**
 * The order app's basket calls (spec 001 section 7). The basket is the visitor's (by session)
 * until they log in, then the customer's; ordering needs a logged-in customer (401).
 */
export function registerOrderAppRoutes(app: FastifyInstance, deps: { orderApp: OrderAppService; shopOrigin: ShopOrigin }): void {
  const { orderApp } = deps;

  route(app, contracts.orderAppBasket, {}, async (request, reply): Promise<TOrderBasket> => {
    reply.header('cache-control', 'no-store');
    return orderApp.basket(ownerOf(request), request.session.language);
  });

  route(app, contracts.orderAppConvert, {}, async (request, reply): Promise<TOrderBasket> => {
    reply.header('cache-control', 'no-store');
    return orderApp.convert(ownerOf(request), request.body, request.session.language);
  });

  route(app, contracts.orderAppCancel, {}, async (request): Promise<TOrderAppCancelled> => orderApp.cancel(ownerOf(request)));

  route(app, contracts.orderAppPaymentRequired, { preValidation: requireLogin }, async (request, reply): Promise<boolean> => {
    reply.header('cache-control', 'no-store');
    return orderApp.paymentRequired(requireCustomerId(request));
  });

  route(app, contracts.orderAppSendOmnikassa, { preValidation: requireLogin }, async (request): Promise<TOrderAppOrderPlaced> =>
    orderApp.order(requireCustomerId(request), request.body, 'online', request.session.language, shopUrlOf(request, deps.shopOrigin)),
  );

  route(app, contracts.orderAppPlace, { preValidation: requireLogin }, async (request): Promise<TOrderAppOrderPlaced> =>
    orderApp.order(requireCustomerId(request), request.body, 'direct', request.session.language, shopUrlOf(request, deps.shopOrigin)),
  );
}
