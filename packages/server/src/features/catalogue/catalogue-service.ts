import { asc, eq } from 'drizzle-orm';
import { ZPaymentMethodCode, type TPaymentMethodCode } from '@kavel/core';
import type { DiscountCodeRule, TBasketProduct, TCatalogue, TCountry, TDomainExtensionProduct, TFreeInstall, TExtraService, THostingPackage } from '@kavel/core';
import type { Database } from '../../db/connect.ts';
import { basketProducts, countries, discountCodes, domainExtensions, extraServices, freeInstalls, hostingPackages, paymentMethods } from '../../db/schema/index.ts';
import type { RegistrySettings } from '../../ports/registry/registry-port.ts';

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
  /** Active payment methods in catalogue order; codes this version does not know are left out. */
  paymentMethods: OfferedPaymentMethod[];
}

export interface CatalogueService {
  snapshot(): Promise<CatalogueSnapshot>;
  countries(): Promise<TCountry[]>;
}

/** How long a read of the catalogue is reused; products change only on deploy. */
const SNAPSHOT_TTL_MS = 30_000;

/** Read side of the catalogue, cached briefly in memory since every search and basket read prices. */
export function createCatalogueService(db: Database, now: () => number = Date.now): CatalogueService {
  let cached: { at: number; value: Promise<CatalogueSnapshot> } | null = null;
  let countryCache: Promise<TCountry[]> | null = null;

  async function load(): Promise<CatalogueSnapshot> {
    const [extRows, hostingRows, extraRows, installRows, basketProductRows, codeRows, methodRows] = await Promise.all([
      db.select().from(domainExtensions).where(eq(domainExtensions.active, true)).orderBy(asc(domainExtensions.position)),
      db.select().from(hostingPackages).orderBy(asc(hostingPackages.position)),
      db.select().from(extraServices).orderBy(asc(extraServices.position)),
      db.select().from(freeInstalls).orderBy(asc(freeInstalls.position)),
      db.select().from(basketProducts).orderBy(asc(basketProducts.position)),
      db.select().from(discountCodes),
      db.select().from(paymentMethods).where(eq(paymentMethods.active, true)).orderBy(asc(paymentMethods.position)),
    ]);
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
      discountCodes: new Map(codeRows.map((c) => [c.code, c])),
      paymentMethods: methodRows.flatMap((row) => {
        const code = ZPaymentMethodCode.safeParse(row.code);
        return code.success ? [{ code: code.data, surcharge: row.surcharge }] : [];
      }),
    };
  }

  return {
    snapshot() {
      if (!cached || now() - cached.at > SNAPSHOT_TTL_MS) {
        const value = load();
        cached = { at: now(), value };
        value.catch(() => {
          cached = null;
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
