import { RESELLER_API_PREFIX } from '@kavel/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The bearer API (the reseller API): a key in `Authorization` proves the caller, so none of its
 * paths has a session, a session cookie, an `XSRF-TOKEN` cookie or a CSRF check, also where no
 * route answers (a 404 or a 405 under it).
 */
export function isBearerApiPath(url: string): boolean {
  return url === RESELLER_API_PREFIX || url.startsWith(`${RESELLER_API_PREFIX}/`) || url.startsWith(`${RESELLER_API_PREFIX}?`);
}

/** Whether a request has a session: not on a route that needs none, and nowhere on the bearer API. */
export function usesSession(request: FastifyRequest): boolean {
  return request.routeOptions.config.session !== false && !isBearerApiPath(request.url);
}

/** The order `Allow` lists methods in; a method not named here comes after them. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const rank = (method: string) => (METHOD_ORDER.includes(method) ? METHOD_ORDER.indexOf(method) : METHOD_ORDER.length);

/**
 * The methods the app's router has for a path (for a 405's `Allow`): every method any route was
 * added with (told by `onRoute`, so this must be made before the routes are added), each looked
 * up in the router for this concrete path, with its parameters' patterns (an id that is not one
 * matches no method: a 404).
 */
export function trackAllowedMethods(app: FastifyInstance): (url: string) => string[] {
  const methods = new Set<string>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) methods.add(method.toUpperCase());
  });
  return (url) => {
    const path = url.split('?')[0] ?? '';
    const found = [...methods].filter((method) => {
      try {
        return app.findRoute({ method, url: path }) !== null;
      } catch {
        return false;
      }
    });
    return found.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  };
}
