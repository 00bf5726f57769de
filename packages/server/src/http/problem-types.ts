import { contracts, messages, problemCatalogue, problemTypeOf, validation, type Locale } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { route } from './contract-route.ts';
import { keyedRefusal, localeOf } from './errors.ts';

/**
 * `GET /api/problems/{code}`: the address every refusal's `type` names (RFC 9457), answering
 * what its `code` means in the caller's language. Public, no session, cacheable.
 */
export function registerProblemTypes(app: FastifyInstance): void {
  const catalogues = new Map<Locale, Map<string, string>>();
  const catalogueOf = (locale: Locale) => {
    let catalogue = catalogues.get(locale);
    if (!catalogue) catalogues.set(locale, (catalogue = problemCatalogue(locale, { ...validation, ...messages })));
    return catalogue;
  };
  route(app, contracts.problemType, { config: { session: false } }, async (request, reply) => {
    const { code } = request.params;
    const description = catalogueOf(localeOf(request)).get(code);
    if (description === undefined) throw keyedRefusal(404, 'notFound');
    reply.header('cache-control', 'public, max-age=86400').header('vary', 'Accept-Language');
    return { type: problemTypeOf(code), code, description };
  });
}
