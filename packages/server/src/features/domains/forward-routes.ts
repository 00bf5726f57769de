import { contracts, FORWARDING_PAGE, type TForwardPage } from '@kavel/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { refusal } from '../../http/errors.ts';
import { redirectAnonymousToLogin, requireCustomerId, requireLogin } from '../../http/require-customer.ts';
import { zoneRefusal } from '../dns/zone-routes.ts';
import type { ForwardAnswer, ForwardService } from './forward-service.ts';

/** The page's data after a save, or the refusal thrown (404 not the customer's, 403 read-only, 409 the zone's state). */
function pageOf(request: FastifyRequest, reply: FastifyReply, answer: ForwardAnswer): TForwardPage {
  if (!answer.ok) throw zoneRefusal(request.session.language, answer);
  reply.header('cache-control', 'no-store');
  return answer.page;
}

/**
 * Domain forwarding in the account area (spec 001 sections 2 and 7): the page's data and its
 * save for logged-in customers (401 otherwise), and the spec's form post, which like the other
 * account form posts sends a visitor who is not logged in to the login page and answers a saved
 * forward with the forwarding page (303). `_csrf` is checked by the CSRF hook; bad input is a
 * 400 with field errors from the core schema.
 */
export function registerForwardRoutes(app: FastifyInstance, forwards: ForwardService): void {
  route(app, contracts.forwardPage, { preValidation: requireLogin }, async (request, reply) => {
    const page = await forwards.page(requireCustomerId(request), request.query.name);
    if (!page) throw refusal(request.session.language, 404, 'notFound');
    reply.header('cache-control', 'no-store');
    return page;
  });

  route(app, contracts.saveForward, { preValidation: requireLogin }, async (request, reply) =>
    pageOf(request, reply, await forwards.save(requireCustomerId(request), request.body)),
  );

  route(app, contracts.forwardForm, { preValidation: redirectAnonymousToLogin }, async (request, reply) => {
    const { domainName, forwardOption, forwardTo } = request.body;
    const page = pageOf(request, reply, await forwards.save(requireCustomerId(request), { domainName, forwardOption, forwardTo }));
    return reply.redirect(`${FORWARDING_PAGE}?name=${encodeURIComponent(page.domainName)}`, 303);
  });
}
