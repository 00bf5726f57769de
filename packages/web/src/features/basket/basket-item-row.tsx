import type { TBasketItem, TBasketPeriod, TConnectedItem } from '@kavel/core';
import { usePeriodText, useT } from '../../i18n/use-t.ts';
import { Price } from '../../ui/price.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useRemoveItem } from './use-basket.ts';

/** A redirect shows where it goes; a transfer code stays out of sight (it is a secret). */
const childLabel = (child: TConnectedItem): string => (child.productType === 'REDIRECT' ? `${child.productName}: ${child.title}` : child.productName || child.title);

interface BasketItemRowProps {
  item: TBasketItem;
  period: TBasketPeriod;
}

export function BasketItemRow({ item, period }: BasketItemRowProps) {
  const t = useT();
  const remove = useRemoveItem();
  const perPeriod = usePeriodText()(period, 'per');
  const kind =
    item.domainKind === 'TRANSFER' ? t('basket.transfer') : item.domainKind === 'REGISTRATION' ? t('basket.registration') : item.domainKind === 'OWN_DOMAIN' ? t('basket.ownDomain') : item.productName;
  return (
    <li className="basket-item" data-testid="basket-item" aria-busy={remove.isPending || undefined}>
      <div className="basket-item__head">
        <span className="basket-item__title">{item.title}</span>
        <button
          type="button"
          className="icon-button"
          aria-label={t('basket.remove', { name: item.title })}
          title={t('basket.remove', { name: item.title })}
          disabled={remove.isPending}
          onClick={() => remove.mutate(item.unique)}
        >
          {remove.isPending ? <Spinner size="sm" /> : <span aria-hidden="true">×</span>}
        </button>
      </div>
      <div className="basket-item__line">
        <span className="basket-item__kind">{kind}</span>
        <Price cents={item.discountedPricePerPeriod} original={item.originalPricePerPeriod} suffix={perPeriod} zeroLabel={item.invoiced ? t('price.owned') : undefined} />
      </div>
      {item.connectedItem.length > 0 && (
        <ul className="basket-item__children">
          {item.connectedItem.map((child) => (
            <li key={child.unique} className="basket-item__line" data-testid="basket-child" data-product-type={child.productType}>
              <span className="basket-item__kind">{childLabel(child)}</span>
              <Price cents={child.discountedPricePerPeriod} original={child.originalPricePerPeriod} suffix={perPeriod} zeroLabel={child.invoiced ? t('price.owned') : undefined} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
