import { issueKey } from '@kavel/core';
import type { FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { safeParse, type $ZodType } from 'zod/v4/core';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/** What `hasZodFastifySchemaValidationErrors` (fastify-type-provider-zod) recognises an issue by. */
const ZOD_VALIDATION_ERROR = Symbol.for('ZodFastifySchemaValidationError');

/**
 * fastify-type-provider-zod's validator, with the shop's error map: an issue its schema gave no
 * message gets a key of `texts/validation.ts` (`issueKey`) instead of zod's English, so the
 * error handler answers every field in the visitor's language. The issues keep the shape that
 * package gives them (keyword, instancePath, message, params).
 */
export const validatorCompiler =
  ({ schema }: { schema: $ZodType }) =>
  (data: unknown) => {
    const result = safeParse(schema, data, { error: issueKey });
    if (result.success) return { value: result.data };
    return {
      error: result.error.issues.map(({ path, code, message, ...params }) => ({
        [ZOD_VALIDATION_ERROR]: true,
        keyword: code,
        instancePath: `/${path.join('/')}`,
        schemaPath: `#/${path.join('/')}/${code}`,
        message,
        params,
      })),
    };
  };

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
