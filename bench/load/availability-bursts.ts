/**
 * The availability benchmark's bursts: 100 searches at once from the client's process against a
 * server in this process (`burst`), with what the server saw of them (`recordServerTimes`), and the
 * work of starting them in process, without HTTP (`startWork`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { simulatedLatencyMs } from '../../packages/server/src/ports/registry/simulated-registry.ts';
import { percentile, round } from '../support.ts';
import { EXTENSIONS, freshLabel, LATENCY_MS, searchesFromOtherProcess, searchUrl, visitorAddress } from './availability-client.ts';

/** Searches in a burst. */
export const CONCURRENT_SEARCHES = 100;

/** One burst of 100 searches at once. */
export interface BurstFigures {
  /** Last event - slowest lookup, as the client measures it. */
  overshootMs: Percentiles;
  /** The same inside the server, from the request's arrival (Node's `request` event) to its stream's end; the app only. */
  serverOvershootMs: Percentiles | null;
  /** How long after the first request the last of the 100 reached the server. */
  arrivalSpreadMs: number;
  /** The server process's CPU time (user and system) during the burst, per search. */
  cpuMsPerSearch: number;
  /** Longest the event loop of the server's process was blocked during the burst. */
  maxEventLoopDelayMs: number;
  /** Searches with any problem: a broken stream or a lookup that answered `error`. */
  errors: number;
  /** Streams that were not 200 `text/event-stream` with one event per extension. */
  streamErrors: number;
  /** `domainAvailability` events with status `error` (a registry lookup that timed out). */
  lookupErrors: number;
}

export type Percentiles = { p50: number; p95: number; max: number };
/** CPU milliseconds (user and system) per search, from `process.cpuUsage`'s microseconds. */
const cpuMsPer = (used: NodeJS.CpuUsage, searches: number): number => round((used.user + used.system) / 1000 / searches, 2);
const percentiles = (values: number[]): Percentiles => ({ p50: round(percentile(values, 50)), p95: round(percentile(values, 95)), max: round(Math.max(...values)) });

/**
 * When each search reached the server, and its stream's end minus its slowest lookup, as the server
 * saw it: from Node's `request` event, before any of Fastify's hooks (the rate limit among them,
 * which on PostgreSQL waits for the database). The listener only takes the times: the label and its
 * slowest lookup are worked out when `overshoots` is read, after the burst, so that recording costs
 * the app's thread nothing the floors do not pay.
 */
export function recordServerTimes(app: FastifyInstance): { arrivals: number[]; overshoots: ServerOvershoots } {
  const arrivals: number[] = [];
  const streams: Array<{ url: string; arrived: number; finished: number }> = [];
  app.server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!request.url?.startsWith('/api/check-domain-extensions')) return;
    const stream = { url: request.url, arrived: performance.now(), finished: Number.NaN };
    arrivals.push(stream.arrived);
    streams.push(stream);
    response.once('finish', () => (stream.finished = performance.now()));
  });
  const slowestOf = (url: string) => {
    const label = new URL(url, 'http://localhost').searchParams.get('domain') ?? '';
    return Math.max(...EXTENSIONS.map((extension) => simulatedLatencyMs(`${label}.${extension}`, LATENCY_MS.min, LATENCY_MS.max)));
  };
  return {
    arrivals,
    overshoots: {
      clear: () => void (streams.length = 0),
      read: () => streams.filter((stream) => Number.isFinite(stream.finished)).map((stream) => stream.finished - stream.arrived - slowestOf(stream.url)),
    },
  };
}

/** The server's own overshoots of the streams it ended since `clear`. */
export interface ServerOvershoots {
  clear(): void;
  read(): number[];
}

/**
 * 100 searches at once from the client's process against `baseUrl`, served in this process:
 * `arrivals` (filled by the server as requests come) and `overshoots` (the app's own, or null).
 */
export async function burst(baseUrl: string, server: { arrivals: number[]; overshoots: ServerOvershoots | null }): Promise<{ figures: BurstFigures; problems: string[] }> {
  server.arrivals.length = 0;
  server.overshoots?.clear();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const cpu = process.cpuUsage();
  const results = await searchesFromOtherProcess({ baseUrl, labels: Array.from({ length: CONCURRENT_SEARCHES }, () => freshLabel()), concurrent: true });
  const cpuMsPerSearch = cpuMsPer(process.cpuUsage(cpu), CONCURRENT_SEARCHES);
  loopDelay.disable();
  const broken = results.filter((result) => result.problems.length > 0);
  const problems = broken.flatMap((result) => result.problems).slice(0, 10);
  if (broken.length > 10) problems.push(`... and more: ${broken.length} of ${CONCURRENT_SEARCHES} concurrent searches failed`);
  // Timings of every stream that arrived whole, including those with lookups answering 'error'.
  const whole = results.filter((result) => !result.brokenStream);
  return {
    figures: {
      overshootMs: percentiles(whole.map((result) => result.overshootMs)),
      serverOvershootMs: server.overshoots ? percentiles(server.overshoots.read()) : null,
      arrivalSpreadMs: round(Math.max(...server.arrivals) - Math.min(...server.arrivals)),
      cpuMsPerSearch,
      maxEventLoopDelayMs: round(loopDelay.max / 1e6),
      errors: broken.length,
      streamErrors: results.filter((result) => result.brokenStream).length,
      lookupErrors: results.reduce((total, result) => total + result.lookupErrors, 0),
    },
    problems,
  };
}

/**
 * How long the server's one thread is busy starting 100 searches that come at once: they are
 * handed to the app in process (`inject`, no HTTP and no client), and the time is taken when a
 * timer set after them first runs, which is once everything they started at once has run (their
 * routes, hooks, validation and the lookups they start, up to the first answer they must wait
 * for). On the embedded database nothing they start before their lookups waits for anything else.
 */
export async function startWork(app: FastifyInstance, firstVisitor: number): Promise<number> {
  const started = performance.now();
  const searches = Array.from({ length: CONCURRENT_SEARCHES }, (_, index) =>
    app.inject({ method: 'GET', url: searchUrl('', freshLabel()), headers: { 'x-forwarded-for': visitorAddress(firstVisitor + index) } }),
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  const busy = performance.now() - started;
  await Promise.all(searches);
  return busy;
}
