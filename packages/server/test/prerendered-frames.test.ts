import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseKinds, useTestShop } from './support/index.ts';

// A built front end with the frames the web build prerenders (one per route and language).
const webDist = mkdtempSync(join(tmpdir(), 'kavel-web-'));
mkdirSync(join(webDist, 'assets'));
mkdirSync(join(webDist, 'prerendered'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="nl"><head><title>Kavel</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>');
writeFileSync(join(webDist, 'prerendered', 'domeinnaam.nl.html'), '<main><h1>Domeinnaam registreren of verhuizen</h1><!--$--><p>€ 4,99</p><!--/$--></main>');
writeFileSync(join(webDist, 'prerendered', 'domeinnaam.en.html'), '<main><h1>Register or transfer a domain name</h1></main>');
writeFileSync(join(webDist, 'prerendered', 'bestellen.nl.html'), '<main><h1>Bestellen</h1></main>');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

/** What `#root` holds in the page as served. */
async function rootOf(app: FastifyInstance, url: string, cookie?: string) {
  const response = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const root = /<div id="root"[^>]*>([\s\S]*?)<\/div><script/.exec(response.body)?.[1];
  return { status: response.statusCode, root, body: response.body };
}

describe.each(databaseKinds)('prerendered frames on $name', (kind) => {
  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ app } = shop), { app: { config: { webDist } } });

  it("puts the page's frame in the visitor's language in #root, with the CSRF token on it, exactly as built", async () => {
    const dutch = await rootOf(app, '/domeinnaam');
    expect(dutch.status).toBe(200);
    expect(dutch.root).toBe('<main><h1>Domeinnaam registreren of verhuizen</h1><!--$--><p>€ 4,99</p><!--/$--></main>');
    expect(dutch.body).toMatch(/<div id="root" data-csrf-token="[^"]+"><main>/);
    const english = await rootOf(app, '/domeinnaam', 'kavel_lang=en');
    expect(english.body).toContain('<html lang="en"');
    expect(english.root).toBe('<main><h1>Register or transfer a domain name</h1></main>');
  });

  it('serves the order app entry with its frame with or without the trailing slash', async () => {
    expect((await rootOf(app, '/bestellen/')).root).toBe('<main><h1>Bestellen</h1></main>');
    expect((await rootOf(app, '/bestellen')).root).toBe('<main><h1>Bestellen</h1></main>');
  });

  it('leaves #root empty for an address with a query, a page without a frame and the 404 page', async () => {
    expect((await rootOf(app, '/domeinnaam?lang=en')).root).toBe('');
    expect((await rootOf(app, '/bestelprocedure?domain=bakkerij')).root).toBe('');
    expect((await rootOf(app, '/webhosting')).root).toBe('');
    const unknownScreen = await rootOf(app, '/bestellen/onbekend');
    expect(unknownScreen.status).toBe(404);
    expect(unknownScreen.root).toBe('');
  });
});
