import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRdapRegistry, parseRetryAfter } from './rdap-registry.ts';
import type { RegistrySettings } from './registry-port.ts';

interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
}

const seen: Seen[] = [];
let server: Server;
let base: string;

function domainObject(name: string, status: string[]): string {
  return JSON.stringify({
    objectClassName: 'domain',
    rdapConformance: ['rdap_level_0'],
    handle: name,
    ldhName: name,
    status,
    events: [{ eventAction: 'registration', eventDate: '1999-11-18T00:00:00Z' }],
  });
}

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    const json = { 'content-type': 'application/rdap+json' };
    switch (request.url) {
      case '/domain/google.nl':
        response.writeHead(200, json).end(domainObject('google.nl', ['active']));
        return;
      case '/domain/opgeheven.nl':
        response.writeHead(200, json).end(domainObject('opgeheven.nl', ['redemption period']));
        return;
      case '/domain/weggaand.nl':
        response.writeHead(200, json).end(domainObject('weggaand.nl', ['inactive', 'pending delete']));
        return;
      case '/domain/druk.nl':
        response.writeHead(429, { 'retry-after': '7' }).end();
        return;
      case '/domain/drukzonder.nl':
        response.writeHead(429).end();
        return;
      case '/domain/kapot.nl':
        response.writeHead(500).end('oops');
        return;
      case '/domain/onzin.nl':
        response.writeHead(200, json).end('<html>');
        return;
      case '/domain/traag.nl':
        return; // never answers
      case '/verhuisd/domain/google.nl':
        response.writeHead(301, { location: '/domain/google.nl' }).end();
        return;
      default:
        response.writeHead(404, json).end(JSON.stringify({ errorCode: 404, title: 'Not Found' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function settings(rdapBaseUrl: string | null = base): RegistrySettings {
  return { extension: 'nl', rdapBaseUrl, whoisServer: null, whoisFreePattern: null, whoisQuarantinePattern: null };
}

const never = new AbortController().signal;

describe('RDAP registry', () => {
  it('is named rdap', () => {
    expect(createRdapRegistry({}).name).toBe('rdap');
  });

  it('answers free on 404 and sends an RDAP request', async () => {
    const port = createRdapRegistry({ userAgent: 'Kavel-test' });
    expect(await port.lookup('mijnbakkerij.nl', settings(), never)).toEqual({ ok: true, status: 'free' });
    const request = seen.at(-1);
    expect(request?.url).toBe('/domain/mijnbakkerij.nl');
    expect(request?.headers.accept).toBe('application/rdap+json');
    expect(request?.headers['user-agent']).toBe('Kavel-test');
  });

  it('answers taken on 200 with an active domain object', async () => {
    expect(await createRdapRegistry({}).lookup('google.nl', settings(), never)).toEqual({ ok: true, status: 'taken' });
  });

  it('answers quarantine for redemption period and pending delete', async () => {
    const port = createRdapRegistry({});
    expect(await port.lookup('opgeheven.nl', settings(), never)).toEqual({ ok: true, status: 'quarantine' });
    expect(await port.lookup('weggaand.nl', settings(), never)).toEqual({ ok: true, status: 'quarantine' });
  });

  it('answers rate-limited with Retry-After seconds', async () => {
    const port = createRdapRegistry({});
    expect(await port.lookup('druk.nl', settings(), never)).toEqual({ ok: false, reason: 'rate-limited', retryAfterSeconds: 7 });
    expect(await port.lookup('drukzonder.nl', settings(), never)).toEqual({
      ok: false,
      reason: 'rate-limited',
      retryAfterSeconds: null,
    });
  });

  it('answers unexpected-answer for other statuses and broken JSON', async () => {
    const port = createRdapRegistry({});
    const broken = await port.lookup('kapot.nl', settings(), never);
    expect(broken).toMatchObject({ ok: false, reason: 'unexpected-answer' });
    expect(broken.ok === false && 'detail' in broken ? broken.detail : '').toContain('HTTP 500');
    expect(await port.lookup('onzin.nl', settings(), never)).toMatchObject({ ok: false, reason: 'unexpected-answer' });
  });

  it('follows redirects', async () => {
    const port = createRdapRegistry({ baseUrlOverride: `${base}verhuisd/` });
    expect(await port.lookup('google.nl', settings(null), never)).toEqual({ ok: true, status: 'taken' });
  });

  it('prefers the override and adds a missing trailing slash', async () => {
    const port = createRdapRegistry({ baseUrlOverride: base.slice(0, -1) });
    expect(await port.lookup('google.nl', settings('http://127.0.0.1:1/'), never)).toEqual({ ok: true, status: 'taken' });
  });

  it('sends IDNs as A-labels', async () => {
    await createRdapRegistry({}).lookup('bäcker.nl', settings(), never);
    expect(seen.at(-1)?.url).toBe('/domain/xn--bcker-gra.nl');
  });

  it('answers timeout promptly when the caller aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const started = performance.now();
    const answer = await createRdapRegistry({}).lookup('traag.nl', settings(), controller.signal);
    expect(answer).toEqual({ ok: false, reason: 'timeout' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('answers unsupported without a base URL', async () => {
    expect(await createRdapRegistry({}).lookup('google.nl', settings(null), never)).toMatchObject({
      ok: false,
      reason: 'unsupported',
    });
  });

  it('answers unreachable when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const answer = await createRdapRegistry({}).lookup('google.nl', settings(`http://127.0.0.1:${port}/`), never);
    expect(answer).toMatchObject({ ok: false, reason: 'unreachable' });
  });

  it('uses the injected fetch', async () => {
    const urls: string[] = [];
    const fetchImpl = (async (input: string | URL | Request) => {
      urls.push(String(input));
      return new Response(null, { status: 404 });
    }) as typeof fetch;
    const port = createRdapRegistry({ fetchImpl });
    expect(await port.lookup('kavel.nl', settings('https://rdap.sidn.nl/'), never)).toEqual({ ok: true, status: 'free' });
    expect(urls).toEqual(['https://rdap.sidn.nl/domain/kavel.nl']);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP-dates', () => {
    const now = Date.parse('2025-01-01T12:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter('Wed, 01 Jan 2025 12:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Wed, 01 Jan 2025 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });
});
