import { contracts, type TPaymentLink, type TPaymentStatusAnswer } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { localeOf, refusal } from '../../http/errors.ts';
import { requireCustomerId, requireLogin } from '../../http/require-customer.ts';
import { shopUrlOf, type ShopOrigin } from '../../http/shop-origin.ts';
import { paymentStatusPath } from './purchase-service.ts';
import { orderIdOfMerchantOrderId, type PaymentService } from './payment-service.ts';

/**
 * Online payment (decision 4): the provider's return URL and webhook, and the order app's
 * payment calls (spec 001 section 7).
 */
export function registerPaymentRoutes(app: FastifyInstance, payments: PaymentService, shopOrigin: ShopOrigin): void {
  // The browser comes back from the provider with a signed status; the status page shows the rest.
  route(app, contracts.paymentReturn, {}, async (request, reply) => {
    const returned = await payments.handleReturn(request.query);
    if (returned) return reply.redirect(paymentStatusPath(returned.orderId), 303);
    // A return whose signature fails changes nothing; its order's status page tells the truth.
    const orderId = orderIdOfMerchantOrderId(request.query.order_id);
    if (orderId !== null) return reply.redirect(paymentStatusPath(orderId), 303);
    throw refusal(request.session.language, 400, 'paymentReturnInvalid');
  });

  // Called by the provider: no session and no CSRF token; the notification's signature proves it.
  // The body is the provider's; the payment port checks its shape and signature.
  route(app, contracts.paymentWebhook, { config: { csrf: false, session: false } }, async (request, reply) => {
    const outcome = await payments.handleNotification(request.body);
    if (outcome === 'ok') return reply.code(200).send({ ok: true });
    const key = outcome === 'rejected' ? 'paymentNotificationRejected' : 'paymentUnavailable';
    throw refusal(localeOf(request), outcome === 'rejected' ? 401 : 503, key);
  });

  route(app, contracts.paymentStatus, { preValidation: requireLogin }, async (request, reply): Promise<TPaymentStatusAnswer> => {
    reply.header('cache-control', 'no-store');
    return payments.status(requireCustomerId(request), request.params.id, request.session.language);
  });

  // The open attempt's page (the first one is announced if the order has none yet); never a new
  // attempt after a cancel or expiry, which is the POST below.
  route(app, contracts.paymentLinkOpen, { preValidation: requireLogin }, async (request, reply): Promise<TPaymentLink> => {
    reply.header('cache-control', 'no-store');
    return payments.payLink(requireCustomerId(request), request.params.id, request.session.language, shopUrlOf(request, shopOrigin), false);
  });

  // Starts a new attempt after a cancel or expiry, so a POST with the CSRF token, never a GET.
  route(app, contracts.paymentLink, { preValidation: requireLogin }, async (request, reply): Promise<TPaymentLink> => {
    reply.header('cache-control', 'no-store');
    return payments.payLink(requireCustomerId(request), request.params.id, request.session.language, shopUrlOf(request, shopOrigin));
  });
}
