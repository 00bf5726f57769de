import { useId, type ReactNode } from 'react';
import { errorMessage } from '../../app/error-message.ts';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { BasketItemRow } from './basket-item-row.tsx';
import { BasketTotals } from './basket-totals.tsx';
import { useBasket } from './use-basket.ts';

interface SideBasketProps {
  /** The Continue button shows until step 3. */
  showContinue: boolean;
  onContinue: () => void;
  /** The step 2 check is running. */
  continueBusy?: boolean;
  /** Shown above the totals while the basket has items (the reseller's price list). */
  note?: ReactNode;
}

/** The 'Selection' beside the steps (below them on small screens). */
export function SideBasket({ showContinue, onContinue, continueBusy = false, note }: SideBasketProps) {
  const t = useT();
  const headingId = useId();
  const basket = useBasket();
  const data = basket.data;
  const items = data?.items ?? [];

  return (
    <aside className="side-basket card" aria-labelledby={headingId} data-testid="basket" aria-busy={basket.isPending || undefined}>
      <h2 className="side-basket__title" id={headingId}>
        {t('basket.title')}
        {items.length > 0 && <span className="side-basket__count">{items.length}</span>}
      </h2>
      {basket.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : !data ? (
        <div className="inline-error" role="alert">
          <p>{errorMessage(basket.error, t)}</p>
          <Button variant="secondary" size="sm" onClick={() => void basket.refetch()}>
            {t('error.retry')}
          </Button>
        </div>
      ) : data.empty || items.length === 0 ? (
        <p className="side-basket__empty" data-testid="basket-empty">
          {t('basket.empty')}
        </p>
      ) : (
        <>
          <ul className="side-basket__items">
            {items.map((item) => (
              <BasketItemRow key={item.unique} item={item} period={data.period} />
            ))}
          </ul>
          {note}
          <BasketTotals basket={data} />
          {showContinue && (
            <Button className="side-basket__continue" onClick={onContinue} busy={continueBusy} data-testid="basket-continue">
              {t('basket.continue')}
            </Button>
          )}
        </>
      )}
    </aside>
  );
}
