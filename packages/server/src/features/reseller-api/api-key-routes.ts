import { contracts, message } from '@kavel/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { HttpError, refusal } from '../../http/errors.ts';
import { requireCustomerId, requireLogin } from '../../http/require-customer.ts';
import type { ApiKeyRefusal, ApiKeyService } from './api-key-service.ts';

/**
 * A reseller's API keys in the account area: list, create (the secret answered once), revoke.
 * A session call like every account call (CSRF on the writes); a customer who is not a reseller
 * is refused with 403, another reseller's key is not found, a key past the reseller's maximum of
 * active keys is a 409.
 */
export function registerApiKeyRoutes(app: FastifyInstance, keys: ApiKeyService): void {
  const options = { preValidation: requireLogin };
  const refused = (request: FastifyRequest, answer: ApiKeyRefusal) =>
    answer.reason === 'tooManyKeys'
      ? new HttpError(409, message(request.session.language, 'apiKeyLimit', { max: answer.max }))
      : refusal(request.session.language, 403, 'resellerOnly');

  route(app, contracts.apiKeys, options, async (request, reply) => {
    const listed = await keys.list(requireCustomerId(request));
    if (!Array.isArray(listed)) throw refused(request, listed);
    reply.header('cache-control', 'no-store');
    return listed;
  });

  route(app, contracts.createApiKey, options, async (request, reply) => {
    const answer = await keys.create(requireCustomerId(request), request.body);
    if (!answer.ok) throw refused(request, answer);
    reply.code(201).header('cache-control', 'no-store');
    return answer.created;
  });

  route(app, contracts.revokeApiKey, options, async (request) => {
    const answer = await keys.revoke(requireCustomerId(request), request.params.id);
    if (!answer) throw refusal(request.session.language, 404, 'notFound');
    if (!answer.ok) throw refused(request, answer);
    return answer.key;
  });
}
