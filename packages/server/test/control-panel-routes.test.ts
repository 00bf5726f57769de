import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { databaseKinds, freshClient, loginAs, useTestShop } from './support/index.ts';

describe.each(databaseKinds)('the control panel leads into the account area on $name', (kind) => {
  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ app } = shop), { demoAccounts: true });

  // The former control panel's pages, and where each leads.
  const paths: [string, string][] = [
    ['/control-panel', '/account/'],
    ['/control-panel/', '/account/'],
    ['/control-panel/domeinen/overzicht?x=1', '/account/'],
    // The admin-fee notice's link: the account's data page, with the way back to the order.
    ['/control-panel/administratie/gegevens-aanpassen/?from=shop', '/account/gegevens?from=shop'],
    ['/control-panel/administratie/gegevens-aanpassen', '/account/gegevens'],
    ['/control-panel/administratie/gegevens-aanpassen/?from=elders', '/account/gegevens'],
  ];

  it.each(paths)('%s answers 302 to %s for a visitor', async (path, target) => {
    const answer = await freshClient(app).get(path);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(target);
  });

  it('sends a logged-in customer to the same places', async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    for (const [path, target] of paths) {
      const answer = await bakery.get(path);
      expect(answer.statusCode, path).toBe(302);
      expect(answer.headers.location, path).toBe(target);
    }
  });

  it('answers only GET: a post to the control panel is 405, with the methods it has', async () => {
    const answer = await freshClient(app).post('/control-panel/administratie/gegevens-aanpassen', {});
    expect(answer.statusCode).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
  });
});
