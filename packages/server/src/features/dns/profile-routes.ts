import { contracts, type Locale, type TDnsProfile, type ValidationKey } from '@kavel/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { fieldRefusal, refusal } from '../../http/errors.ts';
import { requireCustomerId, requireLogin } from '../../http/require-customer.ts';
import type { ProfileAnswer, ProfileService } from './profile-service.ts';
import type { ZoneService } from './zone-service.ts';

function profilesOf(locale: Locale, reply: FastifyReply, answer: ProfileAnswer): TDnsProfile[] {
  if (!answer.ok) {
    if (answer.reason === 'invalid') throw fieldRefusal(locale, answer.field, answer.key as ValidationKey);
    throw answer.reason === 'readOnly' ? refusal(locale, 403, 'dnsReadOnly') : refusal(locale, 404, 'notFound');
  }
  reply.header('cache-control', 'no-store');
  return answer.profiles;
}

/**
 * DNS profiles (spec 001 section 7): the list (empty for a visitor, as step 2 asks it), and the
 * profile operations, each answering the customer's whole list.
 */
export function registerProfileRoutes(app: FastifyInstance, deps: { profiles: ProfileService; zones: Pick<ZoneService, 'access'> }): void {
  const { profiles } = deps;
  const options = { preValidation: requireLogin };
  const answer = (request: FastifyRequest, reply: FastifyReply, result: ProfileAnswer) => profilesOf(request.session.language, reply, result);

  route(app, contracts.dnsProfiles, {}, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { customerId } = request.session;
    return customerId === null ? [] : profiles.list(customerId);
  });

  route(app, contracts.dnsCreateProfile, options, async (request, reply) => answer(request, reply, await profiles.create(requireCustomerId(request), request.body.name)));

  route(app, contracts.dnsDeleteProfile, options, async (request, reply) => answer(request, reply, await profiles.remove(requireCustomerId(request), request.params.id)));

  route(app, contracts.dnsAddProfileRecord, options, async (request, reply) =>
    answer(request, reply, await profiles.addRecord(requireCustomerId(request), request.params.id, request.body)),
  );

  route(app, contracts.dnsUpdateProfileRecord, options, async (request, reply) =>
    answer(request, reply, await profiles.updateRecord(requireCustomerId(request), request.params.id, request.params.recordId, request.body)),
  );

  route(app, contracts.dnsRemoveProfileRecord, options, async (request, reply) =>
    answer(request, reply, await profiles.removeRecord(requireCustomerId(request), request.params.id, request.params.recordId)),
  );

  route(app, contracts.dnsProfileFromDomain, options, async (request, reply) => {
    const customerId = requireCustomerId(request);
    const domain = await deps.zones.access(customerId, request.body.domainName);
    if (!domain) throw refusal(request.session.language, 404, 'notFound');
    return answer(request, reply, await profiles.fromDomain(customerId, domain.name, request.body.name, request.body.dnsList));
  });
}
