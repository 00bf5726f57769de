/**
 * The availability benchmark's client, run in its own process (`searchesFromOtherProcess`), so
 * that reading 100 event streams does not share the server's event loop. As a script it reads
 * `{ baseUrl, labels, concurrent }` as JSON from argv and prints the results as JSON.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { get } from 'node:http';
import { fileURLToPath } from 'node:url';
import { AVAILABILITY_EVENT } from '@kavel/core';
import { takeEvents, type ReceivedEvent } from '@kavel/server/testing';
import extensionCatalogue from '../../packages/server/src/features/catalogue/data/extensions.json' with { type: 'json' };
import { simulatedLatencyMs } from '../../packages/server/src/ports/registry/simulated-registry.ts';

/** The benchmarks' TypeScript loader (see it), for this client's process too. */
const COMPILED_TYPESCRIPT = new URL('../compiled-typescript.mjs', import.meta.url).href;

export const EXTENSIONS = extensionCatalogue.slice(0, 40).map((entry) => entry.extension);
export const LATENCY_MS = { min: 50, max: 400 };
/** No stream may stay silent longer than this; the lookups themselves end after 2 s. */
const STREAM_LIMIT_MS = 30_000;

export interface SearchResult {
  problems: string[];
  brokenStream: boolean;
  lookupErrors: number;
  firstEventMs: number;
  lastEventMs: number;
  endedMs: number;
  slowestLookupMs: number;
  /** Last event minus the slowest single lookup. */
  overshootMs: number;
}

export const freshLabel = () => `kavelbench${randomBytes(5).toString('hex')}`;

/** A search's URL: `label` under the benchmark's 40 extensions. */
export function searchUrl(baseUrl: string, label: string): string {
  const query = new URLSearchParams({ domain: label });
  for (const extension of EXTENSIONS) query.append('extensions[]', extension);
  return `${baseUrl}/api/check-domain-extensions?${query}`;
}

/**
 * Reads a whole event stream with `node:http`, noting when each event arrives. The benchmark's
 * own reader rather than `fetch`: a hundred `fetch` calls with their web streams cost this one
 * process so much that on a small machine it sent its last requests hundreds of milliseconds after
 * its first, which the figure then blamed on the server. A browser per visitor has no such queue.
 */
function readEventStream(url: string, timeoutMs: number, headers: Record<string, string>): Promise<{ status: number; contentType: string | null; events: ReceivedEvent[]; endedAt: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = get(url, { agent: false, timeout: timeoutMs, headers }, (response) => {
      const events: ReceivedEvent[] = [];
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const taken = takeEvents(buffer + chunk, performance.now() - started);
        events.push(...taken.events);
        buffer = taken.rest;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'] ?? null, events, endedAt: performance.now() - started }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
  });
}

/**
 * The address the shop sees for the `index`th visitor: the server trusts one proxy in front of it
 * (`TRUST_PROXY=1`, as behind a load balancer), so each search comes from a visitor of its own, as
 * in a real burst, not all from one address whose counters would queue on one row.
 */
export const visitorAddress = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

/** One search over HTTP, checked for correctness: 200, an event stream, one `free` per extension. */
export async function search(baseUrl: string, label: string, visitor = 0): Promise<SearchResult> {
  const slowestLookupMs = Math.max(...EXTENSIONS.map((e) => simulatedLatencyMs(`${label}.${e}`, LATENCY_MS.min, LATENCY_MS.max)));
  const failed = (problem: string): SearchResult => {
    const none = { firstEventMs: NaN, lastEventMs: NaN, endedMs: NaN, overshootMs: NaN };
    return { problems: [problem], brokenStream: true, lookupErrors: 0, slowestLookupMs, ...none };
  };
  let stream: Awaited<ReturnType<typeof readEventStream>>;
  try {
    stream = await readEventStream(searchUrl(baseUrl, label), STREAM_LIMIT_MS, { 'x-forwarded-for': visitorAddress(visitor) });
  } catch (error) {
    return failed(`${label}: request failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const problems: string[] = [];
  if (stream.status !== 200) problems.push(`${label}: status ${stream.status}`);
  if (!stream.contentType?.startsWith('text/event-stream')) problems.push(`${label}: content-type ${stream.contentType}`);
  const results = stream.events.filter((event) => event.event === AVAILABILITY_EVENT);
  const others = stream.events.filter((event) => event.event !== AVAILABILITY_EVENT).map((event) => event.event);
  if (others.length > 0) problems.push(`${label}: unexpected events ${[...new Set(others)].join(', ')}`);
  const domains = new Set(results.map((event) => (event.data as { domain: string }).domain));
  const missing = EXTENSIONS.filter((extension) => !domains.has(`${label}.${extension}`));
  if (results.length !== EXTENSIONS.length || missing.length > 0) {
    problems.push(`${label}: ${results.length} events for ${EXTENSIONS.length} extensions (missing ${missing.join(', ') || 'none'})`);
  }
  const brokenStream = problems.length > 0;
  // A fresh random label is free under every extension; anything else is a wrong answer.
  const statuses = results.map((event) => (event.data as { status: string }).status).filter((status) => status !== 'free');
  if (statuses.length > 0) problems.push(`${label}: ${statuses.length} lookups not 'free' (${[...new Set(statuses)].join(', ')})`);
  const times = results.map((event) => event.at);
  const lastEventMs = times.length ? Math.max(...times) : Number.NaN;
  return {
    problems,
    brokenStream,
    lookupErrors: statuses.filter((status) => status === 'error').length,
    firstEventMs: times.length ? Math.min(...times) : Number.NaN,
    lastEventMs,
    endedMs: stream.endedAt,
    slowestLookupMs,
    overshootMs: lastEventMs - slowestLookupMs,
  };
}


interface ClientRequest {
  baseUrl: string;
  labels: string[];
  concurrent: boolean;
}

async function runClient({ baseUrl, labels, concurrent }: ClientRequest): Promise<SearchResult[]> {
  // This process is new: its first request loads and compiles the HTTP client, which would be
  // counted in the first searches' times. A browser has that behind it when a visitor searches.
  await new Promise<void>((resolve, reject) => get(`${baseUrl}/health`, { agent: false }, (response) => response.resume().on('end', resolve)).on('error', reject));
  if (concurrent) return Promise.all(labels.map((label, index) => search(baseUrl, label, index)));
  const results: SearchResult[] = [];
  for (const [index, label] of labels.entries()) results.push(await search(baseUrl, label, index));
  return results;
}

/** Runs the searches for `labels` in a child process (at once, or one after the other). */
export async function searchesFromOtherProcess(request: ClientRequest): Promise<SearchResult[]> {
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', COMPILED_TYPESCRIPT, fileURLToPath(import.meta.url), JSON.stringify(request)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`search client exited ${code}: ${stderr.slice(-500)}`))));
  });
  return JSON.parse(output) as SearchResult[];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await runClient(JSON.parse(process.argv[2]!) as ClientRequest);
  process.stdout.write(JSON.stringify(results));
}
