import type { FastifyInstance } from 'fastify';

/**
 * `/robots.txt` for search engines: the pages may be crawled, the JSON API is not a page. A plain
 * shared file, so no session work; without it crawlers (and Lighthouse's SEO audit) get a 404.
 */
export const ROBOTS_TXT = 'User-agent: *\nDisallow: /api/\n';

export function registerRobots(app: FastifyInstance): void {

  app.get('/robots.txt', { config: { session: false } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(ROBOTS_TXT),
  );
}
