/**
 * The load generator in its own process: autocannon's command line, started with `node`, so the
 * server under test keeps its event loop and the load competes with it only for the CPU, as a
 * real client would.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { round } from '../support.ts';

const autocannonCli = join(dirname(createRequire(import.meta.url).resolve('autocannon/package.json')), 'autocannon.js');

export interface LoadFigures {
  requestsPerSecond: number;
  p50LatencyMs: number;
  p99LatencyMs: number;
  requests: number;
  non2xx: number;
  /** Answers with a 3xx status (a redirect). */
  redirects: number;
  errors: number;
  timeouts: number;
}

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  '3xx': number;
  errors: number;
  timeouts: number;
}

/** Runs autocannon against `url` in a child process and returns its figures. */
export async function loadFromOtherProcess({ url, headers = {}, connections, seconds }: LoadOptions): Promise<LoadFigures> {
  const args = [autocannonCli, '--json', '-c', String(connections), '-d', String(seconds), '-t', '10'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`autocannon exited ${code}: ${stderr.slice(-500)}`))));
  });
  const result = JSON.parse(output.slice(output.indexOf('{'))) as AutocannonJson;
  return {
    requestsPerSecond: round(result.requests.average, 0),
    p50LatencyMs: result.latency.p50,
    p99LatencyMs: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    redirects: result['3xx'],
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
