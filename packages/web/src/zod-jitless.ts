import { z } from 'zod/v4';

/**
 * zod as the browser build sees it (vite.config.ts points `zod` here): the same library, configured
 * before anything else can use it. zod keeps checking the server's answers in the browser, but
 * without compiling parsers at run time: `jitless` skips both the generated code and the
 * `new Function('')` probe, which a CSP without `unsafe-eval` reports as a violation.
 *
 * Being the module every `import … from 'zod'` resolves to, this runs before any schema is built
 * (zod decides per object schema, when it is built, whether to compile), whatever the chunking.
 * `zod/v4` is the same module instance as `zod`; the server keeps the compiled parsers.
 */
z.config({ jitless: true });

export * from 'zod/v4';
export { z };
