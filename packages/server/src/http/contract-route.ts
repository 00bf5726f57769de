import type { Contract, HandlerOutput, RequestOf } from '@kavel/core';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';

/** What a contract's handler may answer: the response (its schema's input), or the reply it sent itself. */
export type ContractHandler<C extends Contract> = (
  request: FastifyRequest<RequestOf<C>>,
  reply: FastifyReply,
) => Promise<HandlerOutput<C> | FastifyReply | void>;

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
  if (contract.body) schema.body = contract.body;
  if (contract.headers) schema.headers = contract.headers;
  if (contract.response) schema.response = { [contract.status ?? 200]: contract.response };
  app.route({ ...options, method: contract.method, url: contract.path, schema, handler: handler as unknown as RouteHandlerMethod });
}
