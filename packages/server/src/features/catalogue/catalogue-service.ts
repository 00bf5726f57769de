import { asc, eq } from 'drizzle-orm';
import { ZOrderProduct, ZPaymentMethodCode, ZResellerTiers, type TResellerTiers, type TCloudflarePlan, type TOrderProduct, type TOrderProducts, type TSslProduct, type TVpsPackage, type TPaymentMethodCode, type TSharedHosting } from '@kavel/core';
import type { DiscountCodeRule, TBasketProduct, TCatalogue, TCountry, TDomainExtensionProduct, TFreeInstall, TExtraService, THostingPackage } from '@kavel/core';
import type { Database } from '../../db/connect.ts';
import { basketProducts, countries, discountCodes, domainExtensions, extraServices, freeInstalls, hostingPackages, orderProducts, paymentMethods } from '../../db/schema/index.ts';
import type { RegistrySettings } from '../../ports/registry/registry-port.ts';
import promoTiles from './data/promo-tiles.json' with { type: 'json' };
import resellerTierData from './data/reseller-tiers.json' with { type: 'json' };

/** The reseller tiers (catalogue data, checked once at start). */
const resellerTiers = ZResellerTiers.parse(resellerTierData);

export interface ExtensionRecord extends TDomainExtensionProduct {
  registry: RegistrySettings;
  /** Whether the registry lets the holder's data be hidden (the DNS page's privacy protection). */
  privacySupported: boolean;
}

/** A payment method the shop offers, with its surcharge in cents excl. VAT. */
export interface OfferedPaymentMethod {
  code: TPaymentMethodCode;
  surcharge: number;
}

export interface CatalogueSnapshot {
  catalogue: TCatalogue;
  extensionsByName: Map<string, ExtensionRecord>;
  extensionsById: Map<number, ExtensionRecord>;
  hostingById: Map<number, THostingPackage>;
  extrasById: Map<number, TExtraService>;
  freeInstallsById: Map<number, TFreeInstall>;
  basketProductsById: Map<number, TBasketProduct>;
  /** Not part of the public catalogue: a code is something to know, not to list. */
  discountCodes: Map<string, DiscountCodeRule>;
  /** The order app's SSL certificates, Cloudflare plans and VPS packages, in catalogue order. */
  orderProducts: TOrderProducts;
  orderProductsById: Map<number, TOrderProduct>;
  /** The shared (not reseller) hosting packages as the order app lists them. */
  sharedHostings: TSharedHosting[];
  /** Active payment methods in catalogue order; codes this version does not know are left out. */
  paymentMethods: OfferedPaymentMethod[];
  /** The home page's promo tiles (spec 001 section 2), in order: extensions on sale with their first-year price. */
  promoTiles: TDomainExtensionProduct[];
  /** The reseller tiers: staffel discounts and the first-year introduction discount. */
  resellerTiers: TResellerTiers;
}

export interface CatalogueService {
  snapshot(): Promise<CatalogueSnapshot>;
  countries(): Promise<TCountry[]>;
}

/** A hosting package as spec 001's shared hosting: the number of websites from its `websites:N` feature. */
function sharedHostingOf(hosting: THostingPackage): TSharedHosting {
  const websites = hosting.features.find((feature) => feature.startsWith('websites:'));
  return {
    productId: hosting.productId,
    productCode: hosting.productCode,
    name: hosting.productName,
    domainsAmount: Math.max(1, Number(websites?.slice('websites:'.length) ?? 1) || 1),
    discSpace: hosting.diskSpace,
    dataTraffic: hosting.dataTraffic,
    originalPrice: hosting.originalPrice,
    discountedPrice: hosting.discountedPrice,
  };
}

/** How long a read of the catalogue is reused; products change only on deploy. */
const SNAPSHOT_TTL_MS = 30_000;

/**
 * Read side of the catalogue, cached briefly in memory since every search and basket read prices.
 * A read older than `SNAPSHOT_TTL_MS` is still answered while the next one loads behind it: the
 * reload is eight queries, and every search and basket read that came meanwhile waited for them,
 * on a pool a burst keeps busy, for a change that comes only with a deploy. A reload that fails
 * keeps the read before it until the next try.
 */
export function createCatalogueService(db: Database, now: () => number = Date.now): CatalogueService {
  let cached: { at: number; value: Promise<CatalogueSnapshot> } | null = null;
  let reloading = false;
  let countryCache: Promise<TCountry[]> | null = null;

  async function load(): Promise<CatalogueSnapshot> {
    const [extRows, hostingRows, extraRows, installRows, basketProductRows, codeRows, methodRows, productRows] = await Promise.all([
      db.select().from(domainExtensions).where(eq(domainExtensions.active, true)).orderBy(asc(domainExtensions.position)),
      db.select().from(hostingPackages).orderBy(asc(hostingPackages.position)),
      db.select().from(extraServices).orderBy(asc(extraServices.position)),
      db.select().from(freeInstalls).orderBy(asc(freeInstalls.position)),
      db.select().from(basketProducts).orderBy(asc(basketProducts.position)),
      db.select().from(discountCodes),
      db.select().from(paymentMethods).where(eq(paymentMethods.active, true)).orderBy(asc(paymentMethods.position)),
      db.select().from(orderProducts).where(eq(orderProducts.active, true)).orderBy(asc(orderProducts.position)),
    ]);
    const products = productRows.map(({ productType, details, position: _p, active: _a, ...row }) => ZOrderProduct.parse({ ...details, ...row, type: productType }));
    const extensions: ExtensionRecord[] = extRows.map((r) => ({
      productId: r.productId,
      productCode: r.productCode,
      productName: `.${r.extension}`,
      extension: r.extension,
      originalPrice: r.originalPrice,
      discountedPrice: r.discountedPrice,
      transferPrice: r.transferPrice,
      privacySupported: r.privacySupported,
      registry: {
        extension: r.extension,
        rdapBaseUrl: r.rdapBaseUrl,
        whoisServer: r.whoisServer,
        whoisFreePattern: r.whoisFreePattern,
        whoisQuarantinePattern: r.whoisQuarantinePattern,
      },
    }));
    const hosting: THostingPackage[] = hostingRows.map(({ position: _p, ...r }) => r);
    const extras: TExtraService[] = extraRows.map(({ position: _p, ...r }) => r);
    const installs: TFreeInstall[] = installRows.map(({ position: _p, ...r }) => r);
    const others: TBasketProduct[] = basketProductRows.map(({ position: _p, ...r }) => r);
    return {
      catalogue: {
        extensions: extensions.map(({ registry: _r, privacySupported: _p, ...product }) => product),
        hostingPackages: hosting,
        extraServices: extras,
        freeInstalls: installs,
        basketProducts: others,
      },
      extensionsByName: new Map(extensions.map((e) => [e.extension, e])),
      extensionsById: new Map(extensions.map((e) => [e.productId, e])),
      hostingById: new Map(hosting.map((h) => [h.productId, h])),
      extrasById: new Map(extras.map((e) => [e.productId, e])),
      freeInstallsById: new Map(installs.map((i) => [i.productId, i])),
      basketProductsById: new Map(others.map((p) => [p.productId, p])),
      orderProducts: {
        ssl: products.filter((p): p is TSslProduct => p.type === 'ssl' || p.type === 'sslmultidomains'),
        cloudflare: products.filter((p): p is TCloudflarePlan => p.type === 'cloudflare'),
        vps: products.filter((p): p is TVpsPackage => p.type === 'vpspackage'),
      },
      orderProductsById: new Map(products.map((p) => [p.productId, p])),
      sharedHostings: hosting.filter((h) => !h.reseller).map(sharedHostingOf),
      discountCodes: new Map(codeRows.map((c) => [c.code, c])),
      resellerTiers,
      promoTiles: promoTiles.extensions.flatMap((name) => {
        const found = extensions.find((extension) => extension.extension === name);
        return found ? [{ productId: found.productId, productCode: found.productCode, productName: found.productName, extension: found.extension, originalPrice: found.originalPrice, discountedPrice: found.discountedPrice, transferPrice: found.transferPrice }] : [];
      }),
      paymentMethods: methodRows.flatMap((row) => {
        const code = ZPaymentMethodCode.safeParse(row.code);
        return code.success ? [{ code: code.data, surcharge: row.surcharge }] : [];
      }),
    };
  }

  return {
    snapshot() {
      if (!cached) {
        const value = load();
        const first = { at: now(), value };
        cached = first;
        value.catch(() => {
          if (cached === first) cached = null;
        });
      } else if (!reloading && now() - cached.at > SNAPSHOT_TTL_MS) {
        reloading = true;
        const stale = cached;
        load().then(
          (snapshot) => {
            cached = { at: now(), value: Promise.resolve(snapshot) };
          },
          () => {
            // Tried again one TTL later, the read before it answering meanwhile.
            if (cached === stale) cached = { at: now(), value: stale.value };
          },
        ).finally(() => {
          reloading = false;
        });
      }
      return cached.value;
    },
    countries() {
      countryCache ??= db
        .select()
        .from(countries)
        .orderBy(asc(countries.id))
        .then((rows) => rows.map((r) => ({ id: r.id, code: r.code, country: r.nameNl, country_en: r.nameEn })));
      return countryCache;
    },
  };
}
