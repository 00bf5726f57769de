import type { FormEvent } from 'react';
import type { THostingPackage } from '@kavel/core';
import type { productContracts } from '@kavel/core/contracts/orders';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { Price } from '../../ui/price.tsx';
import { featureText } from '../services/hosting-features.ts';
import { CsrfField } from './use-form-post.tsx';

/** Where 'Kies' posts to: hosting for a domain, or another package for a hosting account (spec 001 sections 2 and 7). */
export type HostingChoiceForm = { action: (typeof productContracts)['addHosting']['path']; domain: string } | { action: (typeof productContracts)['upgradeHosting']['path']; hostingPackageId: number };

interface HostingPackageCardProps {
  pkg: THostingPackage;
  /** null: no domain is known yet, so 'Kies' calls `onChoose` (which asks for one) instead of posting. */
  form: HostingChoiceForm | null;
  onChoose?: () => void;
  current: boolean;
  /** This card's form is being sent. */
  sending: boolean;
  /** Another card's form is being sent. */
  waiting: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** One package: name, monthly price (discounted and struck original), features, and 'Kies' as a real form post. */
export function HostingPackageCard({ pkg, form, onChoose, current, sending, waiting, onSubmit }: HostingPackageCardProps) {
  const t = useT();
  const classes = ['package-card', pkg.mostChosen && 'package-card--popular', current && 'package-card--current'].filter(Boolean).join(' ');
  return (
    <li className={classes} data-testid="package-card" data-product-code={pkg.productCode} data-current={current || undefined}>
      <div className="package-card__head">
        <h2 className="package-card__name">
          {pkg.productName}
        </h2>
        {current && <span className="badge package-card__badge package-card__badge--current">{t('hostingChoice.current')}</span>}
        {pkg.mostChosen && !current && <span className="badge package-card__badge">{t('hostingChoice.mostChosen')}</span>}
      </div>
      <p className="package-card__price">
        <Price cents={pkg.discountedPrice} original={pkg.originalPrice} suffix={t('services.perMonth')} />
      </p>
      <ul className="package-card__features">
        <li>{t('services.diskSpace', { value: pkg.diskSpace })}</li>
        <li>{t('services.dataTraffic', { value: pkg.dataTraffic })}</li>
        {pkg.features.map((feature) => (
          <li key={feature}>{featureText(feature, t)}</li>
        ))}
      </ul>
      {form === null ? (
        <div className="package-card__form">
          <Button type="button" size="sm" onClick={onChoose} data-testid="package-choose">
            {t('services.chooseShort')}
            <span className="sr-only"> {pkg.productName}</span>
          </Button>
        </div>
      ) : (
        <form className="package-card__form" method="post" action={form.action} onSubmit={onSubmit}>
          <CsrfField />
          {'domain' in form ? <input type="hidden" name="domain" value={form.domain} /> : <input type="hidden" name="hostingPackageId" value={form.hostingPackageId} />}
          <input type="hidden" name="productCode" value={pkg.productCode} />
          <input type="hidden" name="productId" value={pkg.productId} />
          <Button type="submit" size="sm" busy={sending} disabled={current || waiting} data-testid="package-choose">
            {t('services.chooseShort')}
            <span className="sr-only"> {pkg.productName}</span>
          </Button>
        </form>
      )}
    </li>
  );
}
