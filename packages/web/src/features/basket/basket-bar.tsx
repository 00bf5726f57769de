import { useEffect, useState } from 'react';
import { useEuro, useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { useBasket } from './use-basket.ts';

interface BasketBarProps {
  showContinue: boolean;
  onContinue: () => void;
  continueBusy?: boolean;
}

/**
 * Below 768 px the basket sits under the steps (spec 000 section 2), far from the top on a
 * phone: this compact bar keeps the total and Continue at the bottom of the screen, as phone
 * shops do. It steps aside while the basket's own Continue is in view, so there is never a
 * second one on screen. Above 768 px it is not shown (the basket is beside the steps there).
 */
export function BasketBar({ showContinue, onContinue, continueBusy = false }: BasketBarProps) {
  const t = useT();
  const euro = useEuro();
  const basket = useBasket().data;
  const count = basket?.items.length ?? 0;
  const shown = showContinue && count > 0;
  const [basketInView, setBasketInView] = useState(false);

  useEffect(() => {
    if (!shown) return;
    const own = document.querySelector('[data-testid="basket-continue"]');
    if (!own || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setBasketInView(entry?.isIntersecting ?? false));
    observer.observe(own);
    return () => observer.disconnect();
  }, [shown, count]);

  if (!shown || !basket) return null;
  return (
    <section className="basket-bar" aria-label={t('basket.bar')} data-testid="basket-bar" data-basket-in-view={basketInView || undefined}>
      <p className="basket-bar__total">
        <span className="basket-bar__count">{t('basket.barItems', { count })}</span>
        <span>
          {t('basket.inclVat')} <strong data-testid="basket-bar-total">{euro(basket.totalPricePerPeriodIncludeTax)}</strong>
        </span>
      </p>
      <Button className="basket-bar__continue" onClick={onContinue} busy={continueBusy} data-testid="basket-bar-continue">
        {t('basket.continue')}
      </Button>
    </section>
  );
}
