import { contracts, orderCursorOf, type TResellerOrderDetail } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { keyedRefusal } from '../../http/errors.ts';
import type { OrderView } from '../orders/order-views.ts';
import { callerOf, resellerApiOptions } from './reseller-api-auth.ts';
import { answerOf, type ResellerApiOrderDeps } from './reseller-api-orders.ts';

function detailOf(view: OrderView): TResellerOrderDetail {
  return {
    ...answerOf(view),
    createdAt: view.order.createdAt.toISOString(),
    invoice: { number: view.invoice.number, closed: view.invoice.closed, paid: view.invoice.paidAt !== null },
    fulfilment: view.steps.map((step) => ({ step: step.key, state: step.state, attempts: step.attempts, updatedAt: step.updatedAt.toISOString() })),
  };
}

/**
 * The reseller's own orders on the API (scope `orders:read`): one by id (another reseller's is
 * 404), or a page of them, newest first, with an opaque cursor to the next page.
 */
export function registerResellerApiOrderReads(app: FastifyInstance, deps: ResellerApiOrderDeps): void {
  route(app, contracts.resellerListOrders, resellerApiOptions(deps, 'resellerListOrders'), async (request) => {
    const { limit, cursor } = request.query;
    // One more than asked tells whether a next page exists.
    const views = await deps.orders.views(callerOf(request).customerId, { before: cursor, limit: limit + 1 });
    const page = views.slice(0, limit);
    const last = page.at(-1);
    return { data: page.map(detailOf), nextCursor: views.length > limit && last ? orderCursorOf(last.order.id) : null };
  });

  route(app, contracts.resellerGetOrder, resellerApiOptions(deps, 'resellerGetOrder'), async (request) => {
    const [view] = await deps.orders.views(callerOf(request).customerId, { orderId: request.params.orderId });
    if (!view) throw keyedRefusal(404, 'notFound');
    return detailOf(view);
  });
}
