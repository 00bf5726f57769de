import { formatEuro } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import extensions from '../src/features/catalogue/data/extensions.json' with { type: 'json' };
import promoTiles from '../src/features/catalogue/data/promo-tiles.json' with { type: 'json' };
import { HOME_CSS_PATH } from '../src/features/home/home-style.ts';
import { databaseKinds, useTestShop } from './support/index.ts';

const tileLinks = (html: string) => [...html.matchAll(/<a class="tile" href="([^"]+)" data-extension="([^"]+)"/g)].map((match) => ({ href: match[1]!, extension: match[2]! }));
const euro = (cents: number) => formatEuro(cents, 'nl');

describe.each(databaseKinds)('the home page and the extension pages on $name', (kind) => {
  let app: FastifyInstance;
  useTestShop(kind, (shop) => ({ app } = shop));

  it('renders the search into step 1 and every promo tile: six shown, the rest (the seventh too) in a list that opens', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;
    expect(html).toMatch(/<form class="search" action="\/bestelprocedure" method="get" role="search"/);
    expect(html).toContain('name="domain"');
    // No script: the first paint needs nothing but this answer and the stylesheet.
    expect(html).not.toContain('<script');
    expect(html).toContain(`<link rel="stylesheet" href="${HOME_CSS_PATH}">`);

    const [shown, more] = html.split('<details class="more"');
    expect(tileLinks(shown!).map((tile) => tile.extension)).toEqual(promoTiles.extensions.slice(0, 6));
    expect(tileLinks(more!).map((tile) => tile.extension)).toEqual(promoTiles.extensions.slice(6));
    expect(tileLinks(more!)[0]!.extension).toBe(promoTiles.extensions[6]);
    for (const tile of tileLinks(html)) expect(tile.href).toBe(`/domeinnaam/domeinextensie/${tile.extension}-domeinnaam-registreren`);
    const nl = extensions.find((extension) => extension.extension === 'nl')!;
    expect(html).toContain(`<span class="tile__price">${euro(nl.discountedPrice)}</span>`);
    expect(html).toContain('Actieprijzen gelden alleen voor het eerste jaar. Alle prijzen zijn exclusief 21% btw.');
  });

  it('speaks English when asked, and keeps it', async () => {
    const english = await app.inject({ method: 'GET', url: '/?lang=en' });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('Domain extensions on offer');
    const cookie = english.cookies.find((c) => c.name === 'kavel_lang');
    expect(cookie?.value).toBe('en');
    const again = await app.inject({ method: 'GET', url: '/domeinnaam/domeinextensie/eu-domeinnaam-registreren', cookies: { kavel_lang: 'en' } });
    expect(again.body).toContain('Register a .eu domain name');
  });

  it('shows an extension page with its first-year price excl. VAT and a search for that extension', async () => {
    const response = await app.inject({ method: 'GET', url: '/domeinnaam/domeinextensie/com-domeinnaam-registreren' });
    expect(response.statusCode).toBe(200);
    const com = extensions.find((extension) => extension.extension === 'com')!;
    expect(response.body).toContain('<h1>.com domeinnaam registreren</h1>');
    expect(response.body).toContain(`${euro(com.discountedPrice)} het eerste jaar`);
    expect(response.body).toContain(`daarna ${euro(com.originalPrice)} per jaar`);
    expect(response.body).toContain('<input type="hidden" name="extension" value="com">');
    // The other tiles, not this one.
    expect(tileLinks(response.body).map((tile) => tile.extension)).not.toContain('com');
    // A sold extension that has no tile has its page too; upper case finds it.
    const amsterdam = await app.inject({ method: 'GET', url: '/domeinnaam/domeinextensie/AMSTERDAM-domeinnaam-registreren' });
    expect(amsterdam.statusCode).toBe(200);
  });

  it('answers 404 with a page for an extension it does not sell or a path that is no extension page', async () => {
    for (const url of ['/domeinnaam/domeinextensie/qqq-domeinnaam-registreren', '/domeinnaam/domeinextensie/nl', '/domeinnaam/domeinextensie/%3Cscript%3E-domeinnaam-registreren']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('Deze extensie verkopen we niet');
      expect(response.body).not.toContain('<script>');
    }
  });

  it('serves the stylesheet for a year, without a session', async () => {
    const response = await app.inject({ method: 'GET', url: HOME_CSS_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
