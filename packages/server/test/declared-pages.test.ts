import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { matchPage, PAGES } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '../src/http/pages.ts';
import { databaseKinds, useTestShop } from './support/index.ts';

const webDist = mkdtempSync(join(tmpdir(), 'kavel-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="nl"><head></head><body><div id="root"></div></body></html>');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

/** A declared path with its parameters filled in. */
const sample = (path: string) => path.replace(':orderId', '12').replace(':email', 'piet%40example.nl');

describe.each(databaseKinds)("core's page list and the server's page routes on $name", (kind) => {
  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ app } = shop), { app: { config: { webDist } } });

  it('serves every declared page as the shell (the not-found page with its 404)', async () => {
    for (const page of Object.values(PAGES)) {
      const response = await app.inject({ method: 'GET', url: sample(page.path) });
      expect(response.statusCode, page.path).toBe(page === PAGES.notFound ? 404 : 200);
      expect(response.body, page.path).toContain('<div id="root"');
    }
  });

  it('registers no page route that core does not declare', () => {
    for (const route of PAGE_ROUTES.filter((route) => !route.endsWith('/*'))) expect(matchPage(route), route).not.toBeNull();
  });

  it('serves no shell for a path beside the declared ones', async () => {
    for (const url of ['/account/bestaat-niet', '/bestelprocedure/extra', '/algemene-voorwaarden/x', '/webhosting/extra', '/bestellen/12']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).not.toBe(200);
    }
  });
});
