import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Only the HTML shell and JSON are compressed per answer: built assets are compressed at build
 * time (served by `registerPages`), and the availability event stream never is, since a
 * compressor buffers and would hold back the events the visitor waits for.
 */
const COMPRESSED_TYPES = /^(?:text\/html|application\/json)(?:;|$)/;

/** Brotli or gzip, as the client accepts, for HTML and JSON answers above the threshold. Register before the routes. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: COMPRESSED_TYPES,
    encodings: ['br', 'gzip'],
    // A fast brotli level: the shell and JSON are compressed per answer (the default, 11, is for build time).
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Request bodies are taken as sent: no compressed uploads to inflate past the body limit.
    globalDecompression: false,
  });
}
