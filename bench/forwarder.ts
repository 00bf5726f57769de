/**
 * The forwarding responder's redirects per second against a bare Fastify route answering the
 * same 301, both in this process, measured A/B alternating over several rounds in one run with
 * autocannon in its own process. The responder finds the forward by Host header (a cached
 * lookup after the first request). Goal (issue 15): ratio 0.5 or more.
 */
import { request } from 'node:http';
import fastify from 'fastify';
import { buildTestApp, customerIdOf, databaseKinds, servicesOf } from '@kavel/server/testing';
import { ensureDemoAccounts } from '../packages/server/src/features/accounts/demo-accounts.ts';
import { startForwarder } from '../packages/server/src/roles/forwarder.ts';
import { loadFromOtherProcess, type LoadFigures } from './load/autocannon-process.ts';
import { listenOnLoopback, median, ms, round, showSpread, spread, table, verdict, type BenchmarkOutcome, type Spread } from './support.ts';

const CONNECTIONS = 50;
const WARMUP_SECONDS = 2;
const ROUND_SECONDS = 3;
const ROUNDS = 5;
const RATIO_GOAL = 0.5;
const HOST = 'goudenkorst-webshop.com';
const TARGET = 'https://goudenkorst.nl/winkel';

export interface ForwarderSummary {
  bare: LoadFigures;
  responder: LoadFigures;
  ratio: Spread;
  goal: number;
  met: boolean;
}

/** One request with the Host header of the forwarded domain (fetch does not let a caller set Host). */
function askWithHost(port: number, path: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path, headers: { host: HOST } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const medianOf = (rounds: LoadFigures[]): LoadFigures => ({
  requestsPerSecond: round(median(rounds.map((f) => f.requestsPerSecond)), 0),
  p50LatencyMs: median(rounds.map((f) => f.p50LatencyMs)),
  p99LatencyMs: median(rounds.map((f) => f.p99LatencyMs)),
  requests: rounds.reduce((total, f) => total + f.requests, 0),
  non2xx: rounds.reduce((total, f) => total + f.non2xx, 0),
  redirects: rounds.reduce((total, f) => total + f.redirects, 0),
  errors: rounds.reduce((total, f) => total + f.errors, 0),
  timeouts: rounds.reduce((total, f) => total + f.timeouts, 0),
});

export async function runForwarderBenchmark(): Promise<BenchmarkOutcome<ForwarderSummary>> {
  const bareApp = fastify();
  bareApp.get('/*', async (_request, reply) => reply.redirect(TARGET, 301));
  const database = await databaseKinds[0]!.open();
  const app = await buildTestApp(database);
  const services = servicesOf(app);
  const responder = await (async () => {
    await ensureDemoAccounts(services);
    const saved = await services.forwards.save(await customerIdOf(services.db, 'klant@demo.kavel.nl'), { domainName: HOST, forwardOption: 'HTTP', forwardTo: TARGET, redirectStatus: 301, keepPath: false });
    if (!saved.ok) throw new Error(`the forward of ${HOST} was not saved: ${JSON.stringify(saved)}`);
    return startForwarder(services, { host: '127.0.0.1', port: 0, httpsPort: null });
  })();
  const failures: string[] = [];
  try {
    const bareUrl = `${await listenOnLoopback(bareApp)}/taart?x=1`;
    const check = await askWithHost(responder.port, '/taart?x=1');
    if (check.status !== 301 || check.location !== TARGET) failures.push(`the responder answered ${check.status} ${check.location}, not 301 to ${TARGET}`);
    const targets = [
      { key: 'bare', url: bareUrl, headers: {} },
      { key: 'responder', url: `http://127.0.0.1:${responder.port}/taart?x=1`, headers: { host: HOST } },
    ] as const;
    for (const target of targets) await loadFromOtherProcess({ url: target.url, headers: target.headers, connections: CONNECTIONS, seconds: WARMUP_SECONDS });
    const rounds: Array<Record<(typeof targets)[number]['key'], LoadFigures>> = [];
    for (let n = 0; n < ROUNDS; n++) {
      const order = n % 2 === 0 ? targets : [...targets].reverse();
      const figures = {} as Record<(typeof targets)[number]['key'], LoadFigures>;
      for (const target of order) figures[target.key] = await loadFromOtherProcess({ url: target.url, headers: target.headers, connections: CONNECTIONS, seconds: ROUND_SECONDS });
      rounds.push(figures);
    }
    const bare = medianOf(rounds.map((r) => r.bare));
    const redirects = medianOf(rounds.map((r) => r.responder));
    const ratio = spread(rounds.map((r) => r.responder.requestsPerSecond / r.bare.requestsPerSecond));
    if (redirects.errors + redirects.timeouts > 0) failures.push(`the responder had ${redirects.errors} errors and ${redirects.timeouts} timeouts`);
    for (const [name, figures] of [['bare route', bare], ['responder', redirects]] as const) {
      if (figures.redirects !== figures.requests) failures.push(`${figures.requests - figures.redirects} of the ${name}'s answers were not redirects`);
    }
    const lines = [
      `autocannon in its own process: ${CONNECTIONS} connections; a ${WARMUP_SECONDS} s warm-up of each, then ${ROUNDS} rounds of ${ROUND_SECONDS} s, alternating.`,
      `Both answer 301 to ${TARGET}: the bare route for any path, the responder for Host ${HOST} (embedded database; the lookup cached).`,
      '',
      ...table(
        ['target', 'req/s (median)', 'p50', 'p99', 'requests'],
        [
          ['bare Fastify redirect', bare.requestsPerSecond, ms(bare.p50LatencyMs), ms(bare.p99LatencyMs), bare.requests],
          ['forwarding responder', redirects.requestsPerSecond, ms(redirects.p50LatencyMs), ms(redirects.p99LatencyMs), redirects.requests],
        ],
      ),
      '',
      `Ratio responder/bare: median ${showSpread(ratio)}: ${verdict(ratio.median, RATIO_GOAL, 'at least')}`,
    ];
    return { lines, summary: { bare, responder: redirects, ratio, goal: RATIO_GOAL, met: ratio.median >= RATIO_GOAL }, failures };
  } finally {
    await responder.stop();
    await app.close();
    await bareApp.close();
    await database.close();
  }
}
