/**
 * `npm run bench`: runs every benchmark in turn, prints a readable report and then a JSON summary.
 * Exits non-zero only when a benchmark crashes or a correctness check fails (an error response,
 * a missing event); a slow figure is reported, never failed on. Results: docs/benchmarks.md.
 *
 * `npm run bench:run -- bundleSize wireBytes` (no build first) runs only the named benchmarks (their keys below), in
 * this file's order; without names, all of them.
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import { runAvailabilityBenchmark } from './availability.ts';
import { runBasketThroughputBenchmark } from './basket-throughput.ts';
import { runBundleSizeBenchmark } from './bundle-size.ts';
import { runConcurrentOrdersBenchmark } from './concurrent-orders.ts';
import { runDnsBenchmark } from './dns.ts';
import { runForwarderBenchmark } from './forwarder.ts';
import { runLighthouseBenchmark } from './lighthouse.ts';
import { runPasswordGuessingBenchmark } from './password-guessing.ts';
import { runPasswordRuleBenchmark } from './password-rule.ts';
import { runServerStartBenchmark } from './server-start.ts';
import { round, type BenchmarkOutcome } from './support.ts';
import { runWireBytesBenchmark } from './wire-bytes.ts';

interface Benchmark {
  key: string;
  title: string;
  run: () => Promise<BenchmarkOutcome<unknown>>;
}

const BENCHMARKS: Benchmark[] = [
  { key: 'availability', title: 'Availability stream (GET /api/check-domain-extensions)', run: runAvailabilityBenchmark },
  { key: 'basketThroughput', title: 'API throughput: bare Fastify route vs getBasket', run: runBasketThroughputBenchmark },
  { key: 'concurrentOrders', title: 'Concurrent orders (POST /bestelprocedure/purchase)', run: runConcurrentOrdersBenchmark },
  { key: 'passwordGuessing', title: 'Password guessing against one account (POST /api/login with solved captchas)', run: runPasswordGuessingBenchmark },
  { key: 'serverStart', title: 'Server start to first answer: compiled server vs bare Fastify (node)', run: runServerStartBenchmark },
  { key: 'wireBytes', title: 'JavaScript on the wire before a page is usable (Chromium)', run: runWireBytesBenchmark },
  { key: 'passwordRule', title: "The 'Moeilijk te raden' rule on a phone on Fast 3G: last key to answer (Chromium)", run: runPasswordRuleBenchmark },
  { key: 'bundleSize', title: 'Front-end initial JavaScript and CSS, from the built files (breakdown)', run: runBundleSizeBenchmark },
  { key: 'forwarder', title: 'Forwarding responder: redirects per second vs a bare Fastify redirect', run: runForwarderBenchmark },
  { key: 'dns', title: 'DNS publishing to PowerDNS: latency, a profile on 1,000 zones, PowerDNS vs Knot (dnsperf)', run: runDnsBenchmark },
  { key: 'lighthouse', title: 'Lighthouse mobile', run: runLighthouseBenchmark },
];

const machine = () => ({
  node: process.version,
  cores: availableParallelism(),
  cpu: cpus()[0]?.model ?? 'unknown',
  loadAverage1m: round(loadavg()[0] ?? 0, 2),
  postgres: Boolean(process.env.TEST_DATABASE_URL),
});

/** The benchmarks named on the command line, or all of them; an unknown name is an error. */
function selected(names: readonly string[]): Benchmark[] {
  const unknown = names.filter((name) => !BENCHMARKS.some((benchmark) => benchmark.key === name));
  if (unknown.length > 0) throw new Error(`Unknown benchmark(s): ${unknown.join(', ')}; known: ${BENCHMARKS.map((benchmark) => benchmark.key).join(', ')}`);
  return names.length === 0 ? BENCHMARKS : BENCHMARKS.filter((benchmark) => names.includes(benchmark.key));
}

async function main(): Promise<number> {
  const chosen = selected(process.argv.slice(2));
  const before = machine();
  console.log(`Kavel benchmarks: Node ${before.node}, ${before.cores} cores (${before.cpu}), load average ${before.loadAverage1m}`);
  const results: Record<string, unknown> = {};
  const failures: string[] = [];
  const crashes: string[] = [];

  for (const benchmark of chosen) {
    console.log(`\n== ${benchmark.title} ==`);
    const started = performance.now();
    try {
      const outcome = await benchmark.run();
      console.log(outcome.lines.map((line) => (line ? `  ${line}` : line)).join('\n'));
      for (const failure of outcome.failures) console.log(`  FAILED: ${failure}`);
      results[benchmark.key] = outcome.summary;
      failures.push(...outcome.failures.map((failure) => `${benchmark.key}: ${failure}`));
    } catch (error) {
      const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
      console.log(`  CRASHED: ${text}`);
      results[benchmark.key] = { crashed: error instanceof Error ? error.message : String(error) };
      crashes.push(`${benchmark.key}: ${error instanceof Error ? error.message : String(error)}`);
    }
    console.log(`  (took ${round((performance.now() - started) / 1000, 1)} s)`);
  }

  const ok = failures.length === 0 && crashes.length === 0;
  console.log(`\n${ok ? 'All correctness checks passed.' : `${failures.length} check(s) failed, ${crashes.length} crash(es).`}`);
  console.log('\nJSON summary:');
  console.log(JSON.stringify({ machine: { ...before, loadAverage1mAfter: round(loadavg()[0] ?? 0, 2) }, ...results, failures, crashes }, null, 2));
  return ok ? 0 : 1;
}

// Every benchmark closes what it opened; exit explicitly so a stray handle cannot keep us running.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
