import { contracts, type TAdditionalServiceProposal, type TBasketValidation, type TPaymentMethod, type TSslProposal } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { requireLogin } from '../../http/require-customer.ts';
import { ownerOf } from '../basket/basket-routes.ts';
import type { CheckoutService } from './checkout-service.ts';

/**
 * Step 3's calls under `/api/bestelprocedure/` (spec 000 section 7). The calls without input take
 * no body (or an empty one). Every answer depends on the basket of the moment: never cached.
 */
export function registerCheckoutRoutes(app: FastifyInstance, checkout: CheckoutService): void {
  // Only a logged-in customer's basket is validated (spec 000 section 4); a visitor gets the offers.
  route(app, contracts.validateBasket, { preValidation: requireLogin }, async (request, reply): Promise<TBasketValidation> => {
    reply.header('cache-control', 'no-store');
    return checkout.validateBasket(ownerOf(request), request.session.language);
  });

  route(app, contracts.proposeAdditionalService, {}, async (request, reply): Promise<TAdditionalServiceProposal> => {
    reply.header('cache-control', 'no-store');
    return checkout.proposeAdditionalService(ownerOf(request));
  });

  route(app, contracts.proposeAdditionalServiceSsl, {}, async (request, reply): Promise<TSslProposal> => {
    reply.header('cache-control', 'no-store');
    return checkout.proposeAdditionalServiceSsl(ownerOf(request));
  });

  route(app, contracts.acceptAdditionalService, {}, async (request, reply): Promise<TBasketValidation> => {
    reply.header('cache-control', 'no-store');
    return checkout.acceptAdditionalService(ownerOf(request), request.body, request.session.language);
  });

  route(app, contracts.paymentMethods, {}, async (request, reply): Promise<TPaymentMethod[]> => {
    reply.header('cache-control', 'no-store');
    return checkout.paymentMethods(ownerOf(request), request.session.language);
  });
}
