import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPdokAddressLookup } from './pdok-address-lookup.ts';

/** The queries the local Locatieserver received: path and the `fq` filters. */
const seen: Array<{ path: string; fq: string[]; fl: string | null; rows: string | null }> = [];
let server: Server;
let base: string;

/** An answer of the `free` endpoint as PDOK sends it (Solr's envelope), with these documents. */
const freeAnswer = (docs: object[]) => JSON.stringify({ response: { numFound: docs.length, start: 0, maxScore: docs.length ? 9.1 : 0, numFoundExact: true, docs } });

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const fq = url.searchParams.getAll('fq');
    seen.push({ path: url.pathname, fq, fl: url.searchParams.get('fl'), rows: url.searchParams.get('rows') });
    const json = { 'content-type': 'application/json;charset=UTF-8' };
    if (url.pathname !== '/bzk/locatieserver/search/v3_1/free') return void response.writeHead(404, json).end('{"error":"not found"}');
    const postcode = fq.find((filter) => filter.startsWith('postcode:'))?.slice('postcode:'.length);
    const number = Number(fq.find((filter) => filter.startsWith('huisnummer:'))?.slice('huisnummer:'.length));
    switch (postcode) {
      case '1012JS':
        if (number === 1) {
          return void response.writeHead(200, json).end(freeAnswer([{ straatnaam: 'Dam', woonplaatsnaam: 'Amsterdam', postcode: '1012JS', huisnummer: 1, weergavenaam: 'Dam 1, 1012JS Amsterdam' }]));
        }
        return void response.writeHead(200, json).end(freeAnswer([]));
      case '9999ZZ':
        return void response.writeHead(200, json).end(freeAnswer([]));
      case '5000AA':
        return void response.writeHead(500, json).end('{"error":"internal"}');
      case '6000AA':
        return; // never answers
      case '7000AA':
        return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
      case '8000AA':
        // A server that ignored the house number filter: another address of the postcode.
        return void response.writeHead(200, json).end(freeAnswer([{ straatnaam: 'Elders', woonplaatsnaam: 'Ergens', postcode: '8000AA', huisnummer: number + 1 }]));
      default:
        return void response.writeHead(400, json).end('{"error":"bad request"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bzk/locatieserver/search/v3_1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the PDOK address lookup against a local Locatieserver', () => {
  it('asks the free endpoint with filters on type, postcode and house number, and answers street and place', async () => {
    seen.length = 0;
    const lookup = createPdokAddressLookup({ baseUrl: `${base}/` });
    expect(lookup.name).toBe('pdok');
    expect(await lookup.lookup('1012 js', '1a')).toEqual({ ok: true, street: 'Dam', city: 'Amsterdam' });
    expect(seen).toEqual([
      { path: '/bzk/locatieserver/search/v3_1/free', fq: ['type:adres', 'postcode:1012JS', 'huisnummer:1'], fl: 'straatnaam,woonplaatsnaam,postcode,huisnummer', rows: '1' },
    ]);
  });

  it('answers an address the Locatieserver does not know as not found', async () => {
    const lookup = createPdokAddressLookup({ baseUrl: base });
    expect(await lookup.lookup('9999ZZ', 1)).toEqual({ ok: false, reason: 'notFound' });
    expect(await lookup.lookup('1012JS', 2)).toEqual({ ok: false, reason: 'notFound' });
    // A document for another address is no answer for this one.
    expect(await lookup.lookup('8000AA', 3)).toEqual({ ok: false, reason: 'notFound' });
  });

  it('asks nothing for a postcode or house number that is not one', async () => {
    seen.length = 0;
    const lookup = createPdokAddressLookup({ baseUrl: base });
    expect(await lookup.lookup('0123AB', 1)).toEqual({ ok: false, reason: 'notFound' });
    expect(await lookup.lookup('1012JS', 'a1')).toEqual({ ok: false, reason: 'notFound' });
    expect(seen).toEqual([]);
  });

  it('answers unreachable for a server error, an answer it cannot read, a server that is too slow or away', async () => {
    const lookup = createPdokAddressLookup({ baseUrl: base, timeoutMs: 300 });
    expect(await lookup.lookup('5000AA', 1)).toEqual({ ok: false, reason: 'unreachable', detail: 'HTTP 500' });
    expect(await lookup.lookup('7000AA', 1)).toEqual({ ok: false, reason: 'unreachable', detail: 'answer is not JSON' });
    const started = Date.now();
    expect(await lookup.lookup('6000AA', 1)).toEqual({ ok: false, reason: 'unreachable', detail: 'no answer in time' });
    expect(Date.now() - started).toBeLessThan(2000);
    const away = createPdokAddressLookup({ baseUrl: 'http://127.0.0.1:9/bzk/locatieserver/search/v3_1', timeoutMs: 1000 });
    expect(await away.lookup('1012JS', 1)).toMatchObject({ ok: false, reason: 'unreachable' });
  });

  it("stops when the caller's signal aborts", async () => {
    const lookup = createPdokAddressLookup({ baseUrl: base, timeoutMs: 5000 });
    const controller = new AbortController();
    const answer = lookup.lookup('6000AA', 2, controller.signal);
    setTimeout(() => controller.abort(), 50);
    expect(await answer).toMatchObject({ ok: false, reason: 'unreachable' });
  });

  it('keeps answers in its cache for their time (not found shorter), and never keeps a failure', async () => {
    let now = 1_000_000;
    const lookup = createPdokAddressLookup({ baseUrl: base, timeoutMs: 300, cacheTtlMs: 60_000, notFoundTtlMs: 10_000, now: () => now });
    const asked = async (postcode: string, number: number) => {
      const before = seen.length;
      const answer = await lookup.lookup(postcode, number);
      return { answer, asked: seen.length - before };
    };
    expect(await asked('1012JS', 1)).toEqual({ answer: { ok: true, street: 'Dam', city: 'Amsterdam' }, asked: 1 });
    expect(await asked('1012JS', 1)).toMatchObject({ asked: 0 });
    expect(await asked('9999ZZ', 1)).toMatchObject({ answer: { reason: 'notFound' }, asked: 1 });
    expect(await asked('9999ZZ', 1)).toMatchObject({ answer: { reason: 'notFound' }, asked: 0 });
    expect(await asked('5000AA', 1)).toMatchObject({ answer: { reason: 'unreachable' }, asked: 1 });
    expect(await asked('5000AA', 1)).toMatchObject({ answer: { reason: 'unreachable' }, asked: 1 });
    now += 20_000;
    expect(await asked('9999ZZ', 1)).toMatchObject({ asked: 1 });
    expect(await asked('1012JS', 1)).toMatchObject({ asked: 0 });
    now += 60_000;
    expect(await asked('1012JS', 1)).toMatchObject({ answer: { ok: true }, asked: 1 });
  });

  it('keeps at most its number of entries, dropping the one used least recently', async () => {
    const lookup = createPdokAddressLookup({ baseUrl: base, cacheEntries: 2 });
    const asked = async (postcode: string, number: number) => {
      const before = seen.length;
      await lookup.lookup(postcode, number);
      return seen.length - before;
    };
    expect(await asked('1012JS', 1)).toBe(1);
    expect(await asked('9999ZZ', 1)).toBe(1);
    expect(await asked('1012JS', 1)).toBe(0); // now the most recent
    expect(await asked('9999ZZ', 2)).toBe(1); // drops 9999ZZ 1
    expect(await asked('1012JS', 1)).toBe(0);
    expect(await asked('9999ZZ', 1)).toBe(1);
  });
});
