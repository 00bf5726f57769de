import { contracts } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { route, serializedOnce } from '../../http/contract-route.ts';
import type { CatalogueService } from './catalogue-service.ts';

/**
 * Public read routes for what the front end shows: products with prices, and countries. Shared and
 * cacheable: no session, and an ETag (304 when the client has it). The answers are the catalogue's
 * cached, shared objects, so each is serialized and tagged once until the catalogue changes.
 */
export function registerCatalogueRoutes(app: FastifyInstance, catalogue: CatalogueService): void {
  const options = { config: { session: false, etag: true }, serializerCompiler: serializedOnce } as const;
  route(app, contracts.catalogue, options, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return (await catalogue.snapshot()).catalogue;
  });
  route(app, contracts.orderProducts, options, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return (await catalogue.snapshot()).orderProducts;
  });
  route(app, contracts.sharedHostings, options, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return (await catalogue.snapshot()).sharedHostings;
  });
  route(app, contracts.countries, options, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return catalogue.countries();
  });
}
