import { domainPricesOn, type DomainPrices, type TBasketPriceList } from '@kavel/core';

/**
 * The prices a search row shows: the catalogue's in the shop; in a reseller basket the staffel's,
 * with the introduction discount the basket has reached so far (core's rule, the one the server
 * prices the basket with). The introduction's steps are not on the wire, so a row cannot tell
 * whether adding it reaches the next step: the basket shows that once it is in.
 */
export function rowPrices(product: DomainPrices, priceList: TBasketPriceList | undefined): DomainPrices {
  const listed = { originalPrice: product.originalPrice, discountedPrice: product.discountedPrice, transferPrice: product.transferPrice };
  if (!priceList) return listed;
  const reached = [{ minimumRegistrations: 0, firstYearDiscountPercent: priceList.introductionDiscountPercent }];
  return domainPricesOn({ ...priceList, introduction: reached }, listed, priceList.registrations);
}
