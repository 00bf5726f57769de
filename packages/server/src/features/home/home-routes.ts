import { ZExtensionPageParams } from '@kavel/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { addVary } from '../../http/entity-tags.ts';
import { pageLanguage } from '../../http/pages.ts';
import type { SessionManager } from '../../http/session.ts';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import { extensionPage, homePage, unknownExtensionPage } from './home-page.ts';
import { HOME_CSS, HOME_CSS_PATH } from './home-style.ts';

/**
 * The page varies by the visitor's language (the session and language cookies) and may set a
 * cookie: kept by the browser only, and asked again each time, where its ETag makes it a 304.
 */
const html = (reply: FastifyReply, page: string) => addVary(reply, 'Cookie').header('cache-control', 'private, no-cache').type('text/html; charset=utf-8').send(page);
const PAGE = { config: { etag: true } } as const;

/**
 * The shop's home page and the extension pages, rendered on the server from the catalogue: the
 * first paint needs no script and no API call (spec 001 section 2; issue: Lighthouse 95 on `/`).
 */
export function registerHomeRoutes(app: FastifyInstance, deps: { catalogue: CatalogueService; sessions: SessionManager }): void {
  app.get(HOME_CSS_PATH, { config: { session: false } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=31536000, immutable').type('text/css; charset=utf-8').send(HOME_CSS),
  );

  app.get('/', PAGE, async (request, reply) => {
    const locale = await pageLanguage(request, reply, deps.sessions);
    const { promoTiles } = await deps.catalogue.snapshot();
    return html(reply, homePage(locale, promoTiles));
  });

  app.get('/domeinnaam/domeinextensie/:page', PAGE, async (request, reply) => {
    const locale = await pageLanguage(request, reply, deps.sessions);
    const { promoTiles, extensionsByName } = await deps.catalogue.snapshot();
    const params = ZExtensionPageParams.safeParse(request.params);
    const product = params.success ? extensionsByName.get(params.data.extension) : undefined;
    if (!product) return html(reply.code(404), unknownExtensionPage(locale, request.url.split('?')[0] ?? '/', promoTiles));
    const { registry: _registry, privacySupported: _privacy, ...sold } = product;
    return html(reply, extensionPage(locale, sold, promoTiles));
  });
}
