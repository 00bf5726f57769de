import type { FastifyInstance } from 'fastify';
import type { CatalogueService } from './catalogue-service.ts';

/** Public read routes for what the front end shows: products with prices, and countries. */
export function registerCatalogueRoutes(app: FastifyInstance, catalogue: CatalogueService): void {
  app.get('/api/catalogue', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return (await catalogue.snapshot()).catalogue;
  });
  app.get('/api/countries', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return catalogue.countries();
  });
}
