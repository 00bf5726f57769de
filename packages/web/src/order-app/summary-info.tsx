import { PAGES } from '@kavel/core';
import { useId } from 'react';
import { useOrderAppT } from './use-order-app-t.ts';

/** Shown when the order is paid online first (spec 001 section 2). */
export function SummaryInfo() {
  const t = useOrderAppT();
  return (
    <div className="alert alert--info summary-info" role="note" data-testid="summary-payment-info">
      <span className="alert__icon" aria-hidden="true" />
      <div className="alert__body">
        <p className="summary-info__title">{t('info.title')}</p>
        <ul>
          <li>{t('info.pay')}</li>
          <li>{t('info.available')}</li>
          <li>{t('info.invoice')}</li>
          <li>{t('info.noFee')}</li>
        </ul>
      </div>
    </div>
  );
}

/** The required agreement: 'Ik ga akkoord met de algemene voorwaarden', linking to the terms. */
export function SummaryTerms({ agreed, onChange, disabled }: { agreed: boolean; onChange(agreed: boolean): void; disabled: boolean }) {
  const t = useOrderAppT();
  const id = useId();
  return (
    <div className="checkbox-field summary-terms">
      <label className="checkbox" htmlFor={id}>
        <input id={id} type="checkbox" required checked={agreed} disabled={disabled} onChange={(event) => onChange(event.target.checked)} data-testid="summary-terms" />
        <span className="checkbox__label">
          {t('agree.before')}
          <a href={PAGES.terms.path} target="_blank" rel="noopener">
            {t('agree.link')}
          </a>
        </span>
      </label>
    </div>
  );
}
