import { describe, expect, it } from 'vitest';
import { matchPage, PAGES, pageHref, type PageName } from './pages.ts';

/** A declared path with its parameters filled in. */
const sample = (path: string) => path.replace(':orderId', '12').replace(':email', 'piet%40example.nl');

describe('the page list', () => {
  it('declares every path once, and each opens its own page', () => {
    const paths = Object.values(PAGES).map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const [name, page] of Object.entries(PAGES) as [PageName, (typeof PAGES)[PageName]][]) {
      expect(matchPage(sample(page.path))?.name, page.path).toBe(name);
      expect(matchPage(`${sample(page.path)}/`)?.name, `${page.path}/`).toBe(name);
    }
  });

  it('reads path parameters, decoded, and refuses an order number that is none', () => {
    expect(matchPage('/bestellen/12/overzicht')).toEqual({ name: 'orderSummary', params: { orderId: '12' } });
    expect(matchPage('/bestellen/succesvol-geregistreerd/piet%40example.nl')).toEqual({ name: 'orderAppRegisteredAs', params: { email: 'piet@example.nl' } });
    for (const path of ['/bestellen/0/overzicht', '/bestellen/abc/betalingsstatus', '/bestellen/1234567890/overzicht', '/bestellen/succesvol-geregistreerd/%ZZ']) {
      expect(matchPage(path), path).toBeNull();
    }
  });

  it('knows no other path', () => {
    for (const path of ['/', '/account/bestaat-niet', '/bestelprocedure/extra', '/bestellenx', '/errors/500', '/domeinnaam/domeinextensie/nl-domeinnaam-registreren']) {
      expect(matchPage(path), path).toBeNull();
    }
  });
});

describe('pageHref', () => {
  it('fills in the parameters and the query, encoded, and leaves out what is undefined', () => {
    expect(pageHref(PAGES.orderSummary, { params: { orderId: 7 } })).toBe('/bestellen/7/overzicht');
    expect(pageHref(PAGES.orderAppRegisteredAs, { params: { email: 'a b@example.nl' } })).toBe('/bestellen/succesvol-geregistreerd/a%20b%40example.nl');
    expect(pageHref(PAGES.orderAppLogin, { search: { loginError: 'locked', returnTo: '/bestellen/samenvatting' } })).toBe('/bestellen/inloggen?loginError=locked&returnTo=%2Fbestellen%2Fsamenvatting');
    expect(pageHref(PAGES.orderAppLogin, { search: { loginError: 'invalid', returnTo: undefined } })).toBe('/bestellen/inloggen?loginError=invalid');
    expect(pageHref(PAGES.orderPage, { search: { finalStep: true } })).toBe('/bestelprocedure?finalStep=true');
    expect(pageHref(PAGES.orderPage, { hash: 'step-1' })).toBe('/bestelprocedure#step-1');
    expect(pageHref(PAGES.terms)).toBe('/algemene-voorwaarden');
  });
});
