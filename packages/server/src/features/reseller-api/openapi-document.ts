import { RESELLER_API_OPERATIONS, RESELLER_API_PREFIX, resellerApiContracts, ZApiError, type Contract, type ResellerApiCall } from '@kavel/core';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** A schema as OpenAPI 3.1 takes it (JSON Schema 2020-12), for what is sent (`input`) or answered (`output`). */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** `/domains/:domain/dns/records/:recordId(^\d+$)` -> `/domains/{domain}/dns/records/{recordId}`. */
export const openApiPathOf = (path: string) => path.replace(/:([A-Za-z_]\w*)(?:\([^)]*\))?/g, '{$1}');

function parametersOf(contract: Contract): JsonSchema[] {
  const from = (schema: z.ZodType | undefined, where: 'path' | 'query' | 'header') => {
    if (!schema) return [];
    const object = jsonSchemaOf(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    return Object.entries(object.properties ?? {}).map(([name, property]) => ({
      // Headers are named as HTTP writes them: `Idempotency-Key`.
      name: where === 'header' ? name.replace(/(^|-)([a-z])/g, (_all, dash: string, letter: string) => dash + letter.toUpperCase()) : name,
      in: where,
      required: where === 'path' || (object.required ?? []).includes(name),
      schema: property,
    }));
  };
  return [...from(contract.params, 'path'), ...from(contract.querystring, 'query'), ...from(contract.headers, 'header')];
}

const integerHeader = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });

/**
 * The headers of the limit that binds at a call (see `reseller-api-rate-limit.ts`), on every
 * answer of every call, and Retry-After, described once (`components.headers`).
 */
const HEADERS = {
  'X-RateLimit-Limit': integerHeader(
    "Calls per minute of the limit that binds at this call: the key's own, the reseller's (all its keys together) or the site-wide limit of the calling address, whichever has the fewest calls left.",
  ),
  'X-RateLimit-Remaining': integerHeader('Calls that limit has left in its current minute.'),
  'X-RateLimit-Reset': integerHeader("Seconds until that limit's minute ends."),
  'Retry-After': integerHeader('Seconds to wait before calling again.'),
  Allow: { description: 'The methods this path has.', schema: { type: 'string', examples: ['GET, HEAD, POST'] } },
  'Idempotent-Replayed': {
    description: '`true` when the answer is the stored answer of an earlier request with this Idempotency-Key (nothing was done again).',
    schema: { type: 'string', enum: ['true'] },
  },
};
const headerRefs = (names: (keyof typeof HEADERS)[]) => Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
const RATE_LIMIT_HEADERS = headerRefs(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']);

/** Every refusal is problem details (RFC 9457) with our `code`: `application/problem+json`. */
const errorAnswer = (description: string, headers: Record<string, unknown> = RATE_LIMIT_HEADERS) => ({
  description,
  headers,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The refusals every call may answer, described once (`components.responses`) and referred to by status. */
const REFUSALS = {
  '400': errorAnswer('The request is not valid; `fieldErrors` names the fields.'),
  '401': errorAnswer('No valid API key (a session cookie does not count).'),
  '403': errorAnswer('The key does not have the scope of this call.'),
  '404': errorAnswer('Not found, or not one of your domains or orders; also an address that is not a valid URL (`not_found`).'),
  '405': errorAnswer('This path does not have this method (`method_not_allowed`); `Allow` lists the methods it has.', headerRefs(['Allow'])),
  '429': errorAnswer(
    'Too many calls: past the limit of the key, of the reseller or of the calling address; `Retry-After` says when to try again, `X-RateLimit-*` which limit refused.',
    headerRefs(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After']),
  ),
};
/**
 * The refusals of a call with a body, before the body is read (and before the key is asked for):
 * the site-wide limit counted the request as it came in, so its `X-RateLimit-*` are on them.
 */
const BODY_REFUSALS = {
  '413': errorAnswer('The body is larger than the server takes (`body_too_large`).'),
  '415': errorAnswer('The body is not `application/json` (`unsupported_media_type`).'),
};
const KEY_REFUSALS = {
  '409': errorAnswer(
    'The Idempotency-Key belongs to another request, or its first request still runs (`Retry-After`); for an order also: the domain cannot be ordered now (`domain_unavailable`), or another order (yours, another reseller\'s or the shop\'s) is registering or transferring it (`order_domain_claimed`): one order per name until its registration is delivered or has failed; nothing was ordered or billed.',
  ),
};
const ORDER_REFUSALS = {
  '503': errorAnswer('The registry did not answer (`availability_unknown`); try again with the same Idempotency-Key.'),
};
const SERVER_REFUSALS = {
  '500': errorAnswer('Something went wrong on our side (`internal_error`); the request may be retried (with the same Idempotency-Key for a write).'),
};
const refusalRefs = (refusals: Record<string, unknown>) => Object.fromEntries(Object.keys(refusals).map((status) => [status, { $ref: `#/components/responses/Refused${status}` }]));

/** One operation of the document, from its contract and its scope. */
function operationOf(name: ResellerApiCall, contract: Contract): JsonSchema {
  const { scope, summary } = RESELLER_API_OPERATIONS[name];
  const parameters = parametersOf(contract);
  const keyRequired = parameters.some((parameter) => parameter.in === 'header' && parameter.required === true);
  return {
    operationId: name,
    summary,
    description: `Needs an API key with the scope \`${scope}\`.`,
    security: [{ apiKey: [] }],
    'x-scope': scope,
    ...(parameters.length ? { parameters } : {}),
    ...(contract.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(contract.body, 'input') } } } } : {}),
    responses: {
      [String(contract.status ?? 200)]: {
        description: 'Success',
        // A write that takes an Idempotency-Key says when its answer is a replay.
        headers: contract.headers ? { ...RATE_LIMIT_HEADERS, ...headerRefs(['Idempotent-Replayed']) } : RATE_LIMIT_HEADERS,
        ...(contract.response ? { content: { 'application/json': { schema: jsonSchemaOf(contract.response, 'output') } } } : {}),
      },
      // An order (its Idempotency-Key required): a retry answers the first order with 200.
      ...(keyRequired && contract.response
        ? { '200': { description: 'A retry with an Idempotency-Key used before: the first result', headers: { ...RATE_LIMIT_HEADERS, ...headerRefs(['Idempotent-Replayed']) }, content: { 'application/json': { schema: jsonSchemaOf(contract.response, 'output') } } } }
        : {}),
      ...refusalRefs(REFUSALS),
      ...(contract.method !== 'GET' ? refusalRefs(BODY_REFUSALS) : {}),
      ...(contract.headers ? refusalRefs(KEY_REFUSALS) : {}),
      ...(keyRequired ? refusalRefs(ORDER_REFUSALS) : {}),
      ...refusalRefs(SERVER_REFUSALS),
    },
  };
}

/**
 * The reseller API's OpenAPI 3.1 document, generated from its contracts in core: the same
 * schemas the routes validate and serialize with, so the document cannot drift from the API.
 */
export function resellerOpenApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, contract] of Object.entries(resellerApiContracts) as [ResellerApiCall, Contract][]) {
    const path = openApiPathOf(contract.path.slice(RESELLER_API_PREFIX.length));
    (paths[path] ??= {})[contract.method.toLowerCase()] = operationOf(name, contract);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kavel reseller API',
      version: '1.0.0',
      description: 'For resellers: check availability, order domains with reseller hosting for your customers, list your domains and orders and manage their DNS records. Create an API key in your account (API-sleutels) and send it as `Authorization: Bearer <key>`. ' +
        'Every answer of a call carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` of the limit that binds at that call. ' +
        'A method a path does not have is answered 405 with an `Allow` header that lists the methods it has; a path or id that names nothing is 404. ' +
        'No answer sets a cookie. ' +
        'Every refusal is problem details (RFC 9457, `application/problem+json`): `type`, `title`, `status`, `detail`, and a stable, machine-readable `code` (`domain_unavailable`, `invalid_record`, `rate_limited`, …; `GET /api/problems/{code}` describes one); a refusal of fields lists them in `errors` (`field`, `code`, `detail`) and `fieldErrors`. ' +
        'Messages follow `Accept-Language` (`nl`, the default, or `en`). Bodies are JSON (`Content-Type: application/json`).',
    },
    servers: [{ url: RESELLER_API_PREFIX }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'A reseller API key, `kvl_…`, made in the account area.' } },
      schemas: { Error: jsonSchemaOf(ZApiError, 'output') },
      headers: HEADERS,
      responses: Object.fromEntries(Object.entries({ ...REFUSALS, ...BODY_REFUSALS, ...KEY_REFUSALS, ...ORDER_REFUSALS, ...SERVER_REFUSALS }).map(([status, answer]) => [`Refused${status}`, answer])),
    },
  };
}
