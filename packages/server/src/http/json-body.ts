import type { FastifyInstance, FastifyRequest } from 'fastify';
import { localeOf, refusal } from './errors.ts';

/**
 * How deep arrays and objects may nest in a JSON body. No request of ours goes past 4; the limit
 * keeps recursive code (zod, `JSON.stringify`, a fingerprint's hash) from ever meeting a body
 * that exhausts the stack. The message in `texts/messages.ts` (`bodyTooDeep`) names it.
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether JSON text nests arrays and objects deeper than `limit`: one pass over the characters,
 * counting brackets outside strings, without recursion and without parsing. Text that is not JSON
 * is left to the parser to refuse.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}

/** Whether a request carries a body, as Fastify decides whether to parse one. */
const hasBody = (request: FastifyRequest) => request.headers['transfer-encoding'] !== undefined || (request.headers['content-length'] ?? '0') !== '0';

/** The media type of a `Content-Type`, without its parameters, in lower case: `Application/JSON; charset=utf-8` -> `application/json`. */
const mediaTypeOf = (contentType: string) => (contentType.split(';')[0] ?? '').trim().toLowerCase();

/**
 * A route that documents JSON bodies only (the reseller API) refuses any other body with 415,
 * before it is parsed: the shop's form posts (`@fastify/formbody`, for its forms without
 * script) and Fastify's plain text parser are for the browser's routes, not for this one.
 */
async function refuseOtherThanJson(request: FastifyRequest): Promise<void> {
  if (!hasBody(request)) return;
  const type = request.headers['content-type'];
  if (type === undefined || mediaTypeOf(type) !== 'application/json') throw refusal(localeOf(request), 415, 'mediaType');
}

/**
 * The JSON body parser: Fastify's own (secure-json-parse, refusing `__proto__` and `constructor`
 * keys) behind a depth check, so a body nested past `MAX_JSON_DEPTH` is a 400 before anything
 * walks it. An empty body is no body, as without a content type: a client that always sends
 * `Content-Type: application/json` can still call a DELETE. Routes under `jsonOnlyPrefixes` take
 * JSON bodies only (`refuseOtherThanJson`).
 */
export function registerJsonBodyParser(app: FastifyInstance, options: { jsonOnlyPrefixes?: readonly string[] } = {}): void {
  const jsonOnly = options.jsonOnlyPrefixes ?? [];
  if (jsonOnly.length > 0) {
    // Before any route is added, so each one under a JSON-only prefix gets the check.
    app.addHook('onRoute', (route) => {
      if (!jsonOnly.some((prefix) => route.url === prefix || route.url.startsWith(`${prefix}/`))) return;
      const own = route.preParsing === undefined ? [] : Array.isArray(route.preParsing) ? route.preParsing : [route.preParsing];
      route.preParsing = [refuseOtherThanJson, ...own];
    });
  }
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(null, undefined);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(refusal(localeOf(request), 400, 'bodyTooDeep'), undefined);
    void parse(request, text, done);
  });
}
