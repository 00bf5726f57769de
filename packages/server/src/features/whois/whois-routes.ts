import { contracts, type TCreatedId, type TStandardHolder, type TWhoisDomains, type TWhoisHolder, type TWhoisList } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { requireCustomerId, requireLogin } from '../../http/require-customer.ts';
import type { WhoisService } from './whois-service.ts';

/**
 * Domain holders under `/api/account/whois` (spec 001 section 7, path form). Every route needs a
 * logged-in customer (401 otherwise) and sees only that customer's holders (404 for others').
 */
export function registerWhoisRoutes(app: FastifyInstance, whois: WhoisService): void {
  route(app, contracts.whoisList, { preValidation: requireLogin }, async (request, reply): Promise<TWhoisList> => {
    reply.header('cache-control', 'no-store');
    return whois.list(requireCustomerId(request), request.session.language);
  });

  route(app, contracts.whoisStandard, { preValidation: requireLogin }, async (request, reply): Promise<TStandardHolder> => {
    reply.header('cache-control', 'no-store');
    return whois.standard(requireCustomerId(request), request.session.language);
  });

  route(app, contracts.updateWhoisStandard, { preValidation: requireLogin }, async (request): Promise<TStandardHolder> =>
    whois.updateStandard(requireCustomerId(request), request.body, request.session.language),
  );

  route(app, contracts.whoisDomains, { preValidation: requireLogin }, async (request, reply): Promise<TWhoisDomains> => {
    reply.header('cache-control', 'no-store');
    return whois.domains(requireCustomerId(request), request.query, request.session.language);
  });

  route(app, contracts.whoisHolder, { preValidation: requireLogin }, async (request, reply): Promise<TWhoisHolder> => {
    const customerId = requireCustomerId(request);
    reply.header('cache-control', 'no-store');
    return whois.get(customerId, request.params.id, request.session.language);
  });

  route(app, contracts.createWhois, { preValidation: requireLogin }, async (request): Promise<TCreatedId> => {
    const customerId = requireCustomerId(request);
    return { id: await whois.create(customerId, request.body, request.session.language) };
  });

  route(app, contracts.updateWhois, { preValidation: requireLogin }, async (request): Promise<TWhoisHolder> =>
    whois.update(requireCustomerId(request), request.params.id, request.body, request.session.language),
  );

  route(app, contracts.deleteWhois, { preValidation: requireLogin }, async (request, reply) => {
    await whois.remove(requireCustomerId(request), request.params.id, request.session.language);
    return reply.code(204).send();
  });
}
