import { RESELLER_API_PREFIX } from '@kavel/core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { openApiPathOf, resellerOpenApiDocument } from '../../src/features/reseller-api/openapi-document.ts';

/** One answer of the reseller API as a test's caller received it. */
export interface RecordedAnswer {
  method: string;
  url: string;
  /** The route's path as Fastify has it, or undefined when no route took the request (404, 405). */
  route: string | undefined;
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/** The headers the document declares where they are sent; any of them on an answer must be declared for its status. */
const DECLARED_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after', 'idempotent-replayed', 'allow'];
/** Paths below the prefix that are not calls: the document itself and its page. */
const NOT_CALLS = new Set([`${RESELLER_API_PREFIX}/openapi.json`, `${RESELLER_API_PREFIX}/docs`]);

/**
 * Records every answer of the reseller API the app gives (status, headers, body), so that a test
 * file can check them all against the served document afterwards (`conformanceFaults`).
 */
export function recordResellerApiAnswers(app: FastifyInstance): RecordedAnswer[] {
  const recorded: RecordedAnswer[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith(`${RESELLER_API_PREFIX}/`) || NOT_CALLS.has(path)) return payload;
    const headers = Object.fromEntries(Object.entries(reply.getHeaders()).map(([name, value]) => [name.toLowerCase(), String(value)]));
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload == null ? '' : null;
    // A compressed or streamed answer is checked for its status and headers only.
    const readable = body !== null && !headers['content-encoding'];
    recorded.push({ method: request.method, url: request.url, route: request.routeOptions.url, status: reply.statusCode, headers, body: readable ? body : null });
    return payload;
  });
  return recorded;
}

type Json = Record<string, unknown>;
type Answer = { $ref?: string; headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> };
const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * What in `answers` the reseller API's document does not describe: a status the operation does
 * not declare, a body that does not match its schema or media type, a header not declared for
 * that status, an answer of a path the document does not have. Empty when all conform.
 */
export function conformanceFaults(answers: RecordedAnswer[]): string[] {
  // Most test files never call the API: they need neither the document nor its compiled schemas.
  if (answers.length === 0) return [];
  const document = resellerOpenApiDocument() as Json & { paths: Record<string, Record<string, { responses: Record<string, Answer> }>>; components: { responses: Record<string, Answer> } };
  const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: false });
  ajv.addSchema({ ...document, $id: 'kavel-reseller-api' });
  const validators = new Map<string, ReturnType<typeof ajv.getSchema>>();
  const validatorAt = (ref: string) => {
    if (!validators.has(ref)) validators.set(ref, ajv.compile({ $ref: `kavel-reseller-api#${ref}` }));
    return validators.get(ref)!;
  };
  const faults: string[] = [];
  for (const answer of answers) {
    const where = `${answer.method} ${answer.url} ${answer.status}`;
    let responses: Record<string, Answer>;
    let base: string;
    if (answer.route === undefined) {
      // No route took it: an address the API does not have (404), or a method its path lacks (405).
      if (answer.status !== 404 && answer.status !== 405) {
        faults.push(`${where}: no route, yet not 404 or 405`);
        continue;
      }
      responses = { [String(answer.status)]: { $ref: `#/components/responses/Refused${answer.status}` } };
      base = '';
    } else {
      const path = openApiPathOf(answer.route.slice(RESELLER_API_PREFIX.length));
      const operation = document.paths[path]?.[answer.method.toLowerCase() === 'head' ? 'get' : answer.method.toLowerCase()];
      if (!operation) {
        faults.push(`${where}: the document has no operation ${answer.method} ${path}`);
        continue;
      }
      responses = operation.responses;
      base = `/paths/${pointer(path)}/${answer.method.toLowerCase()}/responses`;
    }
    const declared = responses[String(answer.status)];
    if (!declared) {
      faults.push(`${where}: status not declared (${Object.keys(responses).join(', ')})`);
      continue;
    }
    const refName = declared.$ref?.split('/').pop();
    const resolved: Answer = refName ? document.components.responses[refName]! : declared;
    const at = refName ? `/components/responses/${refName}` : `${base}/${answer.status}`;
    const declaredHeaders = new Set(Object.keys(resolved.headers ?? {}).map((name) => name.toLowerCase()));
    for (const name of DECLARED_HEADERS) {
      if (answer.headers[name] !== undefined && !declaredHeaders.has(name)) faults.push(`${where}: header ${name} not declared`);
    }
    if (answer.body === null || answer.method === 'HEAD') continue;
    if (answer.body === '') {
      if (resolved.content) faults.push(`${where}: empty body where the document declares one`);
      continue;
    }
    const media = (answer.headers['content-type'] ?? '').split(';')[0]!.trim();
    if (!resolved.content?.[media]) {
      faults.push(`${where}: media type ${media} not declared (${Object.keys(resolved.content ?? {}).join(', ')})`);
      continue;
    }
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      faults.push(`${where}: body is not JSON`);
      continue;
    }
    const validate = validatorAt(`${at}/content/${pointer(media)}/schema`)!;
    if (!validate(body)) faults.push(`${where}: body does not match: ${ajv.errorsText(validate.errors)} in ${answer.body.slice(0, 300)}`);
  }
  return faults;
}
