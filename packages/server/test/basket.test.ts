import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZBasket, type TBasket } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect.ts';
import { seedCatalogue } from '../src/features/catalogue/catalogue-seed.ts';
import extensions from '../src/features/catalogue/data/extensions.json' with { type: 'json' };
import { useTestShop, buildTestApp, databaseKinds, TestClient } from './support/index.ts';

const nl = extensions.find((e) => e.extension === 'nl')!;
const com = extensions.find((e) => e.extension === 'com')!;
const add = (client: TestClient, product: typeof nl, title: string) =>
  client.post('/api/bestelprocedure/addItem', { productId: product.productId, productCode: product.productCode, title });
const basketOf = (body: string): TBasket => ZBasket.parse(JSON.parse(body));

describe.each(databaseKinds)('basket on $name', (kind) => {
  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ app } = shop));

  it('starts empty', async () => {
    const response = await new TestClient(app).get('/api/bestelprocedure/getBasket');
    expect(response.statusCode).toBe(200);
    expect(basketOf(response.body)).toMatchObject({ empty: true, items: [], totalPricePerPeriodIncludeTax: 0, period: 'YEARLY' });
  });

  it('adds a free domain as a registration at the welcome price and a taken one as a transfer', async () => {
    const client = new TestClient(app);
    const first = await add(client, nl, 'mijnbakkerij.nl');
    expect(first.statusCode).toBe(200);
    const basket = basketOf((await add(client, com, 'google.com')).body);
    expect(basket.items.map((i) => [i.title, i.productType, i.discountedPricePerPeriod, i.originalPricePerPeriod])).toEqual([
      ['mijnbakkerij.nl', 'DOMAIN', nl.discountedPrice, nl.originalPrice],
      ['google.com', 'DOMAIN_TRANSFER', com.transferPrice, com.transferPrice],
    ]);
    const excl = nl.discountedPrice + com.transferPrice;
    expect(basket.totalPricePerPeriodExcludeTax).toBe(excl);
    expect(basket.totalTaxPricePerPeriod).toBe(Math.round(excl * 0.21));
    expect(basket.totalPricePerPeriodIncludeTax).toBe(excl + Math.round(excl * 0.21));
    expect(basket.totalDiscountPerPeriodExcludeTax).toBe(nl.originalPrice - nl.discountedPrice);
    expect(basket.hasDiscount).toBe(nl.originalPrice > nl.discountedPrice);
    expect(basket.includeVatRate).toBe(0.21);
    expect(basket.allBasketItems).toHaveLength(2);
  });

  it('does not add the same domain twice, even when asked at the same time', async () => {
    const client = new TestClient(app);
    await client.get('/api/bestelprocedure/getBasket');
    await Promise.all([add(client, nl, 'dubbel.nl'), add(client, nl, 'dubbel.nl'), add(client, nl, 'DUBBEL.nl')]);
    const basket = basketOf((await client.get('/api/bestelprocedure/getBasket')).body);
    expect(basket.items.map((i) => i.title)).toEqual(['dubbel.nl']);
  });

  it('removes by unique and by domain name, and only from the own basket', async () => {
    const alice = new TestClient(app);
    const bob = new TestClient(app);
    const aliceBasket = basketOf((await add(alice, nl, 'alice.nl')).body);
    await add(alice, com, 'alice.com');
    const unique = aliceBasket.items[0]!.unique;
    await add(bob, nl, 'bob.nl');

    const bobTry = await bob.post('/api/bestelprocedure/removeItem', { unique });
    expect(bobTry.statusCode).toBe(200);
    expect(basketOf((await alice.get('/api/bestelprocedure/getBasket')).body).items).toHaveLength(2);

    const afterRemove = basketOf((await alice.post('/api/bestelprocedure/removeItem', { unique })).body);
    expect(afterRemove.items.map((i) => i.title)).toEqual(['alice.com']);
    const afterDomain = basketOf((await alice.post('/api/bestelprocedure/removeDomain', { domainName: 'alice.com' })).body);
    expect(afterDomain.empty).toBe(true);
  });

  it('refuses invalid names and unknown products with a message, changing nothing', async () => {
    const client = new TestClient(app);
    // The name's rule in the search field's words (packages/core domain-name-texts).
    const refusals: Record<string, string> = {
      'a--b.nl': 'Ongeldige domeinnaam. Een domeinnaam mag geen twee streepjes na elkaar hebben.',
      '-ab.nl': 'Ongeldige domeinnaam. Een domeinnaam mag niet met een streepje beginnen.',
      'abc-.nl': 'Ongeldige domeinnaam. Een domeinnaam mag niet op een streepje eindigen.',
      'zö-ë.nl': 'Ongeldige domeinnaam. Letters met accenten (zoals ö en ë) worden nog niet ondersteund.',
      'ab.nl': 'Ongeldige domeinnaam. Een domeinnaam heeft minstens 3 tekens (zonder extensie).',
      [`${'a'.repeat(64)}.nl`]: 'Ongeldige domeinnaam. Een domeinnaam heeft hoogstens 63 tekens (zonder extensie).',
      'xn--bcher-kva.nl': 'Ongeldige domeinnaam. Domeinnamen met speciale tekens (IDN, xn--…) kunnen nog niet worden besteld.',
      'mijnbakkerij.com': 'Ongeldige domeinnaam.',
    };
    for (const [title, refusal] of Object.entries(refusals)) {
      const response = await add(client, nl, title);
      expect(response.statusCode, title).toBe(400);
      expect(JSON.parse(response.body).message, title).toBe(refusal);
    }
    const english = new TestClient(app);
    await english.get('/bestelprocedure?lang=en');
    const idn = await add(english, nl, 'xn--bcher-kva.nl');
    expect(idn.statusCode).toBe(400);
    expect(JSON.parse(idn.body).message).toBe('Invalid domain name. Domain names with special characters (IDN, xn--…) cannot be ordered yet.');
    const wrongCode = await client.post('/api/bestelprocedure/addItem', { productId: nl.productId, productCode: 'DOMAIN_COM', title: 'x-y-z.nl' });
    expect(wrongCode.statusCode).toBe(400);
    const missing = await client.post('/api/bestelprocedure/addItem', { productCode: 'DOMAIN_NL' });
    expect(missing.statusCode).toBe(400);
    expect(JSON.parse(missing.body).fieldErrors).toHaveProperty('productId');
    expect(basketOf((await client.get('/api/bestelprocedure/getBasket')).body).empty).toBe(true);
  });

  it('refuses a domain in quarantine', async () => {
    const response = await add(new TestClient(app), nl, 'quarantaine-voorbeeld.nl');
    expect(response.statusCode).toBe(409);
  });

  it('refuses mutations without the CSRF token and changes nothing', async () => {
    const client = new TestClient(app);
    const refused = await client.post(
      '/api/bestelprocedure/addItem',
      { productId: nl.productId, productCode: nl.productCode, title: 'zonder-token.nl' },
      { csrf: false },
    );
    expect(refused.statusCode).toBe(403);
    const wrongToken = await app.inject({
      method: 'POST',
      url: '/api/bestelprocedure/addItem',
      headers: { cookie: `kavel_session=${client.cookies.get('kavel_session')}`, 'x-xsrf-token': 'forged', 'content-type': 'application/json' },
      payload: { productId: nl.productId, productCode: nl.productCode, title: 'zonder-token.nl' },
    });
    expect(wrongToken.statusCode).toBe(403);
    expect(basketOf((await client.get('/api/bestelprocedure/getBasket')).body).empty).toBe(true);
  });
});

describe('basket persistence', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kavel-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('survives a server restart on the embedded database', async () => {
    const start = async () => {
      const database = await openDatabase({ kind: 'pglite', dataDir });
      await seedCatalogue(database.db);
      return { database, app: await buildTestApp(database) };
    };
    const first = await start();
    const client = new TestClient(first.app);
    await add(client, nl, 'blijft-bewaard.nl');
    await first.app.close();
    await first.database.close();

    const second = await start();
    const again = new TestClient(second.app);
    for (const [k, v] of client.cookies) again.cookies.set(k, v);
    const basket = basketOf((await again.get('/api/bestelprocedure/getBasket')).body);
    expect(basket.items.map((i) => i.title)).toEqual(['blijft-bewaard.nl']);
    await second.app.close();
    await second.database.close();
  });
});
