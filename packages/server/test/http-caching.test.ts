import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { databaseKinds, servicesOf, useTestShop } from './support/index.ts';

// A built front end's shell, large enough to be compressed per answer.
const webDist = mkdtempSync(join(tmpdir(), 'kavel-web-'));
writeFileSync(join(webDist, 'index.html'), `<!doctype html><html lang="nl"><head><title>Kavel</title><!-- ${'x'.repeat(2000)} --></head><body><div id="root"></div></body></html>`);
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'assets', 'app-C0ffee12.js'), 'export const kavel = 1;\n');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const WEAK_TAG = /^W\/"[\w-]{27}"$/;

/** The cookies an answer sets, as the next request of the same browser sends them. */
const cookiesOf = (response: LightMyRequestResponse) => (response.cookies as Array<{ name: string; value: string }>).map((c) => `${c.name}=${c.value}`).join('; ');

/**
 * A browser's two visits: the first answer, and the same request again with the cookies it set and
 * the ETag it gave in `If-None-Match`.
 */
async function twice(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const first = await app.inject({ method: 'GET', url, headers });
  const cookie = [headers['cookie'], cookiesOf(first)].filter(Boolean).join('; ');
  const again = await app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}), 'if-none-match': String(first.headers.etag) } });
  return { first, again, cookie };
}

describe.each(databaseKinds)('ETags and 304 answers on $name', (kind) => {
  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ app } = shop), { app: { config: { webDist } } });
  afterEach(() => vi.restoreAllMocks());

  it.each(['/api/catalogue', '/api/countries', '/api/producten', '/api/bestellen/sharedHostings', '/api/reseller/v1/openapi.json', '/api/reseller/v1/docs', '/', '/domeinnaam/domeinextensie/nl-domeinnaam-registreren', '/bestelprocedure', '/bestellen'])(
    '%s answers an ETag, and 304 without a body to a client that has it',
    async (url) => {
      for (const encoding of ['br', 'gzip', undefined]) {
        const { first, again } = await twice(app, url, encoding ? { 'accept-encoding': encoding } : {});
        expect(first.statusCode).toBe(200);
        expect(first.headers.etag).toMatch(WEAK_TAG);
        expect(first.rawPayload.length).toBeGreaterThan(0);

        expect(again.statusCode).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        expect(again.headers.etag).toBe(first.headers.etag);
        // The 304 carries what the 200 would about caching: its Cache-Control and Vary.
        expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
        expect(String(again.headers.vary)).toMatch(/accept-encoding/i);
        expect(again.headers['content-type']).toBeUndefined();
        expect(again.headers['content-encoding']).toBeUndefined();
      }
    },
  );

  it('a built asset keeps its own validators (the static files plugin): ETag, Last-Modified and 304', async () => {
    const { first, again } = await twice(app, '/assets/app-C0ffee12.js');
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBeDefined();
    expect(first.headers['last-modified']).toBeDefined();
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('compares weakly and reads a list or *; another tag gets the whole answer', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/countries' });
    const tag = String(first.headers.etag);
    for (const header of [tag, tag.replace(/^W\//, ''), `W/"other", ${tag}`, '*']) {
      const response = await app.inject({ method: 'GET', url: '/api/countries', headers: { 'if-none-match': header } });
      expect(response.statusCode, header).toBe(304);
    }
    const head = await app.inject({ method: 'HEAD', url: '/api/countries', headers: { 'if-none-match': tag } });
    expect(head.statusCode).toBe(304);
    expect(head.rawPayload.length).toBe(0);
    const other = await app.inject({ method: 'GET', url: '/api/countries', headers: { 'if-none-match': 'W/"other"' } });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual(first.json());
    expect(other.headers.etag).toBe(tag);
  });

  it('gives changed content a new ETag, and the old one then gets the whole answer', async () => {
    const before = await app.inject({ method: 'GET', url: '/api/catalogue' });
    const catalogue = servicesOf(app).catalogue;
    const snapshot = await catalogue.snapshot();
    const extensions = snapshot.catalogue.extensions.slice(1);
    vi.spyOn(catalogue, 'snapshot').mockResolvedValue({ ...snapshot, catalogue: { ...snapshot.catalogue, extensions } });

    const after = await app.inject({ method: 'GET', url: '/api/catalogue', headers: { 'if-none-match': String(before.headers.etag) } });
    expect(after.statusCode).toBe(200);
    expect(after.json().extensions).toHaveLength(extensions.length);
    expect(after.headers.etag).toMatch(WEAK_TAG);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('tags a page per visitor and language, kept by the browser only and varying by its cookies', async () => {
    for (const url of ['/bestelprocedure', '/']) {
      const dutch = await twice(app, url);
      expect(dutch.first.headers['cache-control']).toBe('private, no-cache');
      expect(String(dutch.first.headers.vary)).toMatch(/\bcookie\b/i);
      // The same visitor in English: another page, another tag.
      const english = await app.inject({ method: 'GET', url: `${url}?lang=en`, headers: { cookie: dutch.cookie, 'if-none-match': String(dutch.first.headers.etag) } });
      expect(english.statusCode).toBe(200);
      expect(english.body).toContain('lang="en"');
      expect(english.headers.etag).not.toBe(dutch.first.headers.etag);
    }
    // The shell carries the visitor's CSRF token: another visitor's tag is another.
    const [anna, bob] = [await twice(app, '/bestelprocedure'), await twice(app, '/bestelprocedure')];
    expect(anna.first.body).toContain('data-csrf-token=');
    expect(anna.first.headers.etag).not.toBe(bob.first.headers.etag);
    const crossed = await app.inject({ method: 'GET', url: '/bestelprocedure', headers: { cookie: bob.cookie, 'if-none-match': String(anna.first.headers.etag) } });
    expect(crossed.statusCode).toBe(200);
  });

  it('never stores the account area, so gives it no ETag; answers other than 200 get none either', async () => {
    const account = await app.inject({ method: 'GET', url: '/account/facturen' });
    expect(account.statusCode).toBe(200);
    expect(account.headers['cache-control']).toBe('no-store');
    expect(account.headers.etag).toBeUndefined();
    const missing = await app.inject({ method: 'GET', url: '/domeinnaam/domeinextensie/bestaatniet' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const basket = await app.inject({ method: 'GET', url: '/api/bestelprocedure/getBasket' });
    expect(basket.headers.etag).toBeUndefined();
  });
});
