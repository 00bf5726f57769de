import { describe, it, expect } from 'vitest';
import { ZOrderProduct, ZProductType, ZResellerTiers } from '@kavel/core';
import { z } from 'zod';
import extensions from './data/extensions.json' with { type: 'json' };
import promoTiles from './data/promo-tiles.json' with { type: 'json' };
import hostingPackages from './data/hosting-packages.json' with { type: 'json' };
import extraServices from './data/extra-services.json' with { type: 'json' };
import freeInstalls from './data/free-installs.json' with { type: 'json' };
import paymentMethods from './data/payment-methods.json' with { type: 'json' };
import countries from './data/countries.json' with { type: 'json' };
import basketProducts from './data/basket-products.json' with { type: 'json' };
import discountCodes from './data/discount-codes.json' with { type: 'json' };
import orderProducts from './data/order-products.json' with { type: 'json' };
import wellKnownNames from './data/well-known-names.json' with { type: 'json' };
import resellerTiers from './data/reseller-tiers.json' with { type: 'json' };

const ZCents = z.number().int().nonnegative();
const ZProductId = z.number().int().positive();
const ZProductCode = z.string().regex(/^[A-Z0-9_]+$/);

const ZExtension = z.strictObject({
  productId: ZProductId,
  productCode: ZProductCode,
  extension: z.string().regex(/^[a-z0-9]+(\.[a-z0-9]+)?$/),
  originalPrice: ZCents,
  discountedPrice: ZCents,
  transferPrice: ZCents,
  rdapBaseUrl: z.string().regex(/^https:\/\/[a-z0-9.-]+\/([a-z0-9._-]+\/)*$/).nullable(),
  whoisServer: z.string().regex(/^[a-z0-9.-]+(:\d+)?$/).nullable(),
  whoisFreePattern: z.string().min(1).nullable(),
  whoisQuarantinePattern: z.string().min(1).nullable(),
  privacySupported: z.boolean(),
});

const ZHostingPackage = z.strictObject({
  productId: ZProductId,
  productCode: ZProductCode,
  productName: z.string().min(1),
  originalPrice: ZCents,
  discountedPrice: ZCents,
  reseller: z.boolean(),
  mostChosen: z.boolean(),
  diskSpace: z.string().regex(/^\d+(MB|GB) SSD$/),
  dataTraffic: z.string().regex(/^\d+(MB|GB)$/),
  features: z.array(z.string().regex(/^[a-z]+(:[a-z0-9]+)?$/)).min(1),
});

const ZExtraService = z.strictObject({
  productId: ZProductId,
  productCode: ZProductCode,
  productName: z.string().min(1),
  price: ZCents,
});

const ZFreeInstall = z.strictObject({ productId: ZProductId, productCode: ZProductCode, productName: z.string().min(1) });

const ZBasketProduct = z.strictObject({
  productId: ZProductId,
  productCode: ZProductCode,
  productType: z.enum(['REDIRECT', 'TRANSFER_CODE']),
  productName: z.string().min(1),
  price: ZCents,
});

const ZDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const ZDiscountCode = z
  .strictObject({
    code: z.string().regex(/^[A-Z0-9]{3,40}$/),
    percentage: z.number().int().min(1).max(100).nullable(),
    amount: z.number().int().positive().nullable(),
    productTypes: z.array(ZProductType).min(1),
    validFrom: ZDate,
    validUntil: ZDate,
  })
  .refine((c) => (c.percentage === null) !== (c.amount === null), 'a code takes off a percentage or an amount, not both')
  .refine((c) => c.validFrom <= c.validUntil, 'a code is valid for at least a day');

const ZPaymentMethod = z.strictObject({ code: ZProductCode, surcharge: ZCents });

const ZCountry = z.strictObject({
  id: z.number().int(),
  code: z.string().regex(/^[A-Z]{2}$/),
  nameNl: z.string().min(1),
  nameEn: z.string().min(1),
});

const ZWellKnownNames = z.strictObject({
  taken: z.array(z.string().regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/)).min(100),
  quarantine: z.array(z.string().regex(/^[a-z0-9-]+\.[a-z.]+$/)).min(1),
});

function unique<T>(values: T[]): boolean {
  return new Set(values).size === values.length;
}

describe('catalogue data: shapes', () => {
  it('every file matches its schema', () => {
    expect(() => z.array(ZExtension).parse(extensions)).not.toThrow();
    expect(() => z.array(ZHostingPackage).parse(hostingPackages)).not.toThrow();
    expect(() => z.array(ZExtraService).parse(extraServices)).not.toThrow();
    expect(() => z.array(ZFreeInstall).parse(freeInstalls)).not.toThrow();
    expect(() => z.array(ZPaymentMethod).parse(paymentMethods)).not.toThrow();
    expect(() => z.array(ZBasketProduct).parse(basketProducts)).not.toThrow();
    expect(() => z.array(ZDiscountCode).parse(discountCodes)).not.toThrow();
    expect(() => z.array(ZCountry).parse(countries)).not.toThrow();
    expect(() => ZWellKnownNames.parse(wellKnownNames)).not.toThrow();
  });

  it('product ids are unique across the whole catalogue, product codes too', () => {
    const products = [...extensions, ...hostingPackages, ...extraServices, ...freeInstalls, ...basketProducts, ...orderProducts];
    expect(unique(products.map((p) => p.productId))).toBe(true);
    expect(unique(products.map((p) => p.productCode))).toBe(true);
    expect(unique(paymentMethods.map((p) => p.code))).toBe(true);
  });
});

describe('catalogue data: domain extensions', () => {
  it('has at least 40 extensions, unique, in popularity order', () => {
    expect(extensions.length).toBeGreaterThanOrEqual(40);
    expect(unique(extensions.map((e) => e.extension))).toBe(true);
    expect(extensions.slice(0, 11).map((e) => e.extension)).toEqual([
      'nl', 'com', 'eu', 'be', 'de', 'net', 'org', 'online', 'shop', 'amsterdam', 'frl',
    ]);
  });

  it('has promo tiles of sold extensions, each once, more than six (so the collapsible list is used)', () => {
    const sold = new Set(extensions.map((extension) => extension.extension));
    expect(promoTiles.extensions.length).toBeGreaterThan(6);
    expect(new Set(promoTiles.extensions).size).toBe(promoTiles.extensions.length);
    for (const extension of promoTiles.extensions) expect(sold.has(extension), extension).toBe(true);
  });

  it('derives each product code from its extension', () => {
    for (const e of extensions) expect(e.productCode).toBe(`DOMAIN_${e.extension.toUpperCase().replaceAll('.', '_')}`);
  });

  it('has a welcome price no higher than the regular price', () => {
    for (const e of extensions) {
      expect(e.discountedPrice, e.extension).toBeLessThanOrEqual(e.originalPrice);
      expect(e.originalPrice, e.extension).toBeGreaterThan(0);
    }
  });

  it('can ask a registry about every extension', () => {
    for (const e of extensions) {
      expect(e.rdapBaseUrl !== null || e.whoisServer !== null, e.extension).toBe(true);
      if (e.rdapBaseUrl !== null) expect(e.rdapBaseUrl.endsWith('/'), e.extension).toBe(true);
      // A WHOIS server is useless without a way to read its answer.
      if (e.whoisServer !== null) expect(e.whoisFreePattern, e.extension).not.toBeNull();
    }
  });

  it('has WHOIS patterns that compile as regular expressions', () => {
    for (const e of extensions) {
      for (const pattern of [e.whoisFreePattern, e.whoisQuarantinePattern]) {
        if (pattern !== null) expect(() => new RegExp(pattern, 'i'), `${e.extension}: ${pattern}`).not.toThrow();
      }
    }
  });

  it('recognises the .nl registry answers', () => {
    const nl = extensions.find((e) => e.extension === 'nl');
    expect(nl?.rdapBaseUrl).toBe('https://rdap.sidn.nl/');
    expect(new RegExp(nl?.whoisFreePattern ?? '(?!)', 'i').test('mijnbakkerij-xyz.nl is free')).toBe(true);
    expect(new RegExp(nl?.whoisQuarantinePattern ?? '(?!)', 'i').test('opgeheven-bakkerij.nl is in quarantine')).toBe(true);
  });
});

describe('catalogue data: hosting', () => {
  const regular = hostingPackages.filter((p) => !p.reseller);
  const resellers = hostingPackages.filter((p) => p.reseller);

  it('offers seven packages and four reseller plans', () => {
    expect(regular).toHaveLength(7);
    expect(resellers).toHaveLength(4);
  });

  it('discounts never exceed the regular monthly price', () => {
    for (const p of hostingPackages) expect(p.discountedPrice, p.productName).toBeLessThanOrEqual(p.originalPrice);
  });

  it('prices rise with the package', () => {
    for (const list of [regular, resellers]) {
      for (let i = 1; i < list.length; i++) {
        expect(list[i]!.originalPrice, list[i]!.productName).toBeGreaterThan(list[i - 1]!.originalPrice);
      }
    }
  });

  it('has Intro as the cheapest package', () => {
    const intro = regular.find((p) => p.productName.includes('Intro'));
    expect(intro).toBeDefined();
    expect(Math.min(...regular.map((p) => p.originalPrice))).toBe(intro!.originalPrice);
  });

  it('marks only Reseller basic as most chosen', () => {
    expect(hostingPackages.filter((p) => p.mostChosen).map((p) => p.productName)).toEqual(['Reseller basic']);
  });

  it('includes SSL and PHP everywhere', () => {
    for (const p of hostingPackages) expect(p.features, p.productName).toEqual(expect.arrayContaining(['ssl:free', 'php']));
  });

  it('has a free website migration', () => {
    expect(extraServices.find((s) => s.productName === 'Gratis website migratie')?.price).toBe(0);
  });
});

describe("catalogue data: the order app's SSL certificates, Cloudflare plans and VPS packages", () => {
  // As the catalogue reads a row: the type's details beside the common columns.
  const products = orderProducts.map(({ details, ...row }) => ZOrderProduct.parse({ ...details, ...row }));
  const ofType = (...types: string[]) => products.filter((p) => types.includes(p.type));

  it('every product matches the schema of its type, with a product code of capitals', () => {
    for (const product of orderProducts) expect(product.productCode).toMatch(/^[A-Z0-9_]+$/);
    expect(products).toHaveLength(orderProducts.length);
  });

  it("sells RapidSSL insured for €50,000, two GeoTrust business certificates for €250,000, a wildcard and a multi-domain certificate (spec 001 section 9)", () => {
    const ssl = ofType('ssl', 'sslmultidomains');
    expect(ssl.find((p) => p.productName === 'RapidSSL')).toMatchObject({ type: 'ssl', insuredValue: 50_000, period: 'YEARLY' });
    const geoTrust = ssl.filter((p) => p.type !== 'cloudflare' && p.type !== 'vpspackage' && p.brand === 'GeoTrust');
    expect(geoTrust).toHaveLength(2);
    for (const product of geoTrust) expect(product).toMatchObject({ insuredValue: 250_000 });
    expect(ssl.some((p) => 'wildcard' in p && p.wildcard)).toBe(true);
    expect(ofType('sslmultidomains')[0]).toMatchObject({ includedNames: expect.any(Number) });
    expect((ofType('sslmultidomains')[0] as { includedNames: number }).includedNames).toBeGreaterThan(1);
  });

  it('offers the Cloudflare plans Pro and Business, per month', () => {
    expect(ofType('cloudflare').map((p) => [p.productName, p.period])).toEqual([
      ['Cloudflare Pro', 'MONTHLY'],
      ['Cloudflare Business', 'MONTHLY'],
    ]);
  });

  it('offers at least four VPS packages, per month, growing in price and in every part of the specification', () => {
    const vps = ofType('vpspackage') as Array<Extract<(typeof products)[number], { type: 'vpspackage' }>>;
    expect(vps.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < vps.length; i++) {
      expect(vps[i]!.price).toBeGreaterThan(vps[i - 1]!.price);
      for (const part of ['vCpu', 'memoryGb', 'diskGb', 'trafficTb'] as const) expect(vps[i]!.spec[part], `${vps[i]!.productName} ${part}`).toBeGreaterThan(vps[i - 1]!.spec[part]);
    }
  });
});

describe('catalogue data: redirect, transfer code and discount codes', () => {
  it('has one redirect product, charged per year, and a free transfer code', () => {
    expect(basketProducts.map((p) => [p.productType, p.productCode])).toEqual([
      ['REDIRECT', 'REDIRECT'],
      ['TRANSFER_CODE', 'TRANSFER_CODE'],
    ]);
    expect(basketProducts.find((p) => p.productType === 'TRANSFER_CODE')?.price).toBe(0);
    expect(basketProducts.find((p) => p.productType === 'REDIRECT')?.price).toBeLessThanOrEqual(500);
  });

  it('has unique codes, among them a welcome percentage on hosting and a fixed amount for 2026', () => {
    expect(unique(discountCodes.map((c) => c.code))).toBe(true);
    expect(discountCodes.find((c) => c.code === 'WELKOM10')).toMatchObject({ percentage: 10, productTypes: ['LINUX_PACKAGE'] });
    expect(discountCodes.find((c) => c.code === 'KAVEL2026')).toMatchObject({ percentage: null, validFrom: '2026-01-01', validUntil: '2026-12-31' });
  });
});

describe('catalogue data: payment methods', () => {
  it('lists ONLINE first', () => {
    expect(paymentMethods[0]?.code).toBe('ONLINE');
  });
});

describe('catalogue data: countries', () => {
  it('has 249 countries with ids 1 to 249', () => {
    expect(countries).toHaveLength(249);
    expect(countries.map((c) => c.id)).toEqual(Array.from({ length: 249 }, (_, i) => i + 1));
    expect(unique(countries.map((c) => c.code))).toBe(true);
  });

  it('keeps the ids the order app uses', () => {
    const idOf = (code: string) => countries.find((c) => c.code === code)?.id;
    expect(idOf('NL')).toBe(154);
    expect(idOf('SX')).toBe(204);
    expect(idOf('MF')).toBe(205);
  });

  it('is sorted by Dutch name, ignoring accents and punctuation', () => {
    const key = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]/g, '');
    const keys = countries.map((c) => key(c.nameNl));
    expect(keys).toEqual([...keys].sort());
  });
});

describe('catalogue data: well-known names', () => {
  it('has unique lower-case labels and quarantine domains', () => {
    expect(unique(wellKnownNames.taken)).toBe(true);
    expect(unique(wellKnownNames.quarantine)).toBe(true);
    expect(wellKnownNames.taken).toEqual(expect.arrayContaining(['google', 'bol', 'coolblue', 'rabobank', 'transip']));
  });

  it('has quarantine domains in extensions that are for sale', () => {
    const sold = new Set(extensions.map((e) => e.extension));
    for (const domain of wellKnownNames.quarantine) expect(sold.has(domain.slice(domain.indexOf('.') + 1)), domain).toBe(true);
  });

  it('has reseller tiers that grow with the staffel, and introduction steps that grow with the quantity', () => {
    const tiers = ZResellerTiers.parse(resellerTiers);
    const staffels = tiers.staffels.map((tier) => tier.staffel);
    expect(staffels).toEqual([...staffels].sort((a, b) => a - b));
    expect(new Set(staffels).size).toBe(staffels.length);
    for (let i = 1; i < tiers.staffels.length; i++) {
      expect(tiers.staffels[i]!.domainDiscountPercent).toBeGreaterThanOrEqual(tiers.staffels[i - 1]!.domainDiscountPercent);
      expect(tiers.staffels[i]!.hostingDiscountPercent).toBeGreaterThanOrEqual(tiers.staffels[i - 1]!.hostingDiscountPercent);
    }
    for (let i = 1; i < tiers.introduction.length; i++) {
      expect(tiers.introduction[i]!.minimumRegistrations).toBeGreaterThan(tiers.introduction[i - 1]!.minimumRegistrations);
      expect(tiers.introduction[i]!.firstYearDiscountPercent).toBeGreaterThan(tiers.introduction[i - 1]!.firstYearDiscountPercent);
    }
    // The demo reseller's staffel is one of them.
    expect(staffels).toContain(2);
  });
});
