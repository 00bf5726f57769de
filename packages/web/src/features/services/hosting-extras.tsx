import { useState } from 'react';
import type { TBasketItem, TExtraService, TFreeInstall } from '@kavel/core';
import { useEuro, useT } from '../../i18n/use-t.ts';
import { SelectField } from '../../ui/select-field.tsx';
import { useAddItem, useRemoveItem } from '../basket/use-basket.ts';
import { useRemoveGratisProduct, useSetGratisProduct } from './use-services.ts';

interface HostingExtrasProps {
  item: TBasketItem;
  extras: readonly TExtraService[];
  installs: readonly TFreeInstall[];
  /** Extras the hosting has already (an upgrade of an owned package): ticked, disabled and marked 'Al actief'. */
  active: ReadonlySet<number>;
}

/** Extras of the chosen package as checkboxes with their yearly price, and the free CMS install. */
export function HostingExtras({ item, extras, installs, active }: HostingExtrasProps) {
  const t = useT();
  const euro = useEuro();
  const add = useAddItem();
  const remove = useRemoveItem();
  const setInstall = useSetGratisProduct();
  const removeInstall = useRemoveGratisProduct();
  const busy = add.isPending || remove.isPending;
  const install = item.connectedItem.find((child) => child.productType === 'FREE_INSTALL');
  // What a box was just set to, shown while its call runs so it answers the click at once.
  const [intent, setIntent] = useState<ReadonlyMap<number, boolean>>(new Map());
  const settle = (productId: number) => ({
    onSettled: () =>
      setIntent((previous) => {
        const next = new Map(previous);
        next.delete(productId);
        return next;
      }),
  });

  const toggle = (extra: TExtraService, checked: boolean) => {
    const present = item.connectedItem.find((child) => child.productType === 'EXTRA_SERVICE' && child.productId === extra.productId);
    if (checked === Boolean(present)) return;
    setIntent((previous) => new Map(previous).set(extra.productId, checked));
    if (checked) add.mutate({ productId: extra.productId, productCode: extra.productCode, parentId: item.unique }, settle(extra.productId));
    else if (present) remove.mutate(present.unique, settle(extra.productId));
  };

  const chooseInstall = (value: string) => {
    const chosen = installs.find((candidate) => String(candidate.productId) === value);
    if (!chosen) removeInstall.mutate({ parentId: item.unique });
    else setInstall.mutate({ productId: chosen.productId, productCode: chosen.productCode, title: chosen.productName, parentId: item.unique });
  };

  return (
    <div className="hosting-extras">
      <fieldset className="hosting-extras__list" aria-busy={busy || undefined}>
        <legend className="services-subtitle">{t('services.extras')}</legend>
        {extras.map((extra) => {
          const present = item.connectedItem.find((child) => child.productType === 'EXTRA_SERVICE' && child.productId === extra.productId);
          const isActive = active.has(extra.productId);
          const checked = isActive || (intent.get(extra.productId) ?? present !== undefined);
          return (
            <label key={extra.productId} className="checkbox" data-testid="extra-service" data-product-code={extra.productCode} data-active={isActive || undefined}>
              <input type="checkbox" checked={checked} disabled={busy || isActive} onChange={(event) => toggle(extra, event.target.checked)} />
              <span className="checkbox__label">{extra.productName}</span>
              {isActive ? (
                <span className="badge badge--free checkbox__price">{t('extraServices.active')}</span>
              ) : (
                <span className="checkbox__price">{extra.price === 0 ? t('services.free') : `${euro(extra.price)} ${t('services.perYear')}`}</span>
              )}
            </label>
          );
        })}
      </fieldset>
      <SelectField
        className="hosting-extras__install"
        label={t('services.freeInstall')}
        value={install ? String(install.productId) : ''}
        disabled={setInstall.isPending || removeInstall.isPending}
        onChange={(event) => chooseInstall(event.target.value)}
        options={[{ value: '', label: t('services.freeInstall.none') }, ...installs.map((one) => ({ value: String(one.productId), label: one.productName }))]}
        data-testid="free-install"
      />
    </div>
  );
}
