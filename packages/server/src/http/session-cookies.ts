import type { FastifyRequest } from 'fastify';

/** The cookies of a visitor's session, and what the browser sends back with them. */

/** The session cookie over plain HTTP (development, tests). */
export const SESSION_COOKIE = 'kavel_session';
/**
 * The session cookie over HTTPS: a browser keeps a `__Host-` cookie only when it is Secure, has
 * Path=/ and no Domain, so no other (sub)domain can plant or overwrite it.
 */
export const SECURE_SESSION_COOKIE = '__Host-kavel_session';
export const sessionCookieName = (secure: boolean): string => (secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);
/** The spec's name; the front end reads it, so it stays readable by scripts and keeps its name. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
/** The page language a visitor chose; the language of a visitor without a stored session. */
export const LANG_COOKIE = 'kavel_lang';
/**
 * When this browser last changed something (ms, the server's clock): no process answers it from
 * a cache entry loaded before that, so its own change is seen even before the invalidation
 * reaches every process. Only lives as long as a cache entry can.
 */
export const WRITTEN_COOKIE = 'kavel_w';

/** The moment of the browser's last change, from its `kavel_w` cookie (0 when none). */
export function writtenAtOf(request: FastifyRequest): number {
  const value = Number(request.cookies[WRITTEN_COOKIE]);
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}
