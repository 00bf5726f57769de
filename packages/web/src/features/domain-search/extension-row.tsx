import { useEffect, useRef } from 'react';
import { joinDomain, type TDomainExtensionProduct } from '@kavel/core';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { Price } from '../../ui/price.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useAddItem, useBasket, useRemoveDomain } from '../basket/use-basket.ts';
import { rowPrices } from './row-prices.ts';
import { availabilityStatus, rowStatus, type Availability } from './row-status.ts';

interface ExtensionRowProps {
  label: string;
  product: TDomainExtensionProduct;
  availability: Availability | undefined;
  inBasket: boolean;
  onCheck(extension: string): void;
}

/** One domain of a search: its availability, price and the add / transfer / remove button. */
export function ExtensionRow({ label, product, availability, inBasket, onCheck }: ExtensionRowProps) {
  const t = useT();
  const add = useAddItem();
  const remove = useRemoveDomain();
  const domain = joinDomain(label, product.extension);
  const status = rowStatus(availability, inBasket, add.isPending || remove.isPending);
  const known = availabilityStatus(availability);
  const prices = rowPrices(product, useBasket().data?.priceList);

  // The button is swapped (and disabled meanwhile) as the row changes state: a keyboard user who
  // pressed it gets focus back on the row's new button once the call has settled.
  const actionRef = useRef<HTMLSpanElement>(null);
  const keepFocus = useRef(false);
  const rememberFocus = () => {
    keepFocus.current = actionRef.current?.contains(document.activeElement) ?? false;
  };
  useEffect(() => {
    if (!keepFocus.current || status === 'in-progress' || status === 'loading') return;
    keepFocus.current = false;
    actionRef.current?.querySelector('button')?.focus();
  }, [status]);

  const addToBasket = () => {
    rememberFocus();
    add.mutate({ productId: product.productId, productCode: product.productCode, title: domain });
  };
  // Removing returns the row to loading: it is checked again, as it may have changed meanwhile.
  const removeFromBasket = () => {
    rememberFocus();
    remove.mutate(domain, { onSuccess: () => onCheck(product.extension) });
  };
  const checkAgain = () => {
    rememberFocus();
    onCheck(product.extension);
  };
  const forDomain = <span className="sr-only"> {domain}</span>;

  return (
    <li className={`extension-row is-${status}`} data-testid={`extension-row-${product.extension}`} data-status={status} tabIndex={-1} aria-busy={status === 'loading' || status === 'in-progress' || undefined}>
      <span className="extension-row__domain">
        <span className="extension-row__name">
          {label}
          <wbr />
          <strong>.{product.extension}</strong>
        </span>
        {known === 'loading' && !inBasket && (
          <span className="extension-row__note">
            <Spinner size="sm" /> {t('step1.checking')}
          </span>
        )}
        {known === 'ready' && <span className="badge badge--free">{t('step1.free')}</span>}
        {known === 'migrate' && <span className="extension-row__note extension-row__note--taken">{t('step1.taken')}</span>}
        {known === 'error' && !inBasket && (
          <span className="extension-row__note extension-row__note--error">
            {t(availability === 'invalid' ? 'step1.invalid' : availability === 'quarantine' ? 'step1.quarantine' : 'step1.error')}
          </span>
        )}
      </span>
      <span className="extension-row__price">
        {known === 'ready' && <Price cents={prices.discountedPrice} original={prices.originalPrice} suffix={t('step1.perYear')} />}
        {known === 'migrate' && <Price cents={prices.transferPrice} suffix={t('step1.perYear')} />}
      </span>
      <span className="extension-row__action" ref={actionRef}>
        {status === 'ready' && (
          <Button size="sm" onClick={addToBasket}>
            {t('step1.add')}
            {forDomain}
          </Button>
        )}
        {status === 'migrate' && (
          <Button size="sm" variant="secondary" onClick={addToBasket}>
            {t('step1.transfer')}
            {forDomain}
          </Button>
        )}
        {status === 'error' && availability === 'error' && (
          <Button size="sm" variant="ghost" onClick={checkAgain}>
            {t('step1.checkAgain')}
            {forDomain}
          </Button>
        )}
        {status === 'in-progress' && (
          <Button size="sm" variant={inBasket ? 'added' : 'primary'} busy>
            {t('step1.busy')}
          </Button>
        )}
        {status === 'added' && (
          <Button size="sm" variant="added" onClick={removeFromBasket} title={t('step1.remove')}>
            <span aria-hidden="true" className="button__icon-added">
              ✓
            </span>
            {t('step1.added')}
            <span className="sr-only">
              , {t('step1.remove')} {domain}
            </span>
            <span aria-hidden="true" className="button__icon-remove">
              ×
            </span>
          </Button>
        )}
      </span>
    </li>
  );
}
