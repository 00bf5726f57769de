import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseKinds, useTestShop } from './support/index.ts';

const webDist = mkdtempSync(join(tmpdir(), 'kavel-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="nl"><head></head><body><div id="root"></div></body></html>');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describe.each(databaseKinds)('the order app pages on $name', (kind) => {
  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ app } = shop), { app: { config: { webDist } } });

  const statusOf = async (url: string) => (await app.inject({ method: 'GET', url })).statusCode;

  it("serves spec 001's order-app routes as pages", async () => {
    for (const url of ['/bestellen', '/bestellen/', '/bestellen/inloggen', '/bestellen/inloggen?loginError=locked', '/bestellen/gegevens-invullen', '/bestellen/samenvatting', '/bestellen/succesvol-geregistreerd', '/bestellen/succesvol-geregistreerd/piet%40example.nl', '/bestellen/12/overzicht', '/bestellen/12/betalingsstatus']) {
      expect(await statusOf(url), url).toBe(200);
    }
  });

  it('answers 404 for any other path under /bestellen/, as for /errors/404', async () => {
    for (const url of ['/bestellen/bestaat-niet', '/bestellen/12', '/bestellen/12/factuur', '/bestellen/inloggen/extra', '/bestellen/0/overzicht', '/errors/404']) {
      expect(await statusOf(url), url).toBe(404);
    }
    const page = await app.inject({ method: 'GET', url: '/bestellen/bestaat-niet' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="root"');
  });
});
