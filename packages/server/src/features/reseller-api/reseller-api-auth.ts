import type { ResellerApiCall, TApiKeyScope } from '@kavel/core';
import { RESELLER_API_OPERATIONS } from '@kavel/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { localeOf, refusal } from '../../http/errors.ts';
import type { CounterPort } from '../../ports/counters/counter-port.ts';
import type { ApiKeyCaller, ApiKeyService } from './api-key-service.ts';
import { countCall, sendBindingLimit } from './reseller-api-rate-limit.ts';

export interface ResellerApiAuthDeps {
  keys: ApiKeyService;
  counters: CounterPort;
  /** Calls per minute per key. */
  perMinute: number;
  /** Calls per minute per reseller, all its keys together. */
  perResellerPerMinute: number;
}

const callers = new WeakMap<FastifyRequest, ApiKeyCaller>();

/** The key's caller of a reseller API request (set by the route's `preValidation`). */
export function callerOf(request: FastifyRequest): ApiKeyCaller {
  const caller = callers.get(request);
  if (!caller) throw new Error('reseller API route without its key check');
  return caller;
}

const bearerOf = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([\x21-\x7e]{1,200})$/i.exec(header.trim()) : null;
  return match ? match[1]! : null;
};

/**
 * The route options of a reseller API call: no session (so no CSRF, and a session cookie counts
 * for nothing), and before the body is judged: a valid key (401), the call's scope (403), and
 * the rate limits of the key and of its reseller (all its keys together) in the shared counters
 * (429 with Retry-After). The `X-RateLimit-*` headers describe the limit that binds (see
 * `sendBindingLimit`).
 */
export function resellerApiOptions(deps: ResellerApiAuthDeps, call: ResellerApiCall) {
  const scope: TApiKeyScope = RESELLER_API_OPERATIONS[call].scope;
  return {
    config: { session: false as const },
    preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      const presented = bearerOf(request);
      const caller = presented ? await deps.keys.authenticate(presented) : null;
      if (!caller) {
        reply.header('www-authenticate', 'Bearer realm="kavel-reseller-api"');
        throw refusal(localeOf(request), 401, 'apiKeyRequired');
      }
      // The key's limit first: a call it refuses does not eat into the allowance of the reseller's other keys.
      const key = await countCall(deps.counters, reply, `reseller-api:${caller.keyId}`, deps.perMinute);
      const reseller = key && (await countCall(deps.counters, reply, `reseller-api:reseller:${caller.customerId}`, deps.perResellerPerMinute));
      if (!key || !reseller) throw refusal(localeOf(request), 429, 'rateLimited');
      sendBindingLimit(reply, [key, reseller]);
      if (!caller.scopes.includes(scope)) throw refusal(localeOf(request), 403, 'apiKeyScope');
      callers.set(request, caller);
    },
  };
}
