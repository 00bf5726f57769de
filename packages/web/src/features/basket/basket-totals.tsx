import type { TBasket } from '@kavel/core';
import { useEuro, useT } from '../../i18n/use-t.ts';

export function BasketTotals({ basket }: { basket: TBasket }) {
  const t = useT();
  const euro = useEuro();
  // Spec 001 section 9: the VAT percentage is the rate times 100, truncated.
  const percent = Math.trunc(basket.includeVatRate * 100);
  return (
    <dl className="basket-totals">
      {basket.hasDiscount && (
        <div className="basket-totals__row basket-totals__row--discount" data-testid="basket-discount">
          <dt>{t('basket.discount')}</dt>
          <dd>{euro(basket.totalDiscountPerPeriodExcludeTax)}</dd>
        </div>
      )}
      <div className="basket-totals__row" data-testid="basket-total-excl">
        <dt>{t('basket.exclVat')}</dt>
        <dd>{euro(basket.totalPricePerPeriodExcludeTax)}</dd>
      </div>
      <div className="basket-totals__row" data-testid="basket-vat">
        <dt>{t('basket.vat', { percent })}</dt>
        <dd>{euro(basket.totalTaxPricePerPeriod)}</dd>
      </div>
      <div className="basket-totals__row basket-totals__row--total" data-testid="basket-total-incl">
        <dt>{t('basket.inclVat')}</dt>
        <dd>{euro(basket.totalPricePerPeriodIncludeTax)}</dd>
      </div>
    </dl>
  );
}
