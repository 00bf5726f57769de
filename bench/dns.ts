/**
 * DNS publishing, measured against a real pdns_server (Debian's, on loopback), with its SQLite
 * backend and, when `TEST_DATABASE_URL` names a PostgreSQL server, its PostgreSQL backend (as
 * README.md deploys it; a fresh database on that server). Per backend:
 * - publish latency: from the answer of the account's record route to a DNS query at PowerDNS
 *   seeing the record (node:dns against its port, asked every 5 ms), over 50 changes;
 * - a profile applied to 1,000 zones through the apply route, until every zone is published,
 *   and a check that PowerDNS holds every zone exactly as the shop does;
 * - queries per second of the published zone from PowerDNS against Knot serving the exported
 *   file, A/B alternating rounds of `dnsperf` (Debian's `dnsperf`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Resolver } from 'node:dns/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportZoneFile, ZDnsProfiles, ZDnsZonePage, type DnsZoneRecord } from '@kavel/core';
import { buildTestApp, databaseKinds, loginAs, servicesOf, waitForJobs } from '@kavel/server/testing';
import { ensureDemoAccounts } from '../packages/server/src/features/accounts/demo-accounts.ts';
import { createPowerDnsPublisher, type DnsPublisherPort } from '../packages/server/src/ports/dns-publisher/index.ts';
import { and, count, inArray, lt } from 'drizzle-orm';
import { dnsZones } from '../packages/server/src/db/schema/index.ts';
import { freePort } from '../packages/server/test/support/shop-process.ts';
import { missingDnsTools, startPowerDns, type PowerDnsBackend, type TestPowerDns } from '../packages/server/test/support/powerdns.ts';
import { testDatabaseUrl } from '../packages/server/test/support/test-database.ts';
import { median, ms, percentile, round, showSpread, spread, table, verdict, type BenchmarkOutcome } from './support.ts';

const CHANGES = 50;
const ZONES = 1000;
const APPLY_CONCURRENCY = 8;
const PERF_ROUNDS = 3;
const PERF_SECONDS = 5;
const GOAL_P95_MS = 1000;
const NAMESERVERS = ['ns1.kavel.nl', 'ns2.kavel.nl'];

export interface DnsBenchSummary {
  /** The same measurements per PowerDNS backend: SQLite always, PostgreSQL with `TEST_DATABASE_URL`. */
  backends: DnsBackendFigures[];
}

export interface DnsBackendFigures {
  backend: PowerDnsBackend['kind'];
  publishLatencyMs: { p50: number; p95: number; max: number; goalP95: number; met: boolean };
  applyToZones: { zones: number; appliedSeconds: number; seconds: number; zonesPerSecond: number; published: number; lost: number };
  queriesPerSecond: { powerdns: number; knot: number; ratio: number } | { skipped: string };
}

const BACKEND_NAMES: Record<PowerDnsBackend['kind'], string> = { sqlite: 'SQLite backend', postgres: 'PostgreSQL backend' };

const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

async function seen(resolver: Resolver, name: string, address: string, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    const answer = await resolver.resolve4(name).catch(() => [] as string[]);
    if (answer.includes(address)) return true;
    await sleep(5);
  }
  return false;
}

/** Runs `dnsperf` for a while against a server; answers its queries per second. */
function dnsperf(port: number, queries: string): number {
  const result = spawnSync('dnsperf', ['-s', '127.0.0.1', '-p', String(port), '-d', queries, '-l', String(PERF_SECONDS), '-c', '8'], { encoding: 'utf8' });
  const qps = /Queries per second:\s+([0-9.]+)/.exec(result.stdout)?.[1];
  if (!qps) throw new Error(`dnsperf gave no figure: ${result.stdout}${result.stderr}`);
  return Number(qps);
}

async function startKnot(zone: string, text: string): Promise<{ port: number; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'kavel-knot-'));
  const port = await freePort();
  const file = join(dir, `${zone}.zone`);
  writeFileSync(file, text);
  const config = join(dir, 'knot.conf');
  writeFileSync(config, `server:\n  rundir: "${dir}"\n  listen: 127.0.0.1@${port}\ndatabase:\n  storage: "${dir}"\nzone:\n  - domain: ${zone}\n    file: "${file}"\n`);
  const child = spawn('/usr/sbin/knotd', ['-c', config], { stdio: 'ignore' });
  const resolver = new Resolver({ timeout: 200, tries: 1 });
  resolver.setServers([`127.0.0.1:${port}`]);
  for (let attempt = 0; attempt < 100; attempt++) {
    if ((await resolver.resolveSoa(zone).catch(() => null)) !== null) break;
    await sleep(50);
  }
  return {
    port,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function runDnsBenchmark(): Promise<BenchmarkOutcome<DnsBenchSummary>> {
  const missing = missingDnsTools();
  if (missing) throw new Error(missing);
  const backends: PowerDnsBackend[] = [{ kind: 'sqlite' }, ...(testDatabaseUrl ? [{ kind: 'postgres' as const, serverUrl: testDatabaseUrl }] : [])];
  const lines: string[] = [];
  const failures: string[] = [];
  const figures: DnsBackendFigures[] = [];
  for (const backend of backends) {
    const outcome = await measureWith(backend);
    lines.push(...(lines.length > 0 ? [''] : []), `PowerDNS with its ${BACKEND_NAMES[backend.kind]}:`, ...outcome.lines.map((line) => `  ${line}`));
    failures.push(...outcome.failures.map((failure) => `${BACKEND_NAMES[backend.kind]}: ${failure}`));
    figures.push(outcome.summary);
  }
  if (!testDatabaseUrl) lines.push('', 'PowerDNS with its PostgreSQL backend: not measured (TEST_DATABASE_URL is not set)');
  return { lines, failures, summary: { backends: figures } };
}

/** The shop (on PGlite) publishing to a PowerDNS of `backend`: latency, 1,000 zones, queries per second. */
async function measureWith(backend: PowerDnsBackend): Promise<BenchmarkOutcome<DnsBackendFigures>> {
  const lines: string[] = [];
  const failures: string[] = [];
  let server: TestPowerDns | null = null;
  const shop: { close?: () => Promise<void> } = {};
  try {
    server = await startPowerDns(backend);
    const publisher: DnsPublisherPort = createPowerDnsPublisher({ apiUrl: server.apiUrl, apiKey: server.apiKey, nameservers: NAMESERVERS, hostmaster: 'hostmaster@kavel.nl' });
    const database = await databaseKinds[0]!.open();
    const app = await buildTestApp(database, { dnsPublisher: publisher, config: { rateLimitPerMinute: 10_000_000 } });
    await ensureDemoAccounts(servicesOf(app));
    shop.close = async () => {
      await app.close();
      await database.close();
    };
    await waitForJobs(app, 60_000);
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const page = ZDnsZonePage.parse((await bakery.get('/api/account/dns-beheren?name=goudenkorst.nl')).json());

    // 1. Publish latency.
    const resolver = new Resolver({ timeout: 200, tries: 1 });
    resolver.setServers([`127.0.0.1:${server.dnsPort}`]);
    const latencies: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const address = `203.0.113.${(i % 250) + 1}`;
      const response = await bakery.post(`/api/account/domeinen/${page.domainId}/dns`, { name: `meting${i}`, type: 'A', value: address });
      const answeredAt = Date.now();
      if (response.statusCode !== 200) failures.push(`record ${i}: ${response.statusCode} ${response.body}`);
      if (await seen(resolver, `meting${i}.goudenkorst.nl`, address, answeredAt + 10_000)) latencies.push(Date.now() - answeredAt);
      else failures.push(`meting${i}.goudenkorst.nl was not served within 10 s`);
    }
    const p95 = percentile(latencies, 95);
    lines.push(
      ...table(
        ['figure', 'value'],
        [
          ['changes', latencies.length],
          ['answer → served, p50', ms(median(latencies))],
          ['answer → served, p95', `${ms(p95)}: ${verdict(round(p95, 1), GOAL_P95_MS, 'at most', ' ms')}`],
          ['answer → served, max', ms(Math.max(...latencies))],
        ],
      ),
    );

    // 2. A profile applied to 1,000 zones.
    const services = servicesOf(app);
    const customerId = (await bakery.get('/api/account/me').then((r) => r.json() as { customer?: { id: number } })).customer?.id;
    if (!customerId) throw new Error('the demo customer is not logged in');
    const names = Array.from({ length: ZONES }, (_, i) => `bakkerij-${i}.nl`);
    for (const name of names) await services.domains.addDomain(name, customerId);
    const profiles = ZDnsProfiles.parse((await bakery.get('/api/account/dns/profile')).json());
    const profile = profiles.find((candidate) => candidate.name === 'Google Workspace') ?? profiles[0]!;
    const ids = await Promise.all(names.map(async (name) => ZDnsZonePage.parse((await bakery.get(`/api/account/dns-beheren?name=${name}`)).json()).domainId));
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: APPLY_CONCURRENCY }, async () => {
        while (next < ids.length) {
          const domainId = ids[next++]!;
          const response = await bakery.post('/api/accounts/dns-beheren/profiel', { domainId, profileId: profile.id });
          if (response.statusCode !== 200) failures.push(`apply to ${domainId}: ${response.statusCode}`);
        }
      }),
    );
    const appliedSeconds = (Date.now() - started) / 1000;
    // Done when the shop has seen every zone's last revision confirmed by PowerDNS (a publish that
    // failed, say on a busy SQLite backend, is retried by its job or the catch-up).
    const deadline = Date.now() + 600_000;
    for (;;) {
      const [row] = await database.db
        .select({ behind: count() })
        .from(dnsZones)
        .where(and(inArray(dnsZones.domainId, ids), lt(dnsZones.publishedRevision, dnsZones.revision)));
      if (Number(row?.behind ?? 0) === 0 || Date.now() > deadline) break;
      await sleep(200);
    }
    const seconds = (Date.now() - started) / 1000;
    let published = 0;
    for (let i = 0; i < names.length; i++) {
      const [held, served] = await Promise.all([services.dns.zone(ids[i]!), publisher.read(names[i]!)]);
      const key = (records: readonly DnsZoneRecord[]) => records.map((r) => `${r.name} ${r.type} ${r.priority ?? ''} ${r.ttl} ${r.value}`).sort().join('\n');
      if (served.ok && served.zone && key(served.zone.records) === key(held as DnsZoneRecord[])) published++;
    }
    const lost = names.length - published;
    if (lost > 0) failures.push(`${lost} of ${names.length} zones are not in PowerDNS as the shop holds them`);
    lines.push(
      '',
      ...table(
        ['profile applied to zones', 'value'],
        [
          ['zones', names.length],
          ['time until the profile was applied to all (1,000 answers)', `${round(appliedSeconds, 1)} s`],
          ['time until all were published', `${round(seconds, 1)} s`],
          ['zones per second', round(names.length / seconds, 1)],
          ['in PowerDNS exactly as in the shop', `${published} (lost: ${lost})`],
        ],
      ),
    );

    // 3. Queries per second: PowerDNS (the published zone) against Knot (the exported file).
    let queriesPerSecond: DnsBackendFigures['queriesPerSecond'];
    if (spawnSync('dnsperf', ['-h'], { encoding: 'utf8' }).error) {
      queriesPerSecond = { skipped: 'dnsperf is not installed: apt-get install dnsperf' };
      lines.push('', `queries per second: not measured (${queriesPerSecond.skipped})`);
    } else {
      const held = await publisher.read('goudenkorst.nl');
      if (!held.ok || !held.zone) throw new Error('PowerDNS does not hold goudenkorst.nl');
      const knot = await startKnot('goudenkorst.nl', exportZoneFile('goudenkorst.nl', held.zone.records, { nameservers: NAMESERVERS, hostmaster: 'hostmaster@kavel.nl', serial: held.zone.serial }));
      const dir = mkdtempSync(join(tmpdir(), 'kavel-dnsperf-'));
      const queries = join(dir, 'queries.txt');
      writeFileSync(queries, ['goudenkorst.nl A', 'goudenkorst.nl MX', 'www.goudenkorst.nl A', 'meting1.goudenkorst.nl A', 'nergens.goudenkorst.nl A', 'goudenkorst.nl TXT', 'goudenkorst.nl SOA'].join('\n'));
      const pdns: number[] = [];
      const knotQps: number[] = [];
      try {
        for (let round_ = 0; round_ < PERF_ROUNDS; round_++) {
          const order = round_ % 2 === 0 ? (['pdns', 'knot'] as const) : (['knot', 'pdns'] as const);
          for (const target of order) (target === 'pdns' ? pdns : knotQps).push(dnsperf(target === 'pdns' ? server.dnsPort : knot.port, queries));
        }
      } finally {
        await knot.stop();
        rmSync(dir, { recursive: true, force: true });
      }
      const ratios = pdns.map((value, i) => value / knotQps[i]!);
      queriesPerSecond = { powerdns: round(median(pdns), 0), knot: round(median(knotQps), 0), ratio: round(median(ratios), 3) };
      lines.push(
        '',
        ...table(
          ['server', 'queries per second, median (range)'],
          [
            [`PowerDNS (published zone, ${BACKEND_NAMES[backend.kind]})`, showSpread(spread(pdns, 0))],
            ['Knot (the exported zone file)', showSpread(spread(knotQps, 0))],
            ['PowerDNS / Knot', showSpread(spread(ratios))],
          ],
        ),
      );
    }

    return {
      lines,
      failures,
      summary: {
        backend: backend.kind,
        publishLatencyMs: { p50: round(median(latencies), 1), p95: round(p95, 1), max: round(Math.max(...latencies), 1), goalP95: GOAL_P95_MS, met: p95 <= GOAL_P95_MS },
        applyToZones: { zones: names.length, appliedSeconds: round(appliedSeconds, 1), seconds: round(seconds, 1), zonesPerSecond: round(names.length / seconds, 1), published, lost },
        queriesPerSecond,
      },
    };
  } finally {
    await shop.close?.();
    await server?.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outcome = await runDnsBenchmark();
  console.log(outcome.lines.join('\n'));
  console.log(JSON.stringify(outcome.summary, null, 2));
  if (outcome.failures.length > 0) console.log(outcome.failures.join('\n'));
}
