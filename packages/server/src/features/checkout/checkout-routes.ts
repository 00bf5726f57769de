import {
  ZAcceptAdditionalServiceRequest,
  type TAdditionalServiceProposal,
  type TBasketValidation,
  type TPaymentMethod,
  type TSslProposal,
} from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireLogin } from '../../http/require-customer.ts';
import { ownerOf } from '../basket/basket-routes.ts';
import type { CheckoutService } from './checkout-service.ts';

/**
 * Step 3's calls under `/api/bestelprocedure/` (spec 000 section 7). The calls without input take
 * no body (or an empty one). Every answer depends on the basket of the moment: never cached.
 */
export function registerCheckoutRoutes(app: FastifyInstance, checkout: CheckoutService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/bestelprocedure';

  // Only a logged-in customer's basket is validated (spec 000 section 4); a visitor gets the offers.
  api.post(`${base}/validateBasket`, { preValidation: requireLogin }, async (request, reply): Promise<TBasketValidation> => {
    reply.header('cache-control', 'no-store');
    return checkout.validateBasket(ownerOf(request), request.session.language);
  });

  api.post(`${base}/proposeAdditionalService`, async (request, reply): Promise<TAdditionalServiceProposal> => {
    reply.header('cache-control', 'no-store');
    return checkout.proposeAdditionalService(ownerOf(request));
  });

  api.post(`${base}/proposeAdditionalServiceSsl`, async (request, reply): Promise<TSslProposal> => {
    reply.header('cache-control', 'no-store');
    return checkout.proposeAdditionalServiceSsl(ownerOf(request));
  });

  api.post(`${base}/acceptAdditionalService`, { schema: { body: ZAcceptAdditionalServiceRequest } }, async (request, reply): Promise<TBasketValidation> => {
    reply.header('cache-control', 'no-store');
    return checkout.acceptAdditionalService(ownerOf(request), request.body, request.session.language);
  });

  api.post(`${base}/paymentMethods`, async (request, reply): Promise<TPaymentMethod[]> => {
    reply.header('cache-control', 'no-store');
    return checkout.paymentMethods(ownerOf(request), request.session.language);
  });
}
