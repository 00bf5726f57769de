import { contracts, EXTRA_SERVICES_DONE_PAGE, HOSTING_UPGRADE_PAGE, ZAddExtraServicesForm, type TAddExtraServicesForm } from '@kavel/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { fieldRefusal, refusal } from '../../http/errors.ts';
import { redirectAnonymousToLogin, requireCustomerId } from '../../http/require-customer.ts';
import type { CustomerLookup } from '../accounts/customer-lookup.ts';
import type { DomainService } from '../domains/domain-service.ts';
import type { HostingService } from '../hosting/hosting-service.ts';
import { ownerOf } from './basket-routes.ts';
import type { BasketOwner, BasketService } from './basket-service.ts';

/** The form's list of extras: the list itself, or its JSON (the spec's form field); null when empty or malformed. */
function parseExtraServices(value: TAddExtraServicesForm['extraServices']) {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const parsed = ZAddExtraServicesForm.shape.extraServices.options[1].safeParse(list);
  return parsed.success && parsed.data.length > 0 ? parsed.data : null;
}

export interface HostingEntryDeps {
  basket: BasketService;
  domains: Pick<DomainService, 'isOwnedBy'>;
  hosting: Pick<HostingService, 'findOwned'>;
  /** Whether the customer is a reseller decides where the extra-services form goes on success. */
  customer: CustomerLookup;
}

/**
 * The account pages' form posts that start an order at step 2 (spec 000 section 2, spec 001
 * section 7). `_csrf` is checked by the CSRF hook; a visitor who is not logged in goes to login.
 * A reseller orders in the reseller channel (where the reseller packages are sold too) and goes
 * on to the reseller order page; everyone else to the shop's.
 */
export function registerHostingEntryRoutes(app: FastifyInstance, deps: HostingEntryDeps): void {
  /** The basket the form's order goes into, and the page that shows it. */
  async function orderingOf(request: FastifyRequest, customerId: number): Promise<{ owner: BasketOwner; page: string }> {
    const customer = await deps.customer(customerId);
    if (!customer?.isReseller) return { owner: ownerOf(request), page: HOSTING_UPGRADE_PAGE };
    return { owner: { ...ownerOf(request), channel: 'reseller', staffel: customer.staffel }, page: EXTRA_SERVICES_DONE_PAGE.reseller };
  }

  route(app, contracts.addHosting, { preValidation: redirectAnonymousToLogin }, async (request, reply) => {
    const customerId = requireCustomerId(request);
    const locale = request.session.language;
    const { domain, productId, productCode } = request.body;
    if (!(await deps.domains.isOwnedBy(domain, customerId))) throw refusal(locale, 404, 'notFound', 'domain');
    const { owner, page } = await orderingOf(request, customerId);
    await deps.basket.addOwnedDomainWithHosting(owner, { domain, productId, productCode }, locale);
    return reply.redirect(page, 303);
  });

  route(app, contracts.upgradeHosting, { preValidation: redirectAnonymousToLogin }, async (request, reply) => {
    const customerId = requireCustomerId(request);
    const locale = request.session.language;
    const { hostingPackageId, productId, productCode } = request.body;
    const account = await deps.hosting.findOwned(customerId, hostingPackageId);
    if (!account) throw refusal(locale, 404, 'notFound', 'hostingPackageId');
    if (account.productId === productId) throw refusal(locale, 400, 'checkoutSamePackage', 'productId');
    // The account's domain goes in already paid, the new package under it at its own price.
    const { owner, page } = await orderingOf(request, customerId);
    await deps.basket.addOwnedDomainWithHosting(owner, { domain: account.domain, productId, productCode }, locale);
    return reply.redirect(page, 303);
  });

  route(app, contracts.addExtraServices, { preValidation: redirectAnonymousToLogin }, async (request, reply) => {
    const customerId = requireCustomerId(request);
    const locale = request.session.language;
    const account = await deps.hosting.findOwned(customerId, request.body.hostingPackageId);
    if (!account) throw refusal(locale, 404, 'notFound', 'hostingPackageId');
    const extras = parseExtraServices(request.body.extraServices);
    if (!extras) throw fieldRefusal(locale, 'extraServices', 'required');
    const { owner } = await orderingOf(request, customerId);
    await deps.basket.addExtrasToOwnedHosting(
      owner,
      { domain: account.domain, productId: account.productId, productCode: account.productCode, extras, ownedExtraIds: account.extraProductIds },
      locale,
    );
    return reply.redirect(owner.channel === 'reseller' ? EXTRA_SERVICES_DONE_PAGE.reseller : EXTRA_SERVICES_DONE_PAGE.customer, 303);
  });
}
