import { capitalized, vatPercentage, type TOrderBasket } from '@kavel/core';
import { useEuro, usePeriodText } from '../i18n/use-t.ts';
import { useOrderAppT } from './use-order-app-t.ts';

/**
 * The summary's price breakdown (spec 001 sections 2 and 9): the total per period excluding VAT,
 * the administration fee when it is added, the VAT line with its percentage (truncated) and the total.
 */
export function SummaryPriceBreakdown({ basket }: { basket: TOrderBasket }) {
  const t = useOrderAppT();
  const euro = useEuro();
  const periodText = usePeriodText();
  const fee = basket.administrativeCostShouldBeAdded ? basket.administrativeCost : 0;
  const total = basket.totalPricePerPeriodIncludeTaxAndAdministrativeCost;
  const vat = total - basket.totalPricePerPeriodExcludeTax - fee;
  return (
    <dl className="summary-prices" data-testid="summary-prices">
      <div>
        <dt>
          {capitalized(periodText(basket.period, 'per'))} <span className="muted">{t('exclVat')}</span>
        </dt>
        <dd data-testid="summary-per-period">{euro(basket.totalPricePerPeriodExcludeTax)}</dd>
      </div>
      {fee > 0 && (
        <div>
          <dt>{t('adminLine')}</dt>
          <dd data-testid="summary-admin-fee">{euro(fee)}</dd>
        </div>
      )}
      <div>
        <dt>{t('vatLine', { percent: vatPercentage(basket.vatRate) })}</dt>
        <dd data-testid="summary-vat">{euro(vat)}</dd>
      </div>
      <div className="summary-prices__total">
        <dt>{t('total')}</dt>
        <dd data-testid="summary-total">{euro(total)}</dd>
      </div>
    </dl>
  );
}
