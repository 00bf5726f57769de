import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One HTTP route, declared once: its method and path (`:name` marks a path parameter), the
 * schemas of what the caller sends (path parameters, query, body) and of the success answer.
 * The server registers its handler for a contract (Fastify validates with the request schemas
 * and serializes with `response`); the web client calls it and parses the answer with `response`.
 * A contract without `response` answers something that is not JSON (a page, a redirect, an event
 * stream, no content).
 */
export interface Contract {
  readonly method: HttpMethod;
  readonly path: string;
  readonly params?: z.ZodType;
  readonly querystring?: z.ZodType;
  readonly body?: z.ZodType;
  /** Request headers the call reads (a loose object: the others pass through). */
  readonly headers?: z.ZodType;
  /** The success answer's schema; `status` is its status code (200 unless said). */
  readonly response?: z.ZodType;
  readonly status?: number;
  /** What the route is for when it is not a JSON call: a page, a classic form post, a redirect, a stream, a file to download. */
  readonly kind?: 'page' | 'form' | 'redirect' | 'stream' | 'file';
  /** The `code` of a 400 for this call's input (`invalid_record`); `invalid_request` unless said. */
  readonly problemCode?: string;
}

/**
 * The `:id` segment of a path: decimal digits only, so that `/api/bestellen/klantgegevens` or
 * `/api/account/whois/standard` with another method is a path that does not exist (404), not a
 * malformed id. The schema (`ZIdParams`) still judges the value.
 */
export const ID_SEGMENT = ':id(^\\d+$)';

/** Declares a contract; the literal types (method, path, schemas) are kept for the callers. */
export function contract<const C extends Contract>(declaration: C): C {
  return Object.freeze(declaration);
}

/** The path of a call: each `:name` replaced by its (encoded) value. */
export function pathOf(route: Pick<Contract, 'path'>, params: Record<string, string | number> = {}): string {
  return route.path.replace(/:([A-Za-z_]\w*)(?:\([^)]*\))?/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

type SchemaOf<C, K extends string> = C extends { readonly [key in K]: infer S extends z.ZodType } ? S : never;

/** What a caller sends for a contract: `params`, `query` and `body` where the contract has them. */
export type CallInput<C extends Contract> = ([SchemaOf<C, 'params'>] extends [never] ? unknown : { params: z.input<SchemaOf<C, 'params'>> }) &
  ([SchemaOf<C, 'querystring'>] extends [never] ? unknown : { query: z.input<SchemaOf<C, 'querystring'>> }) &
  ([SchemaOf<C, 'body'>] extends [never] ? unknown : { body: z.input<SchemaOf<C, 'body'>> });

/** What a caller gets back: the parsed answer, or nothing for a contract without a response schema. */
export type CallOutput<C extends Contract> = [SchemaOf<C, 'response'>] extends [never] ? void : z.output<SchemaOf<C, 'response'>>;

/** What a handler answers with: the response schema's input (the serializer parses it). */
export type HandlerOutput<C extends Contract> = [SchemaOf<C, 'response'>] extends [never] ? unknown : z.input<SchemaOf<C, 'response'>>;

/** The request as a handler sees it: the parsed path parameters, query and body. */
export type RequestOf<C extends Contract> = {
  Params: [SchemaOf<C, 'params'>] extends [never] ? unknown : z.output<SchemaOf<C, 'params'>>;
  Querystring: [SchemaOf<C, 'querystring'>] extends [never] ? unknown : z.output<SchemaOf<C, 'querystring'>>;
  Body: [SchemaOf<C, 'body'>] extends [never] ? unknown : z.output<SchemaOf<C, 'body'>>;
  Headers: [SchemaOf<C, 'headers'>] extends [never] ? unknown : z.output<SchemaOf<C, 'headers'>>;
};
