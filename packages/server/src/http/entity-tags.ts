import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's 200 answers carry an `ETag` of their body, and a GET or HEAD whose
     * `If-None-Match` names it is answered 304 without a body. Only for answers whose body is the
     * same for everyone, or varies only by what the answer's `Vary` names.
     */
    etag?: true;
  }
}

/**
 * Entity tags for the routes that ask for them (`config: { etag: true }`): the catalogue, the
 * countries, the reseller API's document and page, and the HTML pages.
 *
 * The tag is weak (`W/"…"`): HTML and JSON are compressed per answer as the client accepts, so the
 * bytes differ by encoding while the content is the same; `If-None-Match` compares weakly anyway.
 * It is a hash of the body after serialization and before compression (route-level hooks, as
 * `@fastify/compress` adds, run after this app-level one). Each route remembers its last body and
 * tag: a body that is the same string again (a cached answer serialized once, a page built once)
 * is not hashed again.
 */
export function registerEntityTags(app: FastifyInstance): void {
  const last = new WeakMap<object, { payload: string | Buffer; tag: string }>();
  app.addHook('onSend', async (request, reply, payload) => {
    const config = request.routeOptions.config;
    if (config.etag !== true || reply.statusCode !== 200 || (request.method !== 'GET' && request.method !== 'HEAD')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    let known = last.get(config);
    if (known?.payload !== payload) {
      known = { payload, tag: `W/"${hash('sha1', payload, 'base64url')}"` };
      last.set(config, known);
    }
    reply.header('etag', known.tag);
    // The 304 names what the 200 would: an HTML or JSON body may be compressed by encoding.
    if (/^(?:text\/html|application\/json)\b/.test(String(reply.getHeader('content-type') ?? ''))) addVary(reply, 'accept-encoding');
    if (!namesTag(request.headers['if-none-match'], known.tag)) return payload;
    reply.code(304);
    // Fastify's HEAD handling drops the body itself (and needs one to measure): the 304 to a HEAD
    // has the headers the HEAD's 200 would have.
    if (request.method === 'HEAD') return payload;
    reply.removeHeader('content-type').removeHeader('content-length');
    return null;
  });
}

/** Adds a field to the answer's `Vary` unless it is there (lower case, as `@fastify/compress` looks for it). */
export function addVary(reply: FastifyReply, field: string): FastifyReply {
  const present = String(reply.getHeader('vary') ?? '');
  const fields = present.split(',').map((name) => name.trim()).filter((name) => name !== '');
  if (fields.some((name) => name === '*' || name.toLowerCase() === field.toLowerCase())) return reply;
  return reply.header('vary', [...fields, field].join(', '));
}

/** Whether `If-None-Match` names the tag (`*`, or in its list), compared weakly (RFC 9110 section 13.1.2). */
function namesTag(header: string | undefined, tag: string): boolean {
  if (header === undefined) return false;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === opaque(tag));
}
