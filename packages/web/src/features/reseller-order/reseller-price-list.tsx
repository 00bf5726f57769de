import type { TBasketPriceList } from '@kavel/core';
import { useResellerT } from './reseller-texts.ts';

/**
 * The reseller's prices in the basket (spec 001 section 1, staffel; spec 000 section 9, the
 * first-year introduction discount): the tier, its discounts, and the introduction discount the
 * basket's registrations have reached.
 */
export function ResellerPriceList({ priceList }: { priceList: TBasketPriceList | undefined }) {
  const rt = useResellerT();
  if (!priceList) return null;
  const { staffel, introductionDiscountPercent: percent } = priceList;
  return (
    <div className="reseller-price-list" data-testid="reseller-price-list">
      <p className="reseller-price-list__tier">{percent > 0 ? rt('priceListIntroduction', { staffel, percent }) : rt('priceList', { staffel })}</p>
      <p className="reseller-price-list__discounts">{rt('priceListDiscounts', { domain: priceList.domainDiscountPercent, hosting: priceList.hostingDiscountPercent })}</p>
    </div>
  );
}
