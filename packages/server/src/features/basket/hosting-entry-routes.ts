import { HOSTING_UPGRADE_PAGE, ZAddHostingForm, ZUpgradeHostingForm } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refusal } from '../../http/errors.ts';
import { redirectAnonymousToLogin, requireCustomerId } from '../../http/require-customer.ts';
import type { DomainService } from '../domains/domain-service.ts';
import { ownerOf } from './basket-routes.ts';
import type { BasketService } from './basket-service.ts';

/**
 * The account pages' form posts that start an order at step 2 (spec 000 section 2, spec 001
 * section 7). `_csrf` is checked by the CSRF hook; a visitor who is not logged in goes to login.
 */
export function registerHostingEntryRoutes(app: FastifyInstance, deps: { basket: BasketService; domains: Pick<DomainService, 'isOwnedBy'> }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/account/webhosting-toevoegen', { preValidation: redirectAnonymousToLogin, schema: { body: ZAddHostingForm } }, async (request, reply) => {
    const customerId = requireCustomerId(request);
    const locale = request.session.language;
    const { domain, productId, productCode } = request.body;
    if (!(await deps.domains.isOwnedBy(domain, customerId))) throw refusal(locale, 404, 'notFound', 'domain');
    await deps.basket.addOwnedDomainWithHosting(ownerOf(request), { domain, productId, productCode }, locale);
    return reply.redirect(HOSTING_UPGRADE_PAGE, 303);
  });

  api.post('/account/webhosting-upgraden', { preValidation: redirectAnonymousToLogin, schema: { body: ZUpgradeHostingForm } }, async (request) => {
    requireCustomerId(request);
    // Hosting accounts are created at fulfilment, which a later issue builds: until then no
    // hosting package id is known. Then: find the customer's account (404 otherwise), put its
    // domain in the basket as an invoiced item with the new package, and redirect like above.
    throw refusal(request.session.language, 404, 'notFound', 'hostingPackageId');
  });
}
