import { contracts, type TDomainWhois } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { requireCustomerId, requireLogin } from '../../http/require-customer.ts';
import type { DomainHolderService } from './domain-holder-service.ts';

/**
 * `GET` and `POST /api/bestellen/{domain}/whois` (spec 001 section 7): the holder of one of the
 * logged-in customer's domains (401 for a visitor, 404 for anyone else's domain) and its change
 * (400 with field errors, 403 for a sub-user).
 */
export function registerDomainHolderRoutes(app: FastifyInstance, holders: DomainHolderService): void {
  route(app, contracts.orderAppDomainWhois, { preValidation: requireLogin }, async (request, reply): Promise<TDomainWhois> => {
    reply.header('cache-control', 'no-store');
    return holders.get(requireCustomerId(request), request.params.domain, request.session.language);
  });

  route(app, contracts.updateOrderAppDomainWhois, { preValidation: requireLogin }, async (request, reply): Promise<TDomainWhois> => {
    reply.header('cache-control', 'no-store');
    return holders.update(requireCustomerId(request), request.params.domain, request.body, request.session.language);
  });
}
