import { basketTotals, domainLinePrice, type LinePrice, type TBasket, type TBasketItem, type TBasketPeriod, type TConnectedItem, type TProductType } from '@kavel/core';
import type { CatalogueSnapshot } from '../catalogue/catalogue-service.ts';
import type { BasketItemRow } from './basket-repository.ts';

/** What one stored item costs this period, from today's catalogue. */
function priceOf(row: BasketItemRow, period: TBasketPeriod, catalogue: CatalogueSnapshot): LinePrice & { productName: string } {
  if (row.productType === 'DOMAIN' || row.productType === 'DOMAIN_TRANSFER') {
    const extension = catalogue.extensionsById.get(row.productId);
    if (!extension) return { discounted: 0, original: 0, productName: row.title };
    const kind = row.productType === 'DOMAIN' ? 'registration' : 'transfer';
    return { ...domainLinePrice(extension, kind, period), productName: extension.productName };
  }
  return { discounted: 0, original: 0, productName: row.title };
}

/** Builds the basket as the browser sees it (spec 000 section 3), priced on the server. */
export function priceBasket(rows: readonly BasketItemRow[], period: TBasketPeriod, catalogue: CatalogueSnapshot): TBasket {
  const lines: LinePrice[] = [];
  const flat: TConnectedItem[] = rows.map((row) => {
    const price = priceOf(row, period, catalogue);
    lines.push(price);
    return {
      unique: row.unique,
      title: row.title,
      productName: price.productName,
      productType: row.productType as TProductType,
      productId: row.productId,
      productCode: row.productCode,
      invoiced: row.invoiced,
      discountedPricePerPeriod: price.discounted,
      originalPricePerPeriod: price.original,
    };
  });
  const byUnique = new Map(flat.map((item) => [item.unique, item]));
  const items: TBasketItem[] = rows
    .filter((row) => row.parentUnique === null)
    .map((row) => ({
      ...byUnique.get(row.unique)!,
      connectedItem: rows.filter((child) => child.parentUnique === row.unique).map((child) => byUnique.get(child.unique)!),
    }));
  const hasDomain = rows.some((r) => r.productType === 'DOMAIN' || r.productType === 'DOMAIN_TRANSFER');
  const hasLooseHosting = rows.some((r) => r.parentUnique === null && (r.productType === 'LINUX_PACKAGE' || r.productType === 'RESELLER_PACKAGE'));
  return {
    empty: rows.length === 0,
    period,
    items,
    allBasketItems: flat,
    domainIsMissingForHosting: hasLooseHosting && !hasDomain,
    ...basketTotals(lines),
  };
}
