import { contracts, domainNameProblem, domainProblemText, parseFullDomain, UNKNOWN_EXTENSION_TEXT, type Locale, type TResellerAvailability, type TResellerDnsRecords } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { keyedRefusal, localeOf } from '../../http/errors.ts';
import type { AvailabilityService } from '../availability/availability-service.ts';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import { zoneRefusal } from '../dns/zone-routes.ts';
import type { ZoneAnswer, ZoneService } from '../dns/zone-service.ts';
import type { DomainService } from '../domains/domain-service.ts';
import { callerOf, resellerApiOptions, type ResellerApiAuthDeps } from './reseller-api-auth.ts';
import type { IdempotentWrites } from './idempotent-writes.ts';
import { registerResellerApiDocs } from './reseller-api-docs.ts';

export interface ResellerApiDeps extends ResellerApiAuthDeps {
  availability: AvailabilityService;
  catalogue: CatalogueService;
  domains: DomainService;
  zones: ZoneService;
  /** `Idempotency-Key` on the DNS writes. */
  idempotent: IdempotentWrites;
}

/**
 * The reseller API under `/api/reseller/v1/`: called by a reseller's own software with an API
 * key (see `reseller-api-auth.ts`); every call is scoped to the key's reseller, and another
 * customer's domain is not found. Its OpenAPI document and page are generated from the same
 * contracts.
 */
/** An `invalid` answer says why: the rule the name part breaks, else the extension the shop does not sell. */
function invalidName(domain: string, extensions: readonly string[], locale: Locale): TResellerAvailability {
  const problem = domainNameProblem(domain, extensions);
  if (problem) return { domain, status: 'invalid', reason: problem, detail: domainProblemText(locale, problem, domain) };
  return { domain, status: 'invalid', reason: 'unknown-extension', detail: UNKNOWN_EXTENSION_TEXT[locale] };
}

export function registerResellerApiRoutes(app: FastifyInstance, deps: ResellerApiDeps): void {
  const { zones } = deps;
  const notFound = () => keyedRefusal(404, 'notFound');

  route(app, contracts.resellerAvailability, resellerApiOptions(deps, 'resellerAvailability'), async (request) => {
    const domain = request.query.domain;
    const extensions = [...(await deps.catalogue.snapshot()).extensionsByName.keys()];
    const parsed = parseFullDomain(domain, extensions);
    if (parsed) return { domain, status: await deps.availability.checkDomain(parsed.label, parsed.extension) };
    return invalidName(domain, extensions, localeOf(request));
  });

  route(app, contracts.resellerDomains, resellerApiOptions(deps, 'resellerDomains'), async (request) =>
    (await deps.domains.listOwned(callerOf(request).customerId)).map((owned) => ({
      name: owned.name,
      status: owned.status,
      registeredAt: owned.createdAt.toISOString(),
      expiresAt: owned.expiresAt?.toISOString() ?? null,
    })),
  );

  /** The domain's id when it is the reseller's, else a 404. */
  async function domainIdOf(customerId: number, domain: string): Promise<number> {
    const access = await zones.access(customerId, domain);
    if (!access) throw notFound();
    return access.domainId;
  }

  async function recordsOf(customerId: number, domainId: number): Promise<TResellerDnsRecords> {
    const access = await zones.access(customerId, domainId);
    const records = access ? await zones.records(customerId, domainId) : null;
    if (!access || !records) throw notFound();
    return { domain: access.name, records };
  }

  async function afterChange(locale: Locale, customerId: number, domainId: number, answer: ZoneAnswer): Promise<TResellerDnsRecords> {
    if (!answer.ok) throw zoneRefusal(locale, answer);
    return recordsOf(customerId, domainId);
  }

  route(app, contracts.resellerDnsRecords, resellerApiOptions(deps, 'resellerDnsRecords'), async (request) => {
    const { customerId } = callerOf(request);
    return recordsOf(customerId, await domainIdOf(customerId, request.params.domain));
  });

  route(app, contracts.resellerDnsAddRecord, { ...resellerApiOptions(deps, 'resellerDnsAddRecord'), ...deps.idempotent.hooks }, async (request, reply) => {
    const { customerId } = callerOf(request);
    const domainId = await domainIdOf(customerId, request.params.domain);
    const answer = await afterChange(localeOf(request), customerId, domainId, await zones.change(customerId, domainId, { kind: 'add', record: request.body }));
    reply.code(201);
    return answer;
  });

  route(app, contracts.resellerDnsUpdateRecord, { ...resellerApiOptions(deps, 'resellerDnsUpdateRecord'), ...deps.idempotent.hooks }, async (request) => {
    const { customerId } = callerOf(request);
    const domainId = await domainIdOf(customerId, request.params.domain);
    return afterChange(localeOf(request), customerId, domainId, await zones.change(customerId, domainId, { kind: 'update', id: request.params.recordId, record: request.body }));
  });

  route(app, contracts.resellerDnsRemoveRecord, { ...resellerApiOptions(deps, 'resellerDnsRemoveRecord'), ...deps.idempotent.hooks }, async (request) => {
    const { customerId } = callerOf(request);
    const domainId = await domainIdOf(customerId, request.params.domain);
    return afterChange(localeOf(request), customerId, domainId, await zones.change(customerId, domainId, { kind: 'remove', id: request.params.recordId }));
  });

  registerResellerApiDocs(app);
}
