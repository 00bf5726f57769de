/**
 * Availability stream: the real app over real HTTP with a simulated registry whose latency per
 * domain is fixed in 50..400 ms. Budget: the last event within 50 ms of the slowest lookup.
 */
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { AVAILABILITY_EVENT } from '@kavel/core';
import { buildTestApp, databaseKinds, readEventStream, type DatabaseKind } from '@kavel/server/testing';
import extensionCatalogue from '../packages/server/src/features/catalogue/data/extensions.json' with { type: 'json' };
import wellKnown from '../packages/server/src/features/catalogue/data/well-known-names.json' with { type: 'json' };
import { batchedOwnershipCheck } from '../packages/server/src/features/domains/domain-service.ts';
import { createSimulatedRegistry, simulatedLatencyMs } from '../packages/server/src/ports/registry/simulated-registry.ts';
import { listenOnLoopback, median, ms, percentile, round, table, type BenchmarkOutcome } from './support.ts';

const EXTENSIONS = extensionCatalogue.slice(0, 40).map((entry) => entry.extension);
const LATENCY_MS = { min: 50, max: 400 };
const TARGET_OVERSHOOT_MS = 50;
const SEQUENTIAL_RUNS = 10;
const CONCURRENT_SEARCHES = 100;
/** No single stream may take longer than this; the lookups themselves end after 2 s. */
const STREAM_LIMIT_MS = 30_000;

export interface AvailabilitySummary {
  extensions: number;
  latencyMs: { min: number; max: number };
  sequential: {
    runs: number;
    medianFirstEventMs: number;
    medianLastEventMs: number;
    medianSlowestLookupMs: number;
    medianOvershootMs: number;
    maxOvershootMs: number;
    targetOvershootMs: number;
    withinTarget: boolean;
  };
  concurrent: {
    searches: number;
    /** Searches with any problem: a broken stream or a lookup that answered `error`. */
    errors: number;
    /** Streams that were not 200 `text/event-stream` with one event per extension. */
    streamErrors: number;
    /** `domainAvailability` events with status `error` (a registry lookup that timed out). */
    lookupErrors: number;
    wallClockMs: number;
    /** Longest the event loop (shared by server and client) was blocked during the searches. */
    maxEventLoopDelayMs: number;
    durationMs: Spread;
    overshootMs: Spread;
  };
}

type Spread = { p50: number; p95: number; max: number };
const spread = (values: number[]): Spread => ({ p50: round(percentile(values, 50)), p95: round(percentile(values, 95)), max: round(Math.max(...values)) });

interface SearchResult {
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

const freshLabel = () => `kavelbench${randomBytes(5).toString('hex')}`;

function searchUrl(baseUrl: string, label: string): string {
  const query = new URLSearchParams({ domain: label });
  for (const extension of EXTENSIONS) query.append('extensions[]', extension);
  return `${baseUrl}/api/check-domain-extensions?${query}`;
}

/** One search over HTTP, checked for correctness: 200, an event stream, one `free` per extension. */
async function search(baseUrl: string, label: string): Promise<SearchResult> {
  const slowestLookupMs = Math.max(...EXTENSIONS.map((e) => simulatedLatencyMs(`${label}.${e}`, LATENCY_MS.min, LATENCY_MS.max)));
  const failed = (problem: string): SearchResult => {
    const none = { firstEventMs: NaN, lastEventMs: NaN, endedMs: NaN, overshootMs: NaN };
    return { problems: [problem], brokenStream: true, lookupErrors: 0, slowestLookupMs, ...none };
  };
  let stream: Awaited<ReturnType<typeof readEventStream>>;
  try {
    stream = await readEventStream(searchUrl(baseUrl, label), { signal: AbortSignal.timeout(STREAM_LIMIT_MS) });
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

/** Runs on PGlite (`databaseKinds[0]`) unless told otherwise. */
export async function runAvailabilityBenchmark(kind: DatabaseKind = databaseKinds[0]!): Promise<BenchmarkOutcome<AvailabilitySummary>> {
  const database = await kind.open();
  const registry = createSimulatedRegistry({
    latencyMs: LATENCY_MS,
    failureRate: 0,
    wellKnown,
    isRegisteredInShop: batchedOwnershipCheck(database.db),
  });
  const app = await buildTestApp(database, {
    registry,
    config: { availability: { cacheSeconds: 0, freeSearches: 1_000_000, windowSeconds: 600 }, rateLimitPerMinute: 10_000_000 },
  });
  try {
    const baseUrl = await listenOnLoopback(app);
    const failures: string[] = [];
    // One search first, left out of the figures: loads the catalogue and warms the JIT.
    failures.push(...(await search(baseUrl, freshLabel())).problems);

    const sequential: SearchResult[] = [];
    for (let run = 0; run < SEQUENTIAL_RUNS; run++) sequential.push(await search(baseUrl, freshLabel()));
    failures.push(...sequential.flatMap((result) => result.problems));

    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const started = performance.now();
    const concurrent = await Promise.all(Array.from({ length: CONCURRENT_SEARCHES }, () => search(baseUrl, freshLabel())));
    const wallClockMs = performance.now() - started;
    loopDelay.disable();
    const broken = concurrent.filter((result) => result.problems.length > 0);
    failures.push(...broken.flatMap((result) => result.problems).slice(0, 10));
    if (broken.length > 10) failures.push(`... and more: ${broken.length} of ${CONCURRENT_SEARCHES} concurrent searches failed`);

    // Timings of every stream that arrived whole, including those with lookups answering 'error'.
    const ok = concurrent.filter((result) => !result.brokenStream);
    const durations = ok.map((result) => result.endedMs);
    const overshoots = ok.map((result) => result.overshootMs);
    type Timing = 'firstEventMs' | 'lastEventMs' | 'slowestLookupMs' | 'overshootMs';
    const pick = (key: Timing) => median(sequential.map((result) => result[key]));
    const summary: AvailabilitySummary = {
      extensions: EXTENSIONS.length,
      latencyMs: LATENCY_MS,
      sequential: {
        runs: SEQUENTIAL_RUNS,
        medianFirstEventMs: round(pick('firstEventMs')),
        medianLastEventMs: round(pick('lastEventMs')),
        medianSlowestLookupMs: round(pick('slowestLookupMs')),
        medianOvershootMs: round(pick('overshootMs')),
        maxOvershootMs: round(Math.max(...sequential.map((result) => result.overshootMs))),
        targetOvershootMs: TARGET_OVERSHOOT_MS,
        withinTarget: pick('overshootMs') <= TARGET_OVERSHOOT_MS,
      },
      concurrent: {
        searches: CONCURRENT_SEARCHES,
        errors: broken.length,
        streamErrors: concurrent.filter((result) => result.brokenStream).length,
        lookupErrors: concurrent.reduce((total, result) => total + result.lookupErrors, 0),
        wallClockMs: round(wallClockMs),
        maxEventLoopDelayMs: round(loopDelay.max / 1e6),
        durationMs: spread(durations),
        overshootMs: spread(overshoots),
      },
    };
    const s = summary.sequential;
    const c = summary.concurrent;
    const lines = [
      `${EXTENSIONS.length} extensions per search, registry latency ${LATENCY_MS.min}..${LATENCY_MS.max} ms, cache off, ${kind.name}`,
      '',
      `One search at a time (median of ${SEQUENTIAL_RUNS} runs, fresh label each):`,
      ...table(
        ['figure', 'median', 'max'],
        [
          ['first event', ms(s.medianFirstEventMs), ms(Math.max(...sequential.map((r) => r.firstEventMs)))],
          ['last event', ms(s.medianLastEventMs), ms(Math.max(...sequential.map((r) => r.lastEventMs)))],
          ['slowest single lookup', ms(s.medianSlowestLookupMs), ms(Math.max(...sequential.map((r) => r.slowestLookupMs)))],
          ['last event - slowest lookup', ms(s.medianOvershootMs), ms(s.maxOvershootMs)],
        ],
      ),
      `Target: last event within ${TARGET_OVERSHOOT_MS} ms of the slowest lookup -> ${s.withinTarget ? 'MET' : 'MISSED'}`,
      '',
      `${CONCURRENT_SEARCHES} searches at once (distinct labels), wall clock ${ms(c.wallClockMs)}`,
      `Searches with errors: ${c.errors} (broken streams: ${c.streamErrors}, lookups answering 'error': ${c.lookupErrors})`,
      `Longest event-loop stall meanwhile: ${ms(c.maxEventLoopDelayMs)}`,
      ...table(
        ['figure', 'p50', 'p95', 'max'],
        [
          ['stream duration', ms(c.durationMs.p50), ms(c.durationMs.p95), ms(c.durationMs.max)],
          ['last event - slowest lookup', ms(c.overshootMs.p50), ms(c.overshootMs.p95), ms(c.overshootMs.max)],
        ],
      ),
    ];
    return { lines, summary, failures };
  } finally {
    await app.close();
    await database.close();
  }
}
