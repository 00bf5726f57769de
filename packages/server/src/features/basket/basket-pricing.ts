import {
  basketTotals,
  discountCodeAmount,
  domainPricesOn,
  hostingPricesOn,
  introductionDiscountPercent,
  resolvePriceList,
  SHOP_PRICES,
  type PriceList,
  type TBasketPriceList,
  domainKindOf,
  domainLinePrice,
  FREE_LINE,
  hostingLinePrice,
  isDiscountCodeValid,
  serviceTypesFor,
  yearlyLinePrice,
  type DiscountableLine,
  type LinePrice,
  type TBasket,
  type TBasketItem,
  type TBasketPeriod,
  type TConnectedItem,
  type TProductType,
} from '@kavel/core';
import type { CatalogueSnapshot } from '../catalogue/catalogue-service.ts';
import { channelOf, type BasketItemRow, type BasketOwner } from './basket-repository.ts';
import { byConnectedOrder, wireOptions } from './service-types.ts';

interface PricedLine extends LinePrice {
  productName: string;
  /** Hosting only: the monthly prices. */
  perMonth?: { discounted: number; original: number };
}

/** The prices of the owner's channel: the shop's, or the reseller tier of the owner's staffel. */
export const priceListOf = (owner: BasketOwner, catalogue: CatalogueSnapshot): PriceList => resolvePriceList(catalogue.resellerTiers, channelOf(owner), owner.staffel);

/** Which prices apply: the basket's price list, and how many new registrations it holds (the introduction discount). */
interface Pricing {
  period: TBasketPeriod;
  list: PriceList;
  registrations: number;
}

/** What one stored item costs this period, from today's catalogue and the basket's price list (spec 000 section 9). */
function priceOf(row: BasketItemRow, { period, list, registrations }: Pricing, catalogue: CatalogueSnapshot): PricedLine {
  const unknown = { ...FREE_LINE, productName: row.title };
  switch (row.productType) {
    case 'DOMAIN':
    case 'DOMAIN_TRANSFER': {
      const extension = catalogue.extensionsById.get(row.productId);
      if (!extension) return unknown;
      // A domain the customer already has is in the basket only to carry new hosting: paid already.
      if (row.invoiced) return { ...FREE_LINE, productName: extension.productName };
      const kind = row.productType === 'DOMAIN' ? 'registration' : 'transfer';
      return { ...domainLinePrice(domainPricesOn(list, extension, registrations), kind, period), productName: extension.productName };
    }
    case 'LINUX_PACKAGE':
    case 'RESELLER_PACKAGE': {
      const hosting = catalogue.hostingById.get(row.productId);
      if (!hosting) return unknown;
      // The package an existing hosting account already has (extras added from the account): paid already.
      if (row.invoiced) return { ...FREE_LINE, productName: hosting.productName };
      const monthly = hosting.reseller ? hostingPricesOn(list, hosting) : hosting;
      return { ...hostingLinePrice(monthly, period), productName: hosting.productName, perMonth: { discounted: monthly.discountedPrice, original: monthly.originalPrice } };
    }
    case 'EXTRA_SERVICE': {
      const extra = catalogue.extrasById.get(row.productId);
      return extra ? { ...yearlyLinePrice(extra.price, period), productName: extra.productName } : unknown;
    }
    case 'FREE_INSTALL':
      return { ...FREE_LINE, productName: catalogue.freeInstallsById.get(row.productId)?.productName ?? row.title };
    case 'REDIRECT':
    case 'TRANSFER_CODE': {
      const product = catalogue.basketProductsById.get(row.productId);
      return product ? { ...yearlyLinePrice(product.price, period), productName: product.productName } : unknown;
    }
    default:
      return unknown;
  }
}

export interface BasketState {
  period: TBasketPeriod;
  discountCode: string | null;
}

/** A reseller hosting item's type in the wizard (spec 001 section 3): `LINUX_PACKAGE_{product}`. */
const hostingTypeOf = (row: BasketItemRow): string | undefined =>
  row.productType === 'RESELLER_PACKAGE' ? `LINUX_PACKAGE_${row.productCode}` : row.productType === 'LINUX_PACKAGE' ? 'LINUX_PACKAGE' : undefined;

/** New registrations count towards a reseller's introduction discount (domains already owned and transfers do not). */
const registrationsIn = (rows: readonly BasketItemRow[]) => rows.filter((row) => row.productType === 'DOMAIN' && !row.invoiced && row.parentUnique === null).length;

function priceListOnWire(list: PriceList, registrations: number): TBasketPriceList | undefined {
  if (list.channel === 'shop') return undefined;
  const { staffel, domainDiscountPercent, hostingDiscountPercent } = list;
  return { channel: 'reseller', staffel, domainDiscountPercent, hostingDiscountPercent, introductionDiscountPercent: introductionDiscountPercent(list, registrations), registrations };
}

/**
 * Builds the basket as the browser sees it (spec 000 section 3), priced on the server with the
 * channel's price list (the shop's by default). `today` (`YYYY-MM-DD`, Dutch time) decides
 * whether the applied discount code still counts.
 */
export function priceBasket(rows: readonly BasketItemRow[], state: BasketState, catalogue: CatalogueSnapshot, today: string, list: PriceList = SHOP_PRICES): TBasket {
  const { period } = state;
  const pricing: Pricing = { period, list, registrations: registrationsIn(rows) };
  const lines: DiscountableLine[] = [];
  const childrenOf = new Map<string, BasketItemRow[]>();
  for (const row of rows) {
    if (row.parentUnique !== null) childrenOf.set(row.parentUnique, [...(childrenOf.get(row.parentUnique) ?? []), row]);
  }
  const wire = new Map<string, TConnectedItem>();
  for (const row of rows) {
    const price = priceOf(row, pricing, catalogue);
    const hostingType = hostingTypeOf(row);
    lines.push({ productType: row.productType as TProductType, discounted: price.discounted, original: price.original });
    wire.set(row.unique, {
      unique: row.unique,
      title: row.title,
      productName: price.productName,
      productType: row.productType as TProductType,
      productId: row.productId,
      productCode: row.productCode,
      invoiced: row.invoiced,
      discountedPricePerPeriod: price.discounted,
      originalPricePerPeriod: price.original,
      options: wireOptions(row, childrenOf.get(row.unique) ?? []),
      ...(price.perMonth ? { pricePerMonth: price.perMonth.discounted, originalPricePerMonth: price.perMonth.original } : {}),
      ...(hostingType ? { hostingType } : {}),
    });
  }
  const items: TBasketItem[] = rows
    .filter((row) => row.parentUnique === null)
    .map((row) => {
      const domainKind = domainKindOf(row);
      return {
        ...wire.get(row.unique)!,
        connectedItem: [...(childrenOf.get(row.unique) ?? [])].sort(byConnectedOrder).map((child) => wire.get(child.unique)!),
        domainKind,
        serviceTypes: [...serviceTypesFor(domainKind)],
      };
    });

  const rule = state.discountCode ? catalogue.discountCodes.get(state.discountCode) : undefined;
  const applied = rule && isDiscountCodeValid(rule, today) ? { code: rule.code, discountPerPeriodExcludeTax: discountCodeAmount(rule, lines) } : null;
  const totals = basketTotals(lines, applied?.discountPerPeriodExcludeTax ?? 0);
  const hasDomain = rows.some((r) => r.productType === 'DOMAIN' || r.productType === 'DOMAIN_TRANSFER');
  const hasLooseHosting = rows.some((r) => r.parentUnique === null && (r.productType === 'LINUX_PACKAGE' || r.productType === 'RESELLER_PACKAGE'));
  const priceList = priceListOnWire(list, pricing.registrations);
  return {
    empty: rows.length === 0,
    ...(priceList ? { priceList } : {}),
    period,
    items,
    allBasketItems: [...wire.values()],
    domainIsMissingForHosting: hasLooseHosting && !hasDomain,
    hostingUpgrade: rows.some((r) => r.parentUnique === null && r.invoiced),
    discountCode: applied,
    ...totals,
  };
}
