import { hostingPricesOn, type MonthlyPrices, type TBasketItem, type TBasketPriceList, type TConnectedItem, type THostingPackage } from '@kavel/core';

/** The channels step 2 offers packages in: the shop's own packages, or the reseller packages. */
export type PackageChannel = 'shop' | 'reseller';

const OFFERED = 3;

/** The basket item type of a channel's package under a domain. */
export const PACKAGE_ITEM_TYPE = { shop: 'LINUX_PACKAGE', reseller: 'RESELLER_PACKAGE' } as const satisfies Record<PackageChannel, TConnectedItem['productType']>;

/**
 * The packages a card offers (spec 000 section 4): the shop's first three non-reseller ones with
 * the cheapest (Intro) first; in the reseller wizard the first three reseller packages.
 */
export function offeredPackages(packages: readonly THostingPackage[], channel: PackageChannel = 'shop'): THostingPackage[] {
  const own = packages.filter((pkg) => pkg.reseller === (channel === 'reseller'));
  const intro = own.filter((pkg) => /intro/i.test(pkg.productName));
  return [...intro, ...own.filter((pkg) => !intro.includes(pkg))].slice(0, OFFERED);
}

/** The package connected to a domain in this channel, if one is chosen. */
export function chosenPackage(item: Pick<TBasketItem, 'connectedItem'>, channel: PackageChannel): TConnectedItem | undefined {
  return item.connectedItem.find((child) => child.productType === PACKAGE_ITEM_TYPE[channel]);
}

/** What a card shows: three packages, or only the chosen one (spec 000 section 4, for both channels). */
export function packagesShown(packages: readonly THostingPackage[], chosen: Pick<TConnectedItem, 'productId'> | undefined, channel: PackageChannel): THostingPackage[] {
  return chosen ? packages.filter((pkg) => pkg.productId === chosen.productId) : offeredPackages(packages, channel);
}

/**
 * A package's monthly prices as this basket is priced: the catalogue's, or with the staffel's
 * hosting discount of a reseller basket (core's rule, the one the server prices the basket with).
 */
export function packagePrices(pkg: MonthlyPrices, priceList: TBasketPriceList | undefined): MonthlyPrices {
  if (!priceList) return { originalPrice: pkg.originalPrice, discountedPrice: pkg.discountedPrice };
  return hostingPricesOn({ ...priceList, introduction: [] }, pkg);
}
