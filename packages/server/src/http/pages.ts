import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { matchPage, NOT_FOUND_PAGE, PAGES, type Locale, type PageScreen } from '@kavel/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { addVary } from './entity-tags.ts';
import { prerenderedFrames } from './prerendered-frames.ts';
import { chunkPreloads } from './route-preloads.ts';
import { LANG_COOKIE } from './session-cookies.ts';
import type { SessionManager } from './session.ts';

const ZLangQuery = z.object({ lang: z.enum(['nl', 'en']).optional() }).passthrough();

/**
 * The page routes: every page core declares (`PAGES`) without a path parameter, but the
 * not-found page, which is registered with its own status; and the order app's base with a
 * wildcard, which serves its pages with parameters (an order number, an e-mail address of any
 * length) and answers 404 for any other path there (spec 001's 'not found': the shell then sends
 * the browser on to `/errors/404`). Each answers the same HTML shell; the web router picks the page.
 */
export const PAGE_ROUTES: readonly string[] = [
  ...Object.values(PAGES)
    .filter((declared) => declared !== PAGES.notFound && !declared.path.includes(':'))
    .map((declared) => declared.path),
  `${PAGES.orderAppEntry.path}/*`,
];

/**
 * The language of a page: `?lang=` (kept in a cookie), else the cookie, else the session's. The
 * session keeps it too, so the JSON answers that follow speak the same language.
 */
export async function pageLanguage(request: FastifyRequest, reply: FastifyReply, sessions: SessionManager): Promise<Locale> {
  const query = ZLangQuery.safeParse(request.query);
  const chosen = query.success ? query.data.lang : undefined;
  const language = chosen ?? (request.cookies[LANG_COOKIE] === 'en' ? 'en' : request.cookies[LANG_COOKIE] === 'nl' ? 'nl' : request.session.language);
  if (chosen) reply.setCookie(LANG_COOKIE, chosen, { path: '/', sameSite: 'lax', httpOnly: false, maxAge: 365 * 86_400 });
  await sessions.setLanguage(request, language);
  return language;
}

/**
 * The page chunk the app router fetches for a route's first screen, preloaded with the entry: the
 * order page (and its reseller variant), the order app and the account area. The account area's
 * preload was measured with Lighthouse twice: it cost 2 points while its chunk had many small
 * imports beside an entry with React DOM, and gained 2 with a smaller entry (docs/benchmarks.md,
 * 2026-11-26); its imports are fewer now (the login form loads only for a visitor).
 */
const PRELOADED: Partial<Record<PageScreen, string>> = {
  'order-page': 'order-page',
  // The reseller variant's own chunk, with the order page's parts it imports.
  'reseller-order-page': 'reseller-order-page',
  'order-app': 'order-app',
  'account-area': 'account-area',
};

/** The chunk to preload for a request's page, by the page core declares for its path. */
function pageChunkOf(pathname: string): string | null {
  const found = matchPage(pathname);
  if (found) return PRELOADED[PAGES[found.name].screen] ?? null;
  return pathname.startsWith(`${PAGES.orderAppEntry.path}/`) ? 'order-app' : null;
}

/** The account's pages (the area and the account e-mails' link pages): their shell is never stored. */
const isAccountPage = (pathname: string) => {
  const found = matchPage(pathname);
  return found !== null && (PAGES[found.name].screen === 'account-area' || PAGES[found.name].screen === 'account-mail');
};

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Serves the built front end: hashed assets pre-compressed with a long cache life, and the HTML
 * shell (compressed per answer; revalidated by its ETag, or never stored in the account area) for
 * the page routes with the visitor's language and CSRF token filled in.
 */
export async function registerPages(app: FastifyInstance, webDist: string | null, sessions: SessionManager): Promise<void> {
  const indexPath = webDist ? join(webDist, 'index.html') : null;
  const shell = indexPath && existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
  if (webDist && existsSync(join(webDist, 'assets'))) {
    await app.register(async (assets) => {
      // Shared, cacheable files: no session (no lookup, no row, no cookie), and no compression per
      // answer: the build wrote a .br and a .gz next to each file, sent as the client accepts.
      assets.addHook('onRoute', (route) => {
        route.config = { ...route.config, session: false };
        route.compress = false;
      });
      assets.addHook('onSend', async (_request, reply, payload) => {
        reply.header('vary', 'Accept-Encoding');
        return payload;
      });
      await assets.register(fastifyStatic, {
        root: join(webDist, 'assets'),
        prefix: '/assets/',
        preCompressed: true,
        // Names carry a hash of their content: a changed file gets a new name, so it can be kept a year.
        immutable: true,
        maxAge: '365d',
        decorateReply: false,
      });
    });
  }

  // Browsers ask for `/favicon.ico` on pages that name no icon (the simulated payment page, the
  // invoice, form errors): the shop's icon is the built SVG the shell links to.
  const icon = shell ? /<link rel="icon" href="(\/assets\/[^"]+)"/.exec(shell)?.[1] : undefined;
  if (icon) {
    app.get('/favicon.ico', { config: { session: false } }, async (_request, reply) => reply.header('cache-control', 'public, max-age=86400').redirect(icon, 302));
  }

  // Each route's own page chunk, fetched with the entry instead of after it ran; a page does not
  // download another page's chunk (the order app does not carry the order page). Found once per
  // chunk when a page first needs it: reading the built files for every page route before the
  // listen cost the start about 20 ms.
  const preloads = new Map<string, string>();
  const preloadsOf = (route: string): string => {
    const chunk = pageChunkOf(route);
    if (!chunk || !webDist || !shell) return '';
    let tags = preloads.get(chunk);
    if (tags === undefined) preloads.set(chunk, (tags = chunkPreloads(webDist, shell, chunk)));
    return tags;
  };

  const frameOf = prerenderedFrames(shell ? webDist : null);

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const language = await pageLanguage(request, reply, sessions);
    // The shell carries the visitor's CSRF token and language: kept by the browser only and asked
    // again each time (a 304 by its ETag), varying by the cookies that decide both. The account
    // area's pages are never kept, so no back button shows them after a logout.
    const pathname = request.url.split('?')[0] ?? '';
    reply.header('cache-control', isAccountPage(pathname) ? 'no-store' : 'private, no-cache').type('text/html; charset=utf-8');
    addVary(reply, 'Cookie');
    if (!shell) {
      return reply.code(503).send('<!doctype html><title>Kavel</title><p>The front end is not built yet: run <code>npm run build</code>.</p>');
    }
    // The page's prerendered frame, which the app hydrates: text before the script ran. Only for an
    // address without a query, which the frame was rendered for (a search, `?lang=`, a step).
    const frame = !request.url.includes('?') && reply.statusCode === 200 ? frameOf(pathname, language) : null;
    const page = (frame ? shell.replace('<div id="root"></div>', () => `<div id="root">${frame}</div>`) : shell)
      .replace(/<html lang="[a-z]+"/, `<html lang="${language}"`)
      .replace('<div id="root"', `<div id="root" data-csrf-token="${escapeAttribute(request.session.csrfToken)}"`);
    const tags = preloadsOf(pathname);
    return tags ? page.replace('</head>', `  ${tags}\n  </head>`) : page;
  };

  for (const url of PAGE_ROUTES) {
    const options = isAccountPage(url) ? {} : { config: { etag: true as const } };
    // A path that is no declared page (`/bestellen/0/overzicht`, `/bestellen/bestaat-niet`): 404.
    app.get(url, options, async (request, reply) => servePage(request, matchPage(request.url.split('?')[0] ?? '') === null ? reply.code(404) : reply));
  }
  // The shop's own 'not found' page: the same shell (the page shows it), with the status that says so.
  app.get(NOT_FOUND_PAGE, async (request, reply) => servePage(request, reply.code(404)));
}
