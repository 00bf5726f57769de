import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './shop-process.ts';
import { createServerDatabase, testDatabaseUrl } from './test-database.ts';

/**
 * Debian's PowerDNS Authoritative with its SQLite backend, or its PostgreSQL backend on the
 * suite's PostgreSQL server, started by a test on loopback ports with the HTTP API on, and `dig`,
 * `named-checkzone` and Knot's `knotc` to look at what it serves and exports. `npm test` installs
 * the packages (scripts/system-packages.sh); without them the tests fail, never skip.
 */
export const DNS_TEST_PACKAGES = 'pdns-server pdns-backend-sqlite3 pdns-backend-pgsql sqlite3 bind9-dnsutils bind9-utils knot';
const SQLITE_SCHEMA = '/usr/share/pdns-backend-sqlite3/schema/schema.sqlite3.sql';
/** PowerDNS's PostgreSQL backend (`pdns-backend-pgsql`), as README.md deploys it. */
export const PGSQL_SCHEMA = '/usr/share/pdns-backend-pgsql/schema/schema.pgsql.sql';
const SEARCH_PATH = `${process.env.PATH ?? ''}:/usr/sbin:/usr/bin:/sbin`;

function tool(name: string): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { env: { ...process.env, PATH: SEARCH_PATH }, encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

export const dnsTools = {
  pdnsServer: tool('pdns_server'),
  sqlite3: tool('sqlite3'),
  dig: tool('dig'),
  namedCheckzone: tool('named-checkzone'),
  knotc: tool('knotc'),
};

/** What is missing to run the real-server tests, or null when everything is there. */
export function missingDnsTools(): string | null {
  const missing = Object.entries(dnsTools)
    .filter(([, path]) => path === null)
    .map(([name]) => name);
  if (!existsSync(SQLITE_SCHEMA)) missing.push(SQLITE_SCHEMA);
  if (!existsSync(PGSQL_SCHEMA)) missing.push(PGSQL_SCHEMA);
  if (missing.length === 0) return null;
  return `Missing ${missing.join(', ')}. Install with: apt-get install -y ${DNS_TEST_PACKAGES}`;
}

export interface TestPowerDns {
  apiUrl: string;
  apiKey: string;
  dnsPort: number;
  dir: string;
  /** Runs a statement on PowerDNS's own database, behind its API and its caches (a test's change made elsewhere). */
  execute(statement: string): Promise<void>;
  stop(): Promise<void>;
}

/** Where PowerDNS keeps its zones: a SQLite file of its own, or a fresh database on a PostgreSQL server. */
export type PowerDnsBackend = { kind: 'sqlite' } | { kind: 'postgres'; serverUrl: string };

/** The backends the adapter is tested on: SQLite always, PostgreSQL when the suite has a server. */
export const powerDnsBackends: Array<{ name: string; backend: PowerDnsBackend }> = [
  { name: 'SQLite', backend: { kind: 'sqlite' } },
  ...(testDatabaseUrl ? [{ name: 'PostgreSQL', backend: { kind: 'postgres' as const, serverUrl: testDatabaseUrl } }] : []),
];

/** The backend's `pdns_server` arguments, with what removes its database afterwards (its packages: `missingDnsTools`). */
async function backendOf(backend: PowerDnsBackend, dir: string): Promise<{ args: string[]; execute: TestPowerDns['execute']; drop: () => Promise<void> }> {
  if (backend.kind === 'sqlite') {
    const database = join(dir, 'pdns.sqlite3');
    const sqlite = (statement: string) => {
      const result = spawnSync(dnsTools.sqlite3!, [database, statement], { encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`sqlite3 failed on the PowerDNS database: ${result.stderr}`);
    };
    sqlite(`.read ${SQLITE_SCHEMA}`);
    return { args: ['--launch=gsqlite3', `--gsqlite3-database=${database}`], execute: async (statement) => sqlite(statement), drop: async () => undefined };
  }
  const database = await createServerDatabase(backend.serverUrl);
  const url = new URL(database.url);
  const execute = async (statement: string) => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await execute(readFileSync(PGSQL_SCHEMA, 'utf8'));
  const args = [
    '--launch=gpgsql',
    `--gpgsql-host=${url.hostname}`,
    `--gpgsql-port=${url.port || '5432'}`,
    `--gpgsql-dbname=${url.pathname.slice(1)}`,
    `--gpgsql-user=${decodeURIComponent(url.username) || 'postgres'}`,
    `--gpgsql-password=${decodeURIComponent(url.password)}`,
  ];
  return { args, execute, drop: database.drop };
}

/** Starts pdns_server in the foreground on free loopback ports; resolves once its API answers. */
export async function startPowerDns(backend: PowerDnsBackend = { kind: 'sqlite' }): Promise<TestPowerDns> {
  const dir = mkdtempSync(join(tmpdir(), 'kavel-pdns-'));
  const store = await backendOf(backend, dir);
  writeFileSync(join(dir, 'pdns.conf'), '');
  const [dnsPort, apiPort] = [await freePort(), await freePort()];
  const apiKey = randomBytes(12).toString('hex');
  const args = [
    `--config-dir=${dir}`,
    `--socket-dir=${dir}`,
    '--daemon=no',
    '--guardian=no',
    '--disable-syslog',
    '--write-pid=no',
    '--local-address=127.0.0.1',
    `--local-port=${dnsPort}`,
    '--api=yes',
    `--api-key=${apiKey}`,
    '--webserver=yes',
    '--webserver-address=127.0.0.1',
    `--webserver-port=${apiPort}`,
    '--webserver-allow-from=127.0.0.1',
    ...store.args,
  ];
  const child: ChildProcess = spawn(dnsTools.pdnsServer!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
    await store.drop();
  };
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${apiUrl}/api/v1/servers/localhost`, { headers: { 'X-API-Key': apiKey } }).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { apiUrl, apiKey, dnsPort, dir, execute: store.execute, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`pdns_server did not start:\n${output}`);
}

export interface DigAnswer {
  status: string;
  /** Answer records as `type data`, e.g. `A 203.0.113.10`. */
  answers: string[];
  authoritative: boolean;
}

/** Asks the server with dig, over UDP or TCP, without recursion. */
export function dig(port: number, name: string, type: string, transport: 'udp' | 'tcp' = 'udp'): DigAnswer {
  const args = ['@127.0.0.1', '-p', String(port), '+norecurse', '+noall', '+comments', '+answer', '+time=2', '+tries=1', transport === 'tcp' ? '+tcp' : '+notcp', name, type];
  const result = spawnSync(dnsTools.dig!, args, { encoding: 'utf8' });
  const status = /status: ([A-Z]+)/.exec(result.stdout)?.[1] ?? `no answer: ${result.stdout}${result.stderr}`;
  const answers = result.stdout
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith(';'))
    .map((line) => line.split(/\s+/).slice(3).join(' '));
  return { status, answers, authoritative: /flags:[^;]*\baa\b/.test(result.stdout) };
}

/** The zone's SOA serial as served. */
export function servedSerial(port: number, zone: string): number {
  const soa = dig(port, zone, 'SOA').answers[0] ?? '';
  return Number(soa.split(' ')[3]);
}

/** Runs `check` on the zone file's text written to a temporary folder. */
function withZoneFile<T>(text: string, check: (dir: string, file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'kavel-zone-'));
  try {
    const file = join(dir, 'zone');
    writeFileSync(file, text);
    return check(dir, file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface ZoneCheck {
  ok: boolean;
  output: string;
}

/** named-checkzone's (BIND's) verdict on a zone file's text. */
export function namedCheckzone(zone: string, text: string): ZoneCheck {
  return withZoneFile(text, (_dir, file) => {
    const result = spawnSync(dnsTools.namedCheckzone!, ['-k', 'fail', '-n', 'fail', zone, file], { encoding: 'utf8' });
    return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
  });
}

/** Whether Knot's zone loader takes the file (`knotc zone-check`, offline, with a configuration of its own). */
export function knotZoneCheck(zone: string, text: string): ZoneCheck {
  return withZoneFile(text, (dir, file) => {
    const config = join(dir, 'knot.conf');
    writeFileSync(config, `server:\n  rundir: "${dir}"\ndatabase:\n  storage: "${dir}"\nzone:\n  - domain: ${zone}\n    file: "${file}"\n`);
    const result = spawnSync(dnsTools.knotc!, ['-c', config, 'zone-check', zone], { encoding: 'utf8' });
    return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
  });
}
