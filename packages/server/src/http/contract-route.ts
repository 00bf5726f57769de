import { ZNoBody, type Contract, type HandlerOutput, type RequestOf } from '@kavel/core';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySerializerCompiler, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The `code` of a 400 for the route's input (the contract's `problemCode`). */
    problemCode?: string;
  }
}

/** What a contract's handler may answer: the response (its schema's input), or the reply it sent itself. */
export type ContractHandler<C extends Contract> = (
  request: FastifyRequest<RequestOf<C>>,
  reply: FastifyReply,
) => Promise<HandlerOutput<C> | FastifyReply | void>;

/** Methods whose body Fastify never reads. */
const BODYLESS_METHODS = new Set(['GET', 'HEAD']);

/** Route options besides the schema, which comes from the contract. */
export type ContractRouteOptions = Omit<RouteShorthandOptions, 'schema'>;

/**
 * Registers the handler for a contract: its method and path, and its schemas, so that Fastify
 * validates the request with the core schemas and serializes the success answer with the
 * response schema (which also drops fields the schema does not name).
 */
export function route<C extends Contract>(app: FastifyInstance, contract: C, options: ContractRouteOptions, handler: ContractHandler<C>): void {
  const schema: NonNullable<RouteShorthandOptions['schema']> = {};
  if (contract.params) schema.params = contract.params;
  if (contract.querystring) schema.querystring = contract.querystring;
  // A write without a body schema still gets its body parsed: refused unless empty, before any hook reads it.
  if (contract.body) schema.body = contract.body;
  else if (!BODYLESS_METHODS.has(contract.method)) schema.body = ZNoBody;
  if (contract.headers) schema.headers = contract.headers;
  if (contract.response) schema.response = { [contract.status ?? 200]: contract.response };
  const config = contract.problemCode ? { ...options.config, problemCode: contract.problemCode } : options.config;
  app.route({ ...options, ...(config ? { config } : {}), method: contract.method, url: contract.path, schema, handler: handler as unknown as RouteHandlerMethod });
}

/**
 * The response serializer of `route` (the response schema, then JSON), run once per answer object:
 * for a route whose handler answers the same object again while it has not changed (a basket from
 * the read cache), the second answer is the first one's JSON. Only for answers that are never
 * changed after they were handed out: the cache must treat them as immutable anyway, since every
 * request that reads the entry shares them.
 */
export const serializedOnce: FastifySerializerCompiler<unknown> = (routeSchema) => {
  const serialize = serializerCompiler(routeSchema as Parameters<typeof serializerCompiler>[0]);
  const answered = new WeakMap<object, string>();
  return (data) => {
    if (typeof data !== 'object' || data === null) return serialize(data);
    let json = answered.get(data);
    if (json === undefined) {
      json = serialize(data);
      answered.set(data, json);
    }
    return json;
  };
};
