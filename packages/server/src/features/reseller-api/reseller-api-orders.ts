import { contracts, domainNameProblem, domainNameRefusal, parseFullDomain, problemCodeOf, type Locale, type TResellerOrder } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { fieldRefusal, HttpError, localeOf, refusal } from '../../http/errors.ts';
import type { CustomerLookup } from '../accounts/customer-lookup.ts';
import type { AvailabilityService } from '../availability/availability-service.ts';
import type { BasketService, QuotedItem } from '../basket/basket-service.ts';
import type { CatalogueService, CatalogueSnapshot } from '../catalogue/catalogue-service.ts';
import type { DirectOrder, DirectOrders } from '../orders/direct-orders.ts';
import { callerOf, resellerApiOptions, type ResellerApiAuthDeps } from './reseller-api-auth.ts';
import { registerResellerApiOrderReads } from './reseller-api-order-reads.ts';

export interface ResellerApiOrderDeps extends ResellerApiAuthDeps {
  availability: AvailabilityService;
  catalogue: CatalogueService;
  basket: Pick<BasketService, 'quote'>;
  orders: DirectOrders;
  customer: CustomerLookup;
}

/** An order as the API answers it (a placed order; the reads add its invoice and steps). */
export function answerOf({ order, lines }: Pick<DirectOrder, 'order' | 'lines'>): TResellerOrder {
  const domain = lines.find((line) => line.parentUnique === null);
  return {
    orderId: order.id,
    status: order.status,
    domain: domain?.title ?? '',
    holderId: domain?.holder?.customWhoisId ?? 0,
    paymentMethod: order.paymentMethod,
    period: order.period === 'FIVE_YEARLY' ? 'FIVE_YEARLY' : 'YEARLY',
    totalExcludeTax: order.totalExcludeTax,
    totalTax: order.totalTax,
    totalIncludeTax: order.totalIncludeTax,
    lines: lines.map((line) => ({ productType: line.productType, productCode: line.productCode, productName: line.productName, title: line.title, price: line.price })),
  };
}

/**
 * A domain the order cannot take: a name in its `xn--` form (IDN) cannot be ordered yet
 * (`domain_idn`); another name says the rule its name part breaks, in the search field's words,
 * and the rest is the general 'enter a valid domain name' (both `domain`).
 */
function invalidDomain(locale: Locale, domain: string, catalogue: CatalogueSnapshot): HttpError {
  const extensions = [...catalogue.extensionsByName.keys()];
  if (domainNameProblem(domain, extensions) === 'idn') return fieldRefusal(locale, 'domain', 'domainIdn');
  const reason = domainNameRefusal(locale, domain, extensions);
  if (!reason) return fieldRefusal(locale, 'domain', 'domain');
  const error = new HttpError(400, reason, { domain: reason }, problemCodeOf('domain'));
  error.fieldCodes = { domain: problemCodeOf('domain') };
  return error;
}

/** The order's domain item: a registration when free, a transfer (with its code) when taken; refusals otherwise. */
async function domainItemOf(deps: ResellerApiOrderDeps, catalogue: CatalogueSnapshot, domain: string, transferCode: string | undefined, locale: Locale): Promise<QuotedItem> {
  const parsed = parseFullDomain(domain, [...catalogue.extensionsByName.keys()]);
  const extension = parsed ? catalogue.extensionsByName.get(parsed.extension) : undefined;
  if (!parsed || !extension) throw invalidDomain(locale, domain, catalogue);
  const status = await deps.availability.checkDomain(parsed.label, parsed.extension, { fresh: true });
  if (status === 'error') throw refusal(locale, 503, 'availabilityUnknown');
  const title = `${parsed.label}.${parsed.extension}`;
  const { productId, productCode } = extension;
  if (status === 'free') return { productType: 'DOMAIN', productId, productCode, title };
  if (status !== 'active') throw refusal(locale, 409, 'domainUnavailable', 'domain');
  if (!transferCode) throw refusal(locale, 400, 'checkoutTransferCodeMissing', 'transferCode', { domain: title });
  const code = [...catalogue.basketProductsById.values()].find((product) => product.productType === 'TRANSFER_CODE');
  if (!code) throw refusal(locale, 409, 'domainUnavailable', 'domain');
  return { productType: 'DOMAIN_TRANSFER', productId, productCode, title, children: [{ productType: 'TRANSFER_CODE', productId: code.productId, productCode: code.productCode, title: transferCode }] };
}

/**
 * `POST /api/reseller/v1/orders`: a domain (with a reseller package, if asked) for one of the
 * reseller's customers. Priced by the basket feature at the reseller's tier, placed by the orders
 * feature as every order is (paid on account or by direct debit, confirmed at once, fulfilled by
 * its job). The `Idempotency-Key` is the order's request id: a retry answers the first order
 * (200 instead of 201, with `Idempotent-Replayed: true` as the DNS writes), whatever happened meanwhile; the same key for another domain is a 409.
 */
export function registerResellerApiOrders(app: FastifyInstance, deps: ResellerApiOrderDeps): void {
  registerResellerApiOrderReads(app, deps);
  route(app, contracts.resellerCreateOrder, resellerApiOptions(deps, 'resellerCreateOrder'), async (request, reply) => {
    const { customerId } = callerOf(request);
    const locale = localeOf(request);
    const requestId = `api:${request.headers['idempotency-key']}`;
    const body = request.body;
    const earlier = await deps.orders.find(customerId, requestId);
    if (earlier) {
      const answer = answerOf(earlier);
      if (answer.domain !== body.domain) throw refusal(locale, 409, 'idempotencyKeyReused');
      reply.code(200).header('idempotent-replayed', 'true');
      return answer;
    }

    const catalogue = await deps.catalogue.snapshot();
    const item = await domainItemOf(deps, catalogue, body.domain, body.transferCode, locale);
    if (body.hostingProductCode !== undefined) {
      const hosting = catalogue.catalogue.hostingPackages.find((pkg) => pkg.reseller && pkg.productCode === body.hostingProductCode);
      if (!hosting) throw refusal(locale, 400, 'unknownProduct', 'hostingProductCode');
      item.children = [...(item.children ?? []), { productType: 'RESELLER_PACKAGE', productId: hosting.productId, productCode: hosting.productCode, title: hosting.productName }];
    }

    const customer = await deps.customer(customerId);
    if (!customer) throw refusal(locale, 401, 'apiKeyRequired');
    const priced = await deps.basket.quote({ sessionIdHash: '', customerId, channel: 'reseller', staffel: customer.staffel }, [item], body.period);
    // A new holder is made with the order, in its transaction: a refused order leaves none behind.
    const holder = 'customWhoisId' in body.holder ? { id: body.holder.customWhoisId } : { form: body.holder };
    const placed = await deps.orders.place(customerId, { requestId, method: body.paymentMethod, priced, holder }, locale);
    if (placed.repeated) reply.code(200).header('idempotent-replayed', 'true');
    else reply.code(201);
    return answerOf(placed);
  });
}
