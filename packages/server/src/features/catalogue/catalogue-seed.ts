import { createHash } from 'node:crypto';
import type { TProductType } from '@kavel/core';
import { notInArray, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/connect.ts';
import { basketProducts, countries, discountCodes, domainExtensions, extraServices, freeInstalls, hostingPackages, orderProducts, paymentMethods, settings } from '../../db/schema/index.ts';
import basketProductData from './data/basket-products.json' with { type: 'json' };
import countryData from './data/countries.json' with { type: 'json' };
import discountCodeData from './data/discount-codes.json' with { type: 'json' };
import extensionData from './data/extensions.json' with { type: 'json' };
import extraServiceData from './data/extra-services.json' with { type: 'json' };
import freeInstallData from './data/free-installs.json' with { type: 'json' };
import hostingPackageData from './data/hosting-packages.json' with { type: 'json' };
import orderProductData from './data/order-products.json' with { type: 'json' };
import paymentMethodData from './data/payment-methods.json' with { type: 'json' };

/** `excluded.<column>` for every listed column, for an upsert that makes the row equal the data. */
function excludedSet(columns: string[]) {
  return Object.fromEntries(columns.map((c) => [c, sql.raw(`excluded."${c.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`)}"`)]));
}

/** The setting that records which data (and which schema) the catalogue tables were last made equal to. */
export const CATALOGUE_FINGERPRINT_KEY = 'catalogue_fingerprint';

const dataHash = createHash('sha256')
  .update(JSON.stringify([extensionData, hostingPackageData, extraServiceData, freeInstallData, basketProductData, orderProductData, discountCodeData, paymentMethodData, countryData]))
  .digest('base64url');

/** The data files' hash with the number of migrations applied: a new migration seeds again too. */
async function fingerprint(db: Queryable): Promise<{ current: string; stored: string | null }> {
  // Both drivers answer `execute` with `{ rows }`.
  const { rows } = (await db.execute(
    sql`SELECT (SELECT count(*) FROM drizzle.__drizzle_migrations) AS migrations, (SELECT value FROM ${settings} WHERE key = ${CATALOGUE_FINGERPRINT_KEY}) AS stored`,
  )) as unknown as { rows: Array<{ migrations: number | string; stored: string | null }> };
  const row = rows[0];
  return { current: `${dataHash}.${Number(row?.migrations ?? 0)}`, stored: row?.stored ?? null };
}

/**
 * A serving process's start: seeds only when the data files or the schema changed since the last
 * seed (one query otherwise). `npm run migrate`, which `npm start` runs first, always seeds.
 */
export async function seedCatalogueWhenChanged(db: Database): Promise<void> {
  const { current, stored } = await fingerprint(db);
  if (current !== stored) await seedCatalogue(db);
}

/**
 * Makes the catalogue tables equal the data files of this folder, in one transaction, and notes
 * the fingerprint of what it wrote: the repository is the source of truth for prices and products.
 */
export async function seedCatalogue(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(domainExtensions)
      .values(extensionData.map((e, position) => ({ ...e, position, active: true })))
      .onConflictDoUpdate({
        target: domainExtensions.productId,
        set: excludedSet(['productCode', 'extension', 'position', 'originalPrice', 'discountedPrice', 'transferPrice', 'rdapBaseUrl', 'whoisServer', 'whoisFreePattern', 'whoisQuarantinePattern', 'privacySupported', 'active']),
      });
    await tx
      .insert(hostingPackages)
      .values(hostingPackageData.map((p, position) => ({ ...p, position })))
      .onConflictDoUpdate({
        target: hostingPackages.productId,
        set: excludedSet(['productCode', 'productName', 'position', 'originalPrice', 'discountedPrice', 'reseller', 'mostChosen', 'diskSpace', 'dataTraffic', 'features']),
      });
    await tx
      .insert(extraServices)
      .values(extraServiceData.map((s, position) => ({ ...s, position })))
      .onConflictDoUpdate({ target: extraServices.productId, set: excludedSet(['productCode', 'productName', 'position', 'price']) });
    await tx
      .insert(freeInstalls)
      .values(freeInstallData.map((s, position) => ({ ...s, position })))
      .onConflictDoUpdate({ target: freeInstalls.productId, set: excludedSet(['productCode', 'productName', 'position']) });
    await tx
      .insert(basketProducts)
      .values(basketProductData.map((p, position) => ({ ...p, productType: p.productType as 'REDIRECT' | 'TRANSFER_CODE', position })))
      .onConflictDoUpdate({ target: basketProducts.productId, set: excludedSet(['productCode', 'productType', 'productName', 'position', 'price']) });
    await tx
      .insert(orderProducts)
      .values(orderProductData.map(({ type, ...p }, position) => ({ ...p, productType: type as 'ssl', period: p.period as 'YEARLY', position, active: true })))
      .onConflictDoUpdate({ target: orderProducts.productId, set: excludedSet(['productCode', 'productType', 'productName', 'position', 'price', 'period', 'details', 'active']) });
    // A product taken out of the data is no longer sold (orders keep pointing at it).
    await tx
      .update(orderProducts)
      .set({ active: false })
      .where(notInArray(orderProducts.productId, orderProductData.map((p) => p.productId)));
    await tx
      .insert(discountCodes)
      .values(discountCodeData.map((c) => ({ ...c, productTypes: c.productTypes as TProductType[] })))
      .onConflictDoUpdate({ target: discountCodes.code, set: excludedSet(['percentage', 'amount', 'productTypes', 'validFrom', 'validUntil']) });
    // A code taken out of the data stops working (products stay: baskets may still point at them).
    await tx.delete(discountCodes).where(notInArray(discountCodes.code, discountCodeData.map((c) => c.code)));
    await tx
      .insert(paymentMethods)
      .values(paymentMethodData.map((m, position) => ({ ...m, position, active: true })))
      .onConflictDoUpdate({ target: paymentMethods.code, set: excludedSet(['position', 'surcharge', 'active']) });
    await tx
      .insert(countries)
      .values(countryData)
      .onConflictDoUpdate({ target: countries.id, set: excludedSet(['code', 'nameNl', 'nameEn']) });
    const { current } = await fingerprint(tx);
    await tx.insert(settings).values({ key: CATALOGUE_FINGERPRINT_KEY, value: current }).onConflictDoUpdate({ target: settings.key, set: { value: current } });
  });
}
