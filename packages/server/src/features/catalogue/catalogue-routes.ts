import { contracts } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route.ts';
import type { CatalogueService } from './catalogue-service.ts';

/** Public read routes for what the front end shows: products with prices, and countries. Shared and cacheable: no session. */
export function registerCatalogueRoutes(app: FastifyInstance, catalogue: CatalogueService): void {
  route(app, contracts.catalogue, { config: { session: false } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return (await catalogue.snapshot()).catalogue;
  });
  route(app, contracts.orderProducts, { config: { session: false } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return (await catalogue.snapshot()).orderProducts;
  });
  route(app, contracts.sharedHostings, { config: { session: false } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return (await catalogue.snapshot()).sharedHostings;
  });
  route(app, contracts.countries, { config: { session: false } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return catalogue.countries();
  });
}
