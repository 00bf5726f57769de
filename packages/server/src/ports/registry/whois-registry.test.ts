import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { createWhoisRegistry, parseWhoisServer, whoisQuery } from './whois-registry.ts';
import type { RegistrySettings } from './registry-port.ts';

const queries: Buffer[] = [];
const sockets = new Set<Socket>();
let server: Server;
let address: string;

const TAKEN = [
  'Domain name: google.nl',
  'Status: active',
  '',
  'Registrar:',
  '   MarkMonitor Inc.',
  '',
  'DNSSEC: no',
  '',
  'Record maintained by: NL Domain Registry',
].join('\n');

function answerFor(query: string): string | null {
  switch (query.trim()) {
    case 'google.nl':
      return TAKEN;
    case 'opgeheven.nl':
      return 'opgeheven.nl is in quarantine\n';
    case 'druk.nl':
      return 'maximum number of requests per second exceeded\n';
    case 'leeg.nl':
      return '';
    case 'stil.nl':
      return null; // never answers
    default:
      return `${query.trim()} is free\n`;
  }
}

beforeAll(async () => {
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (!received.includes('\r\n')) return;
      queries.push(received);
      const answer = answerFor(received.toString('utf8'));
      if (answer !== null) socket.end(answer);
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  address = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function settings(whoisServer: string | null = address): RegistrySettings {
  return {
    extension: 'nl',
    rdapBaseUrl: null,
    whoisServer,
    whoisFreePattern: 'is free',
    whoisQuarantinePattern: 'is in quarantine',
  };
}

const never = new AbortController().signal;

describe('WHOIS registry', () => {
  it('is named whois', () => {
    expect(createWhoisRegistry({}).name).toBe('whois');
  });

  it('sends the bare name and CRLF, and answers free', async () => {
    const before = queries.length;
    expect(await createWhoisRegistry({}).lookup('mijnbakkerij.nl', settings(), never)).toEqual({ ok: true, status: 'free' });
    expect(queries.length).toBe(before + 1);
    expect(queries.at(-1)).toEqual(Buffer.from('mijnbakkerij.nl\r\n'));
  });

  it('answers taken for a registered answer', async () => {
    expect(await createWhoisRegistry({}).lookup('google.nl', settings(), never)).toEqual({ ok: true, status: 'taken' });
  });

  it('answers quarantine', async () => {
    expect(await createWhoisRegistry({}).lookup('opgeheven.nl', settings(), never)).toEqual({ ok: true, status: 'quarantine' });
  });

  it('answers rate-limited for a throttle line', async () => {
    expect(await createWhoisRegistry({}).lookup('druk.nl', settings(), never)).toEqual({
      ok: false,
      reason: 'rate-limited',
      retryAfterSeconds: null,
    });
  });

  it('answers unexpected-answer for an empty answer', async () => {
    expect(await createWhoisRegistry({}).lookup('leeg.nl', settings(), never)).toMatchObject({
      ok: false,
      reason: 'unexpected-answer',
    });
  });

  it('matches the patterns case-insensitively and per line', async () => {
    const shouting = { ...settings(), whoisFreePattern: '^MIJNBAKKERIJ\\.NL IS FREE$' };
    expect(await createWhoisRegistry({}).lookup('mijnbakkerij.nl', shouting, never)).toEqual({ ok: true, status: 'free' });
  });

  it('answers timeout promptly when the caller aborts, and frees the socket', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const started = performance.now();
    const answer = await createWhoisRegistry({}).lookup('stil.nl', settings(), controller.signal);
    expect(answer).toEqual({ ok: false, reason: 'timeout' });
    expect(performance.now() - started).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sockets.size).toBe(0);
  });

  it('prefers the override', async () => {
    const port = createWhoisRegistry({ serverOverride: address });
    expect(await port.lookup('google.nl', settings('whois.invalid'), never)).toEqual({ ok: true, status: 'taken' });
  });

  it('answers unsupported without a server or free pattern', async () => {
    const port = createWhoisRegistry({});
    expect(await port.lookup('google.nl', settings(null), never)).toMatchObject({ ok: false, reason: 'unsupported' });
    const noPattern = { ...settings(), whoisFreePattern: null };
    expect(await port.lookup('google.nl', noPattern, never)).toMatchObject({ ok: false, reason: 'unsupported' });
  });

  it('answers unreachable when the connection is refused', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const answer = await createWhoisRegistry({}).lookup('google.nl', settings(`127.0.0.1:${port}`), never);
    expect(answer).toMatchObject({ ok: false, reason: 'unreachable' });
  });

  it('answers unreachable when the connection is reset', async () => {
    const rude = createServer((socket) => socket.resetAndDestroy());
    await new Promise<void>((resolve) => rude.listen(0, '127.0.0.1', resolve));
    const port = (rude.address() as AddressInfo).port;
    const answer = await createWhoisRegistry({}).lookup('google.nl', settings(`127.0.0.1:${port}`), never);
    await new Promise<void>((resolve) => rude.close(() => resolve()));
    expect(answer).toMatchObject({ ok: false, reason: 'unreachable' });
  });
});

describe('WHOIS helpers', () => {
  it('parses server addresses', () => {
    expect(parseWhoisServer('whois.sidn.nl')).toEqual({ host: 'whois.sidn.nl', port: 43 });
    expect(parseWhoisServer('whois.sidn.nl:4343')).toEqual({ host: 'whois.sidn.nl', port: 4343 });
    expect(parseWhoisServer('[::1]:4343')).toEqual({ host: '::1', port: 4343 });
    expect(parseWhoisServer('[2001:db8::43]')).toEqual({ host: '2001:db8::43', port: 43 });
    expect(parseWhoisServer('2001:db8::43')).toEqual({ host: '2001:db8::43', port: 43 });
    expect(parseWhoisServer('whois.sidn.nl:0')).toBeNull();
    expect(parseWhoisServer('whois.sidn.nl:99999')).toBeNull();
    expect(parseWhoisServer('whois.sidn.nl:abc')).toBeNull();
    expect(parseWhoisServer('')).toBeNull();
  });

  it('uses the DENIC query syntax for whois.denic.de only', () => {
    expect(whoisQuery('whois.denic.de', 'kavel.de')).toBe('-T dn,ace kavel.de\r\n');
    expect(whoisQuery('WHOIS.DENIC.DE', 'kavel.de')).toBe('-T dn,ace kavel.de\r\n');
    expect(whoisQuery('whois.sidn.nl', 'kavel.nl')).toBe('kavel.nl\r\n');
  });
});
