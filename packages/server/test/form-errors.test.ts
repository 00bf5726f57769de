import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { databaseKinds, loginAs, products, TestClient, useTestShop } from './support/index.ts';

/** What a browser sends when a page's form is submitted. */
const browserForm = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', referer: 'http://localhost:80/account/webhosting?domein=nietvanmij.nl' };
const hostingFields = (domain: string) => ({ domain, productCode: products.basic.productCode, productId: String(products.basic.productId) });

describe.each(databaseKinds)('refused form posts on $name', (kind) => {
  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ app } = shop), { demoAccounts: true });

  it('answer a browser with a readable page in its language, with a way back', async () => {
    const customer = await loginAs(app, 'klant@demo.kavel.nl');
    const response = await customer.postForm('/account/webhosting-toevoegen', hostingFields('nietvanmij.nl'), { headers: browserForm });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<h1>Dat lukte niet</h1>');
    expect(response.body).toContain('Niet gevonden.');
    expect(response.body).toContain('href="/account/webhosting?domein=nietvanmij.nl"');
  });

  it('escape what they show and never link back to another site', async () => {
    const visitor = new TestClient(app);
    const response = await visitor.postForm('/account/webhosting-toevoegen', hostingFields('x.nl'), { csrf: false, headers: { ...browserForm, referer: 'https://evil.example/<script>' } });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('Je sessie is verlopen');
    expect(response.body).toContain('href="/bestelprocedure"');
    expect(response.body).not.toContain('evil.example');
  });

  it('keep answering JSON to API callers', async () => {
    const customer = await loginAs(app, 'klant@demo.kavel.nl');
    const response = await customer.postForm('/account/webhosting-toevoegen', hostingFields('nietvanmij.nl'));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Niet gevonden.' });
  });
});
