import type { FastifyInstance } from 'fastify';

/**
 * `/robots.txt` for search engines (and `/favicon.ico` for browsers): the pages may be crawled, the JSON API is not a page. A plain
 * shared file, so no session work; without it crawlers (and Lighthouse's SEO audit) get a 404.
 */
export const ROBOTS_TXT = 'User-agent: *\nDisallow: /api/\n';

export function registerRobots(app: FastifyInstance): void {
  // Browsers ask for `/favicon.ico` on pages that name no icon (the simulated payment page, the
  // invoice, form errors): the shop's icon is an SVG.
  app.get('/favicon.ico', { config: { session: false } }, async (_request, reply) => reply.header('cache-control', 'public, max-age=86400').redirect('/favicon.svg', 301));
  app.get('/robots.txt', { config: { session: false } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(ROBOTS_TXT),
  );
}
