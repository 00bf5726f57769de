import { contracts, type TAdditionalProductPrices, type TDomainTransfer, type TMandateState, type TOrder, type TPurchaseResponse } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { requireCustomerId, requireLogin } from '../../http/require-customer.ts';
import { shopUrlOf, type ShopOrigin } from '../../http/shop-origin.ts';
import type { OrderService } from './order-service.ts';
import type { PurchaseService } from './purchase-service.ts';

/**
 * The purchase of the order flow (spec 000 section 7) and the order app's order calls (spec 001
 * section 7). Every call needs a logged-in customer (401) and sees only that customer's orders
 * (404 for someone else's id).
 */
export function registerOrderRoutes(app: FastifyInstance, deps: { purchase: PurchaseService; orders: OrderService; shopOrigin: ShopOrigin }): void {
  route(app, contracts.purchase, { preValidation: requireLogin }, async (request): Promise<TPurchaseResponse> => {
    const customerId = requireCustomerId(request);
    return deps.purchase.purchase({ sessionIdHash: request.session.idHash, customerId }, request.body, request.session.language, shopUrlOf(request, deps.shopOrigin));
  });

  route(app, contracts.directDebitMandate, { preValidation: requireLogin }, async (request, reply): Promise<TMandateState> => {
    reply.header('cache-control', 'no-store');
    return deps.purchase.mandateState(requireCustomerId(request));
  });

  route(app, contracts.giveDirectDebitMandate, { preValidation: requireLogin }, async (request): Promise<TMandateState> => {
    return deps.purchase.giveMandate(requireCustomerId(request), request.body, request.session.language);
  });

  // Registered before `/:id`; the router prefers the fixed path anyway.
  route(app, contracts.additionalProducts, {}, async (_request, reply): Promise<TAdditionalProductPrices> => {
    reply.header('cache-control', 'no-store');
    return deps.orders.additionalProducts();
  });

  route(app, contracts.domainTransfers, { preValidation: requireLogin }, async (request, reply): Promise<TDomainTransfer[]> => {
    reply.header('cache-control', 'no-store');
    return deps.orders.runningTransfers(requireCustomerId(request));
  });

  route(app, contracts.order, { preValidation: requireLogin }, async (request, reply): Promise<TOrder> => {
    reply.header('cache-control', 'no-store');
    return deps.orders.get(requireCustomerId(request), request.params.id, request.session.language);
  });
}
