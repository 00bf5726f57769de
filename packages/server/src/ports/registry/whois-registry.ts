/** Registry lookups over WHOIS (RFC 3912): one query line over TCP, the answer until the server closes. */
import { connect } from 'node:net';
import { domainToASCII } from 'node:url';
import { lookupOnlyRegistrar } from './lookup-only-registrar.ts';
import type { RegistryAnswer, RegistryPort, RegistrySettings } from './registry-port.ts';

export interface WhoisRegistryOptions {
  /** Use this server (`host`, `host:port`, `[v6]:port`) for every extension instead of `settings.whoisServer`. */
  serverOverride?: string | null;
  /** Give up when the TCP connection is not up within this time; defaults to 5000 ms. */
  connectTimeoutMs?: number;
}

/** Answers larger than this are cut off; registries answer in a few KiB. */
export const MAX_WHOIS_ANSWER_BYTES = 64 * 1024;

/** Throttle notices seen at registries, e.g. SIDN's `maximum number of requests per second exceeded`. */
const THROTTLE_PATTERN =
  /(limit exceeded|quota exceeded|too many (requests|queries|connections)|(requests|queries|connections)\b[^\n]*\bexceeded|throttl|try again later|rate limit)/i;

export interface WhoisServerAddress {
  host: string;
  port: number;
}

/** Parses `host`, `host:port`, `[v6]`, `[v6]:port` or a bare IPv6 literal; null when malformed. */
export function parseWhoisServer(spec: string): WhoisServerAddress | null {
  const text = spec.trim();
  let host: string;
  let portText: string | undefined;
  const bracketed = /^\[([0-9a-fA-F:.%\w]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) {
    host = bracketed[1] ?? '';
    portText = bracketed[2];
  } else if ((text.match(/:/g) ?? []).length > 1) {
    host = text; // bare IPv6 literal: no room for a port
  } else {
    const [name, port, ...rest] = text.split(':');
    if (rest.length > 0) return null;
    host = name ?? '';
    portText = port;
  }
  if (!host || /[\s/]/.test(host)) return null;
  if (portText === undefined) return { host, port: 43 };
  if (!/^\d{1,5}$/.test(portText)) return null;
  const port = Number.parseInt(portText, 10);
  return port >= 1 && port <= 65535 ? { host, port } : null;
}

/** The query line for `host`; DENIC only answers availability with its `-T dn,ace` switch. */
export function whoisQuery(host: string, domain: string): string {
  return host.toLowerCase() === 'whois.denic.de' ? `-T dn,ace ${domain}\r\n` : `${domain}\r\n`;
}

type Reading = { ok: true; text: string } | { ok: false; answer: RegistryAnswer };

function ask(address: WhoisServerAddress, query: string, connectTimeoutMs: number, signal: AbortSignal): Promise<Reading> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve({ ok: false, answer: { ok: false, reason: 'timeout' } });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const socket = connect({ host: address.host, port: address.port });

    const finish = (reading: Reading): void => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      signal.removeEventListener('abort', onAbort);
      socket.destroy();
      resolve(reading);
    };
    const onAbort = (): void => finish({ ok: false, answer: { ok: false, reason: 'timeout' } });
    const connectTimer = setTimeout(
      () => finish({ ok: false, answer: { ok: false, reason: 'timeout', detail: `no connection to ${address.host} within ${connectTimeoutMs} ms` } }),
      connectTimeoutMs,
    );
    signal.addEventListener('abort', onAbort, { once: true });

    socket.once('connect', () => {
      clearTimeout(connectTimer);
      socket.write(query);
    });
    socket.on('data', (chunk: Buffer) => {
      const room = MAX_WHOIS_ANSWER_BYTES - size;
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      size += Math.min(chunk.length, room);
      if (size >= MAX_WHOIS_ANSWER_BYTES) finish({ ok: true, text: Buffer.concat(chunks).toString('utf8') });
    });
    socket.once('end', () => finish({ ok: true, text: Buffer.concat(chunks).toString('utf8') }));
    socket.once('close', () => finish({ ok: true, text: Buffer.concat(chunks).toString('utf8') }));
    socket.once('error', (error: Error & { code?: string }) => {
      const detail = error.code ? `${error.code} from ${address.host}:${address.port}` : error.message;
      finish({ ok: false, answer: { ok: false, reason: 'unreachable', detail } });
    });
  });
}

function compile(pattern: string | null, field: string): RegExp | null | Error {
  if (!pattern) return null;
  try {
    return new RegExp(pattern, 'im');
  } catch {
    return new Error(`invalid ${field}: ${pattern}`);
  }
}

/** Classifies a WHOIS answer with the extension's patterns. */
export function classifyWhoisAnswer(text: string, freePattern: RegExp, quarantinePattern: RegExp | null): RegistryAnswer {
  if (text.trim() === '') return { ok: false, reason: 'unexpected-answer', detail: 'empty WHOIS answer' };
  if (quarantinePattern?.test(text)) return { ok: true, status: 'quarantine' };
  if (THROTTLE_PATTERN.test(text)) return { ok: false, reason: 'rate-limited', retryAfterSeconds: null };
  if (freePattern.test(text)) return { ok: true, status: 'free' };
  return { ok: true, status: 'taken' };
}

export function createWhoisRegistry(options: WhoisRegistryOptions = {}): RegistryPort {
  const connectTimeoutMs = options.connectTimeoutMs ?? 5000;

  return {
    ...lookupOnlyRegistrar,
    name: 'whois',
    async lookup(domain: string, settings: RegistrySettings, signal: AbortSignal): Promise<RegistryAnswer> {
      const spec = options.serverOverride || settings.whoisServer;
      if (!spec) return { ok: false, reason: 'unsupported', detail: `no WHOIS server for .${settings.extension}` };
      const address = parseWhoisServer(spec);
      if (!address) return { ok: false, reason: 'unsupported', detail: `invalid WHOIS server: ${spec}` };
      const freePattern = compile(settings.whoisFreePattern, 'whoisFreePattern');
      // Without a free pattern every answer would read as 'taken'; refuse rather than lie.
      if (freePattern === null) return { ok: false, reason: 'unsupported', detail: `no whoisFreePattern for .${settings.extension}` };
      const quarantinePattern = compile(settings.whoisQuarantinePattern, 'whoisQuarantinePattern');
      if (freePattern instanceof Error) return { ok: false, reason: 'unsupported', detail: freePattern.message };
      if (quarantinePattern instanceof Error) return { ok: false, reason: 'unsupported', detail: quarantinePattern.message };
      const name = domainToASCII(domain.trim());
      if (!name) return { ok: false, reason: 'unsupported', detail: `not a domain name: ${domain}` };

      const reading = await ask(address, whoisQuery(address.host, name), connectTimeoutMs, signal);
      if (!reading.ok) return reading.answer;
      return classifyWhoisAnswer(reading.text, freePattern, quarantinePattern);
    },
  };
}
