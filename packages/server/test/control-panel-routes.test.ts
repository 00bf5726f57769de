import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { databaseKinds, freshClient, loginAs, useTestShop } from './support/index.ts';

describe.each(databaseKinds)('the control panel leads into the account area on $name', (kind) => {
  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ app } = shop), { demoAccounts: true });

  const paths = [
    '/control-panel',
    '/control-panel/',
    '/control-panel/administratie/gegevens-aanpassen/?from=shop',
    '/control-panel/administratie/gegevens-aanpassen',
    '/control-panel/domeinen/overzicht?x=1',
  ];

  it.each(paths)('%s answers 302 to /account/ for a visitor', async (path) => {
    const answer = await freshClient(app).get(path);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('/account/');
  });

  it('sends a logged-in customer to the same place, the query left behind', async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    for (const path of paths) {
      const answer = await bakery.get(path);
      expect(answer.statusCode, path).toBe(302);
      expect(answer.headers.location, path).toBe('/account/');
    }
  });

  it('answers only GET: a post to the control panel is a path that does not exist', async () => {
    const answer = await freshClient(app).post('/control-panel/administratie/gegevens-aanpassen', {});
    expect(answer.statusCode).toBe(404);
  });
});
