import { contracts, type TBasketValidation, type TCustomerSummary, type TPaymentMethod, type TPurchaseResponse } from '@kavel/core';
import { resellerBasketContracts } from '@kavel/core/contracts/reseller-basket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { refusal } from '../../http/errors.ts';
import { requireCustomerId, requireLogin } from '../../http/require-customer.ts';
import type { SessionManager } from '../../http/session.ts';
import { shopUrlOf, type ShopOrigin } from '../../http/shop-origin.ts';
import type { CustomerLookup } from '../accounts/customer-lookup.ts';
import { registerBasketCalls } from '../basket/basket-routes.ts';
import type { BasketOwner, BasketService } from '../basket/basket-service.ts';
import type { CheckoutService } from '../checkout/checkout-service.ts';
import type { PurchaseService } from '../orders/purchase-service.ts';

export interface ResellerOrderDeps {
  basket: BasketService;
  sessions: Pick<SessionManager, 'isStored'>;
  checkout: Pick<CheckoutService, 'validateBasket' | 'paymentMethods'>;
  purchase: Pick<PurchaseService, 'purchase'>;
  customer: CustomerLookup;
  shopOrigin: ShopOrigin;
}

/**
 * The reseller order flow (spec 000 sections 6 and 7): the reseller's own basket in the
 * `reseller` channel, priced with the tier of the reseller's staffel, its validation, payment
 * methods and purchase. The basket calls are the shop's, registered for this channel; the
 * validation, payment methods and purchase are checkout's and orders' own, for this owner. Only a
 * logged-in reseller is served: a visitor gets 401, a customer who is not a reseller 403.
 */
export function registerResellerOrderRoutes(app: FastifyInstance, deps: ResellerOrderDeps): void {
  async function reseller(request: FastifyRequest): Promise<{ owner: BasketOwner & { customerId: number }; customer: TCustomerSummary }> {
    const locale = request.session.language;
    const customerId = requireCustomerId(request);
    const customer = await deps.customer(customerId);
    if (!customer) throw refusal(locale, 401, 'loginRequired');
    if (!customer.isReseller) throw refusal(locale, 403, 'resellerOnly');
    return { owner: { sessionIdHash: request.session.idHash, customerId, channel: 'reseller', staffel: customer.staffel }, customer };
  }

  const calls = resellerBasketContracts;
  registerBasketCalls(
    app,
    { getBasket: calls.resellerGetBasket, addItem: calls.resellerAddItem, removeItem: calls.resellerRemoveItem, removeDomain: calls.resellerRemoveDomain },
    { basket: deps.basket, sessions: deps.sessions, ownerOf: async (request) => (await reseller(request)).owner },
  );

  route(app, contracts.resellerValidateBasket, { preValidation: requireLogin }, async (request, reply): Promise<TBasketValidation> => {
    reply.header('cache-control', 'no-store');
    const { owner, customer } = await reseller(request);
    return deps.checkout.validateBasket(owner, request.session.language, customer);
  });

  route(app, contracts.resellerPaymentMethods, { preValidation: requireLogin }, async (request, reply): Promise<TPaymentMethod[]> => {
    reply.header('cache-control', 'no-store');
    return deps.checkout.paymentMethods((await reseller(request)).owner, request.session.language);
  });

  route(app, contracts.resellerOrder, { preValidation: requireLogin }, async (request): Promise<TPurchaseResponse> => {
    const { owner } = await reseller(request);
    return deps.purchase.purchase(owner, request.body, request.session.language, shopUrlOf(request, deps.shopOrigin));
  });
}
