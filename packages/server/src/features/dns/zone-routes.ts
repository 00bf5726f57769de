import { contracts, fillText, validationMessage, type Locale, type TDnsZonePage, type ValidationKey } from '@kavel/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { fieldRefusal, HttpError, refusal } from '../../http/errors.ts';
import { requireCustomerId, requireLogin } from '../../http/require-customer.ts';
import type { ZoneAnswer, ZoneRefusal, ZoneService } from './zone-service.ts';

/** The answer to a refused zone change: 404 not the customer's, 403 read-only, 409 the zone's state, 400 the record or the zone's size. */
export function zoneRefusal(locale: Locale, refused: ZoneRefusal): HttpError {
  switch (refused.reason) {
    case 'notFound':
      return refusal(locale, 404, 'notFound');
    case 'readOnly':
      return refusal(locale, 403, 'dnsReadOnly');
    case 'notManageable':
      return refusal(locale, 409, 'dnsNotManageable');
    case 'notActive':
      return refusal(locale, 409, 'dnsNotActive');
    case 'notLatest':
      return refusal(locale, 409, 'dnsUndoNotLatest');
    case 'scanFailed':
      return refusal(locale, 502, 'dnsScanFailed');
    case 'registryFailed':
      return refusal(locale, 502, 'dnsRegistryFailed');
    case 'privacyNotSupported':
      return refusal(locale, 409, 'dnsPrivacyNotSupported');
    case 'invalid':
      return fieldRefusal(locale, refused.field, refused.key as ValidationKey);
    case 'tooManyRecords':
      return new HttpError(400, fillText(validationMessage(locale, 'dnsZoneRecordLimit'), { limit: refused.limit }));
  }
}

/** The page's data after a change, or the refusal thrown; never cached. */
export function zonePageOf(request: FastifyRequest, reply: FastifyReply, answer: ZoneAnswer): TDnsZonePage {
  if (!answer.ok) throw zoneRefusal(request.session.language, answer);
  reply.header('cache-control', 'no-store');
  return answer.page;
}

/**
 * A domain's zone in the account area (spec 001 section 7): the page's data, the record
 * operations, reset, history and undo. Logged-in customers only; another customer's domain or
 * record is not found.
 */
export function registerZoneRoutes(app: FastifyInstance, zones: ZoneService): void {
  const options = { preValidation: requireLogin };
  const notFound = (request: FastifyRequest) => refusal(request.session.language, 404, 'notFound');

  route(app, contracts.dnsZonePage, options, async (request, reply) => {
    const page = await zones.page(requireCustomerId(request), request.query.name);
    if (!page) throw notFound(request);
    reply.header('cache-control', 'no-store');
    return page;
  });

  route(app, contracts.domainDns, options, async (request, reply) => {
    const records = await zones.records(requireCustomerId(request), request.params.id);
    if (!records) throw notFound(request);
    reply.header('cache-control', 'no-store');
    return records;
  });

  route(app, contracts.dnsAddRecord, options, async (request, reply) =>
    zonePageOf(request, reply, await zones.change(requireCustomerId(request), request.params.id, { kind: 'add', record: request.body })),
  );

  route(app, contracts.dnsUpdateRecord, options, async (request, reply) =>
    zonePageOf(request, reply, await zones.change(requireCustomerId(request), request.params.id, { kind: 'update', id: request.params.recordId, record: request.body })),
  );

  route(app, contracts.dnsRemoveRecord, options, async (request, reply) =>
    zonePageOf(request, reply, await zones.change(requireCustomerId(request), request.params.id, { kind: 'remove', id: request.params.recordId })),
  );

  route(app, contracts.dnsResetToDefault, options, async (request, reply) => zonePageOf(request, reply, await zones.reset(requireCustomerId(request), request.params.id)));

  route(app, contracts.dnsHistory, options, async (request, reply) => {
    const history = await zones.history(requireCustomerId(request), request.params.id);
    if (!history) throw notFound(request);
    reply.header('cache-control', 'no-store');
    return history;
  });

  route(app, contracts.domainPrivacy, options, async (request, reply) =>
    zonePageOf(request, reply, await zones.setPrivacy(requireCustomerId(request), request.params.id, request.body.enabled)),
  );

  route(app, contracts.dnsUndo, options, async (request, reply) =>
    zonePageOf(request, reply, await zones.undo(requireCustomerId(request), request.params.id, request.body.revision)),
  );
}
