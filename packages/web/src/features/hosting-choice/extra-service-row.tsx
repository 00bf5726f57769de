import { useId, useState } from 'react';
import type { TExtraService } from '@kavel/core';
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

/** One extra: icon, a checkbox with its name, and an info toggle with the yearly price (spec 001 section 2). */
export function ExtraServiceRow({ extra, active, checked, disabled, onChange }: ExtraServiceRowProps) {
  const t = useT();
  const euro = useEuro();
  const [open, setOpen] = useState(false);
  const infoId = useId();
  return (
    <li className={active ? 'extra-row extra-row--active' : 'extra-row'} data-testid="extra-service-row" data-product-code={extra.productCode} data-active={active || undefined}>
      <div className="extra-row__main">
        <ExtraServiceIcon code={extra.productCode} />
        <label className="extra-row__label">
          <input type="checkbox" checked={active || checked} disabled={active || disabled} onChange={(event) => onChange(event.target.checked)} />
          <span className="extra-row__text">
            <span className="extra-row__name">{extra.productName}</span>
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
      <p className="extra-row__info" id={infoId} hidden={!open}>
        {extra.price === 0 ? t('extraServices.free', { name: extra.productName }) : t('extraServices.price', { name: extra.productName, price: euro(extra.price) })}
      </p>
    </li>
  );
}
