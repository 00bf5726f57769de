import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { createRecaptchaCaptcha } from '../src/ports/captcha/index.ts';
import { buildTestApp, databaseKinds, useTestShop } from './support/index.ts';

const webDist = mkdtempSync(join(tmpdir(), 'kavel-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'assets', 'favicon-Ab12.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="nl"><head><link rel="icon" href="/assets/favicon-Ab12.svg" type="image/svg+xml" /></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

/** `default-src 'self'; script-src 'self' …` -> { 'default-src': ["'self'"], … } */
function directives(header: string): Record<string, string[]> {
  const parsed: Record<string, string[]> = {};
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) parsed[name.toLowerCase()] = values;
  }
  return parsed;
}

const cspOf = async (app: FastifyInstance, url: string) => {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return String(response.headers['content-security-policy'] ?? '');
};

const PAGES = ['/bestelprocedure', '/bestellen/', '/account', '/algemene-voorwaarden'];

describe.each(databaseKinds)('public pages on $name', (kind) => {
  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ app } = shop), { app: { config: { webDist } } });

  it('sends a CSP that allows neither eval nor inline scripts on every page', async () => {
    for (const url of PAGES) {
      const csp = await cspOf(app, url);
      const parsed = directives(csp);
      expect(parsed['script-src'], url).toEqual(["'self'"]);
      expect(parsed['default-src'], url).toEqual(["'self'"]);
      expect(csp, url).not.toMatch(/unsafe-eval|unsafe-inline|unsafe-hashes/);
    }
  });

  it('serves robots.txt as plain text that lets crawlers see the pages but not the API, without a cookie', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['set-cookie']).toBeUndefined();
    const lines = response.body.split('\n').map((line) => line.trim());
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /api/');
    expect(lines.filter((line) => /^Disallow:/i.test(line))).toEqual(['Disallow: /api/']);
  });

  it("sends a browser's /favicon.ico to the shop's SVG icon", async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(/^\/assets\/favicon-[\w-]+\.svg$/);
    expect((await app.inject({ method: 'GET', url: String(response.headers.location) })).statusCode).toBe(200);
  });
});

describe.each(databaseKinds.slice(0, 1))('the CSP with reCAPTCHA chosen, on $name', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await kind.open();
    const captcha = createRecaptchaCaptcha({ siteKey: 'site', secretKey: 'secret', verifyUrl: 'http://127.0.0.1:9/siteverify' });
    app = await buildTestApp(database, { captcha, config: { webDist } });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("adds Google's origins for the widget but still no eval", async () => {
    const csp = await cspOf(app, '/bestelprocedure');
    const scriptSources = directives(csp)['script-src'] ?? [];
    expect(scriptSources[0]).toBe("'self'");
    expect(scriptSources.some((source) => source.includes('google'))).toBe(true);
    expect(csp).not.toMatch(/unsafe-eval|unsafe-inline/);
  });
});
