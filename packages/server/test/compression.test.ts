import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { sessions } from '../src/db/schema/index.ts';
import { databaseKinds, useTestShop } from './support/index.ts';

// A built front end as the web build leaves it: each text file next to its .br and .gz.
const script = `export const greeting = ${JSON.stringify('hallo '.repeat(500))};\n`;
const webDist = mkdtempSync(join(tmpdir(), 'kavel-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), `<!doctype html><html lang="nl"><head><title>Kavel</title><!-- ${'x'.repeat(2000)} --></head><body><div id="root"></div></body></html>`);
writeFileSync(join(webDist, 'assets', 'app-C0ffee12.js'), script);
writeFileSync(join(webDist, 'assets', 'app-C0ffee12.js.br'), brotliCompressSync(script));
writeFileSync(join(webDist, 'assets', 'app-C0ffee12.js.gz'), gzipSync(script));
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const ASSET = '/assets/app-C0ffee12.js';

describe.each(databaseKinds)('compression and caching on $name', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ database, app } = shop), { app: { config: { webDist } } });

  const sessionRows = async () => (await database.db.select({ value: count() }).from(sessions))[0]!.value;

  it.each([
    { accepted: 'gzip, deflate, br', encoding: 'br', decode: (body: Buffer) => brotliDecompressSync(body).toString() },
    { accepted: 'gzip', encoding: 'gzip', decode: (body: Buffer) => gunzipSync(body).toString() },
    { accepted: undefined, encoding: undefined, decode: (body: Buffer) => body.toString() },
  ])('sends a built asset as $encoding when the client accepts "$accepted", varying on Accept-Encoding, cached for a year', async ({ accepted, encoding, decode }) => {
    const rowsBefore = await sessionRows();
    const response = await app.inject({ method: 'GET', url: ASSET, headers: accepted ? { 'accept-encoding': accepted } : {} });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(String(response.headers['vary'])).toMatch(/accept-encoding/i);
    expect(String(response.headers['content-type'])).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode(response.rawPayload)).toBe(script);
    // No session work: no cookie of any kind, no session row.
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await sessionRows()).toBe(rowsBefore);
  });

  it('answers a missing asset with 404 and no session work either', async () => {
    const rowsBefore = await sessionRows();
    const response = await app.inject({ method: 'GET', url: '/assets/missing-0000.js', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await sessionRows()).toBe(rowsBefore);
  });

  it('compresses the HTML shell per answer and lets only the browser keep it, asking again each time', async () => {
    const response = await app.inject({ method: 'GET', url: '/bestelprocedure', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(String(response.headers['vary'])).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<div id="root" data-csrf-token=');
  });

  it('compresses JSON above the threshold, and leaves small answers as they are', async () => {
    const large = await app.inject({ method: 'GET', url: '/api/catalogue', headers: { 'accept-encoding': 'gzip' } });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(large.rawPayload).toString())).toHaveProperty('extensions');
    const small = await app.inject({ method: 'GET', url: '/health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
  });

  it('never compresses the availability event stream', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/check-domain-extensions?domain=kavelcompressie&extensions[]=nl&extensions[]=com',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-type'])).toMatch(/^text\/event-stream/);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toContain('event: domainAvailability');
  });
});
