import type { THostingPackage } from '@kavel/core';
import { describe, expect, it } from 'vitest';
import { chosenPackage, offeredPackages, packagePrices, packagesShown } from './package-offer.ts';

const pkg = (productId: number, productName: string, reseller: boolean, mostChosen = false): THostingPackage =>
  ({ productId, productCode: productName.toUpperCase().replace(/ /g, '_'), productName, originalPrice: 2999, discountedPrice: 1499, reseller, mostChosen, diskSpace: '', dataTraffic: '', features: [] }) as THostingPackage;

const CATALOGUE = [
  pkg(2002, 'Basic webhosting', false),
  pkg(2001, 'Intro webhosting', false),
  pkg(2003, 'Premium webhosting', false),
  pkg(2004, 'Professional webhosting', false),
  pkg(2008, 'Reseller intro', true),
  pkg(2009, 'Reseller basic', true, true),
  pkg(2010, 'Reseller premium', true),
  pkg(2011, 'Reseller professional', true),
];
const names = (packages: readonly THostingPackage[]) => packages.map((one) => one.productName);

describe('the packages a step 2 card shows', () => {
  it('offers the shop three of its own packages, Intro first, and never a reseller package', () => {
    expect(names(offeredPackages(CATALOGUE))).toEqual(['Intro webhosting', 'Basic webhosting', 'Premium webhosting']);
  });

  it('offers a reseller the first three reseller packages', () => {
    expect(names(offeredPackages(CATALOGUE, 'reseller'))).toEqual(['Reseller intro', 'Reseller basic', 'Reseller premium']);
  });

  it('shows only the connected package once one is chosen, in either channel', () => {
    const item = {
      connectedItem: [
        { productType: 'TRANSFER_CODE', productId: 1 },
        { productType: 'RESELLER_PACKAGE', productId: 2011 },
      ],
    } as Parameters<typeof chosenPackage>[0];
    expect(chosenPackage(item, 'shop')).toBeUndefined();
    expect(names(packagesShown(CATALOGUE, chosenPackage(item, 'reseller'), 'reseller'))).toEqual(['Reseller professional']);
    expect(names(packagesShown(CATALOGUE, undefined, 'reseller'))).toHaveLength(3);
  });

  it("prices a package with the staffel's hosting discount in a reseller basket, and as listed in the shop", () => {
    const priceList = { channel: 'reseller' as const, staffel: 2, domainDiscountPercent: 20, hostingDiscountPercent: 15, introductionDiscountPercent: 10, registrations: 3 };
    expect(packagePrices({ originalPrice: 2999, discountedPrice: 1499 }, priceList)).toEqual({ originalPrice: 2549, discountedPrice: 1274 });
    expect(packagePrices({ originalPrice: 2999, discountedPrice: 1499 }, undefined)).toEqual({ originalPrice: 2999, discountedPrice: 1499 });
  });
});
