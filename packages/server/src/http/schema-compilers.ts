import type { FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * Fastify's `schemaController` with the zod compilers of the route contracts. Without it every
 * `Fastify()` loads Fastify's own JSON-schema compilers (ajv with its formats, fast-json-stringify),
 * which no route here uses: a tenth of a second or more of every start. (Fastify types the
 * factories for JSON schemas, hence the casts; `setValidatorCompiler` takes the same functions.)
 */
export const zodSchemaController = {
  compilersFactory: {
    buildValidator: (() => validatorCompiler) as unknown as CompilersFactory['buildValidator'],
    buildSerializer: (() => serializerCompiler) as unknown as CompilersFactory['buildSerializer'],
  },
};
