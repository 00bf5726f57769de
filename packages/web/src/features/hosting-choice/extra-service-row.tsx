import { useId, useState } from 'react';
import type { TExtraService, TextKey } from '@kavel/core';
import { isTextKey } from '../../i18n/texts.ts';
import { useEuro, useT } from '../../i18n/use-t.ts';
import { ExtraServiceIcon } from './extra-service-icon.tsx';

interface ExtraServiceRowProps {
  extra: TExtraService;
  /** The package has it already: shown ticked and disabled. */
  active: boolean;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}

/** The catalogue's extras have a line of explanation; an extra added to the data later has none until one is written. */
function detailKey(productCode: string): TextKey | null {
  const key = `extraServices.detail.${productCode}`;
  return isTextKey(key) ? key : null;
}

/**
 * One extra: icon, a checkbox with its name and yearly price, and an info toggle whose popover
 * adds what the extra does (spec 001 section 2). The price is always in sight: nobody should
 * have to open a popover or tick a box to learn what something costs.
 */
export function ExtraServiceRow({ extra, active, checked, disabled, onChange }: ExtraServiceRowProps) {
  const t = useT();
  const euro = useEuro();
  const [open, setOpen] = useState(false);
  const infoId = useId();
  const detail = detailKey(extra.productCode);
  return (
    <li className={active ? 'extra-row extra-row--active' : 'extra-row'} data-testid="extra-service-row" data-product-code={extra.productCode} data-active={active || undefined}>
      <div className="extra-row__main">
        <ExtraServiceIcon code={extra.productCode} />
        <label className="extra-row__label">
          <input type="checkbox" checked={active || checked} disabled={active || disabled} onChange={(event) => onChange(event.target.checked)} />
          <span className="extra-row__text">
            <span className="extra-row__name">{extra.productName}</span>
            <span className="extra-row__price" data-testid="extra-service-price">
              {extra.price === 0 ? t('services.free') : t('extraServices.perYear', { price: euro(extra.price) })}
            </span>
            {active && <span className="badge badge--free">{t('extraServices.active')}</span>}
          </span>
        </label>
        <button
          type="button"
          className="extra-row__info-toggle"
          aria-expanded={open}
          aria-controls={infoId}
          aria-label={t('extraServices.info', { name: extra.productName })}
          onClick={() => setOpen((was) => !was)}
          data-testid="extra-service-info"
        >
          <span aria-hidden="true">i</span>
        </button>
      </div>
      <div className="extra-row__info" id={infoId} hidden={!open}>
        {detail && <p className="extra-row__detail">{t(detail)}</p>}
        <p>{extra.price === 0 ? t('extraServices.free', { name: extra.productName }) : t('extraServices.price', { name: extra.productName, price: euro(extra.price) })}</p>
      </div>
    </li>
  );
}
