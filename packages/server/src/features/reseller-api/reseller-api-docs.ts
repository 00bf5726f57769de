import { contracts, RESELLER_API_PREFIX } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { escapeHtml } from '../../http/html.ts';
import { resellerOpenApiDocument } from './openapi-document.ts';

const OPENAPI_PATH = contracts.resellerOpenApi.path;

interface Operation {
  operationId: string;
  summary: string;
  'x-scope': string;
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
}

/** The readable page: every operation of the document, in plain HTML (no scripts, no inline styles: the strict CSP holds). */
export function resellerApiDocsPage(document: ReturnType<typeof resellerOpenApiDocument>): string {
  const paths = document['paths'] as Record<string, Record<string, Operation>>;
  const operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const parameters = (operation.parameters ?? []).map((p) => `<li><code>${escapeHtml(p.name)}</code> (${escapeHtml(p.in)}${p.required ? ', required' : ''})</li>`).join('');
      const success = Object.keys(operation.responses).find((status) => status.startsWith('2')) ?? '200';
      return `<section id="${escapeHtml(operation.operationId)}">
<h2><code>${escapeHtml(method.toUpperCase())} ${escapeHtml(RESELLER_API_PREFIX + path)}</code></h2>
<p>${escapeHtml(operation.summary)}</p>
<p>Scope: <code>${escapeHtml(operation['x-scope'])}</code>. Success: ${escapeHtml(success)}.${operation.requestBody ? ' Body: JSON, see the OpenAPI document.' : ''}</p>
${parameters ? `<ul>${parameters}</ul>` : ''}
</section>`;
    }),
  );
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Kavel reseller API</title></head>
<body>
<main>
<h1>Kavel reseller API</h1>
<p>Make an API key in your account (API-sleutels), then send it with every call: <code>Authorization: Bearer kvl_…</code>. No session, no cookies. Errors are JSON with a <code>message</code>; 401 without a valid key, 403 without the call's scope, 404 for a domain that is not yours, 405 with <code>Allow</code> for a method the path does not have, 429 with <code>Retry-After</code> when the key (or the reseller, all its keys together) calls too often. Every answer of a call carries <code>X-RateLimit-Limit</code>, <code>X-RateLimit-Remaining</code> and <code>X-RateLimit-Reset</code> of the limit that binds at that call.</p>
<p>The machine-readable description: <a href="${escapeHtml(OPENAPI_PATH)}">OpenAPI 3.1 document</a>.</p>
${operations.join('\n')}
</main>
</body>
</html>`;
}

/**
 * The OpenAPI document and its readable page: public (no key), no session, built once, when first
 * asked for (building it from the contracts' schemas cost the server's start about 12 ms).
 */
export function registerResellerApiDocs(app: FastifyInstance): void {
  let built: { document: ReturnType<typeof resellerOpenApiDocument>; page: string } | undefined;
  const docs = () => {
    if (!built) {
      const document = resellerOpenApiDocument();
      built = { document, page: resellerApiDocsPage(document) };
    }
    return built;
  };
  // Built once: the same body every time, so an ETag computed once (304 when the client has it).
  const options = { config: { session: false as const, etag: true as const } };
  route(app, contracts.resellerOpenApi, options, async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(docs().document));
  route(app, contracts.resellerApiDocs, options, async (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=300').send(docs().page));
}
