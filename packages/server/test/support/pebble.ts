import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:https';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './shop-process.ts';

/**
 * Debian's `pebble` (Let's Encrypt's ACME test server) and its `pebble-challtestsrv`, whose mock
 * DNS answers every A question with 127.0.0.1 (AAAA with nothing) unless told otherwise: pebble
 * resolves the names it validates there (`-dnsserver`), and the shop's DNS check can ask it too.
 * `npm test` installs the package (scripts/system-packages.sh); without it the tests fail, never skip.
 */
const TOOLS = { pebble: '/usr/bin/pebble', challtestsrv: '/usr/bin/pebble-challtestsrv', openssl: '/usr/bin/openssl' };

export function missingPebble(): string | null {
  const missing = Object.values(TOOLS).filter((path) => !existsSync(path));
  return missing.length === 0 ? null : `Missing ${missing.join(', ')}. Install with: apt-get install -y pebble openssl`;
}

export interface TestPebble {
  /** The ACME directory. */
  directoryUrl: string;
  /** The CA of pebble's own HTTPS (its API and management endpoint). */
  apiCaPem: string;
  /** The mock DNS server, `127.0.0.1:port`. */
  dnsServer: string;
  /** The root that signs the certificates pebble issues (a new one on every start). */
  issuingRoot(): Promise<string>;
  /** Makes the mock DNS answer `host`'s A question with these addresses. */
  setAddresses(host: string, addresses: string[]): Promise<void>;
  stop(): Promise<void>;
}

function started(child: ChildProcess, name: string, ready: RegExp, output: { text: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start in time:\n${output.text}`)), 15_000);
    const look = (chunk: Buffer) => {
      output.text += chunk.toString();
      if (ready.test(output.text)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}):\n${output.text}`));
    });
  });
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** Starts the mock DNS and pebble on free loopback ports; pebble validates HTTP-01 on `httpPort` (the responder). */
export async function startPebble(options: { httpPort: number }): Promise<TestPebble> {
  const dir = mkdtempSync(join(tmpdir(), 'kavel-pebble-'));
  const [acmePort, managementPort, tlsPort, dnsPort, dnsManagementPort] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
  // pebble's own HTTPS certificate (Debian ships no test certificates): self-signed, for 127.0.0.1.
  const made = spawnSync(
    TOOLS.openssl,
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2', '-subj', '/CN=pebble test', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', 'key.pem', '-out', 'cert.pem'],
    { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr}`);
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  const certificate = readFileSync(certFile, 'utf8');
  writeFileSync(
    join(dir, 'pebble.json'),
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${acmePort}`,
        managementListenAddress: `127.0.0.1:${managementPort}`,
        certificate: certFile,
        privateKey: keyFile,
        httpPort: options.httpPort,
        tlsPort,
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
      },
    }),
  );

  const dnsOutput = { text: '' };
  const dns = spawn(
    TOOLS.challtestsrv,
    ['-dns01', `127.0.0.1:${dnsPort}`, '-http01', '', '-https01', '', '-tlsalpn01', '', '-management', `127.0.0.1:${dnsManagementPort}`, '-defaultIPv4', '127.0.0.1', '-defaultIPv6', ''],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const pebbleOutput = { text: '' };
  let pebble: ChildProcess | null = null;
  try {
    await started(dns, 'pebble-challtestsrv', /Starting management server/, dnsOutput);
    pebble = spawn(TOOLS.pebble, ['-config', join(dir, 'pebble.json'), '-dnsserver', `127.0.0.1:${dnsPort}`], {
      // No sleeps before validation, no refused nonces, and a fresh validation for every order.
      env: { ...process.env, PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0', PEBBLE_AUTHZREUSE: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await started(pebble, 'pebble', /Listening on/, pebbleOutput);
  } catch (error) {
    await stopped(dns);
    if (pebble) await stopped(pebble);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  return {
    directoryUrl: `https://127.0.0.1:${acmePort}/dir`,
    apiCaPem: certificate,
    dnsServer: `127.0.0.1:${dnsPort}`,
    issuingRoot: () =>
      new Promise((resolve, reject) => {
        get(`https://127.0.0.1:${managementPort}/roots/0`, { ca: certificate }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => (response.statusCode === 200 ? resolve(body) : reject(new Error(`pebble's root: ${response.statusCode} ${body}`))));
        }).on('error', reject);
      }),
    setAddresses: (host, addresses) =>
      new Promise((resolve, reject) => {
        const body = JSON.stringify({ host: host.endsWith('.') ? host : `${host}.`, addresses });
        const sent = request({ host: '127.0.0.1', port: dnsManagementPort, path: '/add-a', method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => {
          response.resume();
          response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`challtestsrv add-a: ${response.statusCode}`))));
        });
        sent.on('error', reject);
        sent.end(body);
      }),
    stop: async () => {
      await Promise.all([stopped(dns), pebble ? stopped(pebble) : Promise.resolve()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
