import type { TOrderProduct, TLocalBasket } from '@kavel/core';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors.ts';
import type { CatalogueSnapshot, ExtensionRecord } from '../catalogue/catalogue-service.ts';
import { convertLocalBasket, orderProblem, type ConversionContext, type CustomerProducts } from './order-app-items.ts';

const nl = { productId: 1001, productCode: 'DOMAIN_NL', productName: '.nl', extension: 'nl', originalPrice: 799, discountedPrice: 199, transferPrice: 499 } as ExtensionRecord;
const products: TOrderProduct[] = [
  { productId: 6001, productCode: 'SSL_RAPIDSSL', productName: 'RapidSSL', type: 'ssl', price: 2495, period: 'YEARLY', brand: 'RapidSSL', validation: 'DV', insuredValue: 50000, wildcard: false, includedNames: 1, extraNamePrice: null },
  { productId: 6004, productCode: 'SSL_WILDCARD', productName: 'Wildcard', type: 'ssl', price: 12900, period: 'YEARLY', brand: 'RapidSSL', validation: 'DV', insuredValue: 50000, wildcard: true, includedNames: 1, extraNamePrice: null },
  { productId: 6005, productCode: 'SSL_MULTI', productName: 'Multi', type: 'sslmultidomains', price: 8900, period: 'YEARLY', brand: 'Sectigo', validation: 'DV', insuredValue: 10000, wildcard: false, includedNames: 3, extraNamePrice: 1500 },
  { productId: 6101, productCode: 'CLOUDFLARE_PRO', productName: 'Cloudflare Pro', type: 'cloudflare', price: 2000, period: 'MONTHLY', features: [] },
];
const snapshot = {
  extensionsByName: new Map([['nl', nl]]),
  hostingById: new Map(),
  orderProductsById: new Map(products.map((product) => [product.productId, product])),
} as unknown as CatalogueSnapshot;

const bakery: CustomerProducts = { domains: [{ id: 1, name: 'goudenkorst.nl' }, { id: 2, name: 'goudenkorst-webshop.com' }], hostingByDomain: new Map(), cloudflareDomains: new Set(['goudenkorst-webshop.com']) };

function context(overrides: Partial<ConversionContext> = {}): ConversionContext {
  return { snapshot, products: bakery, isFree: async () => true, locale: 'nl', ...overrides };
}

async function refusalOf(local: TLocalBasket, ctx = context()): Promise<HttpError> {
  const error = await convertLocalBasket(local, ctx).then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof HttpError)) throw new Error('expected a refusal');
  return error;
}

describe('converting the stored local basket', () => {
  it('makes a taken domain a transfer that needs its code, and refuses the customer\'s own with 409', async () => {
    const taken = await convertLocalBasket({ type: 'domain', productId: 1001, productCode: 'DOMAIN_NL', domain: 'bakker.nl', transfer: false }, context({ isFree: async () => false }));
    expect(taken.item).toMatchObject({ available: false, token: null });
    expect(taken.stored).toMatchObject({ transfer: true });
    expect(taken.pricing).toEqual({ per: 'year', price: 499 });
    expect(orderProblem(taken.item, 'nl')?.fieldErrors).toEqual({ token: 'Vul de verhuiscode in.' });
    const free = await convertLocalBasket({ type: 'domain', productId: 1001, productCode: 'DOMAIN_NL', domain: 'bakker.nl', transfer: true, token: 'X' }, context());
    expect(free.item).toMatchObject({ available: true, token: null });
    expect(free.pricing).toMatchObject({ per: 'year', price: 799, firstYear: { price: 199 } });
    const owned = await refusalOf({ type: 'domain', productId: 1001, productCode: 'DOMAIN_NL', domain: 'goudenkorst.nl', transfer: true });
    expect(owned.statusCode).toBe(409);
    expect(owned.message).toBe('Dit domein is al in uw bezit.');
    // A visitor's ownership is not known yet: the name is just taken.
    await expect(convertLocalBasket({ type: 'domain', productId: 1001, productCode: 'DOMAIN_NL', domain: 'goudenkorst.nl', transfer: true }, context({ products: null, isFree: async () => false }))).resolves.toMatchObject({ item: { available: false } });
  });

  it('checks a certificate\'s names against the product, and prices names beyond the included ones', async () => {
    expect((await refusalOf({ type: 'ssl', productId: 6001, productCode: 'SSL_RAPIDSSL', commonName: '*.goudenkorst.nl' })).fieldErrors).toHaveProperty('commonName');
    expect((await refusalOf({ type: 'ssl', productId: 6004, productCode: 'SSL_WILDCARD', commonName: 'goudenkorst.nl' })).statusCode).toBe(400);
    await expect(convertLocalBasket({ type: 'ssl', productId: 6004, productCode: 'SSL_WILDCARD', commonName: '*.goudenkorst.nl' }, context())).resolves.toMatchObject({ item: { commonName: '*.goudenkorst.nl' } });
    const multi = await convertLocalBasket({ type: 'sslmultidomains', productId: 6005, productCode: 'SSL_MULTI', commonName: 'a.nl', assignedDomains: ['a.nl', 'b.nl', 'c.nl', 'd.nl', 'd.nl'] }, context());
    expect(multi.item.assignedDomains).toEqual(['b.nl', 'c.nl', 'd.nl']);
    expect(multi.pricing).toEqual({ per: 'year', price: 8900 + 1500 });
    expect((await refusalOf({ type: 'ssl', productId: 6005, productCode: 'SSL_MULTI', commonName: 'a.nl' })).statusCode).toBe(400);
  });

  it("offers Cloudflare only for the customer's unprotected domains", async () => {
    const open = await convertLocalBasket({ type: 'cloudflare', productId: 6101, productCode: 'CLOUDFLARE_PRO' }, context());
    expect(open.item.existingDomainProducts).toEqual([{ id: 1, title: 'goudenkorst.nl' }]);
    expect(orderProblem(open.item, 'nl')?.fieldErrors).toEqual({ assignedDomain: 'Kies een domein.' });
    expect((await refusalOf({ type: 'cloudflare', productId: 6101, productCode: 'CLOUDFLARE_PRO', assignedDomain: 'goudenkorst-webshop.com' })).statusCode).toBe(409);
    expect((await refusalOf({ type: 'cloudflare', productId: 6101, productCode: 'CLOUDFLARE_PRO', assignedDomain: 'elders.nl' })).statusCode).toBe(400);
    const chosen = await convertLocalBasket({ type: 'cloudflare', productId: 6101, productCode: 'CLOUDFLARE_PRO', assignedDomain: 'goudenkorst.nl' }, context());
    expect(orderProblem(chosen.item, 'nl')).toBeNull();
  });

  it('refuses a product id and code that do not belong together', async () => {
    expect((await refusalOf({ type: 'ssl', productId: 6101, productCode: 'CLOUDFLARE_PRO', commonName: 'a.nl' })).statusCode).toBe(400);
    expect((await refusalOf({ type: 'vpspackage', productId: 6001, productCode: 'SSL_RAPIDSSL' })).statusCode).toBe(400);
  });
});
