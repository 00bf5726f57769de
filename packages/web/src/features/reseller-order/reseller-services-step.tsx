import { useId } from 'react';
import type { TBasketItem, TCatalogue } from '@kavel/core';
import { useT } from '../../i18n/use-t.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { useBasket } from '../basket/use-basket.ts';
import { useCatalogue } from '../domain-search/use-catalogue.ts';
import { DOMAIN_BADGE } from '../services/domain-badge.ts';
import { HostingPackages } from '../services/hosting-packages.tsx';
import { ResellerTransferSection } from './reseller-transfer-section.tsx';
import { useResellerT } from './reseller-texts.ts';
import '../services/services.css';

/**
 * Step 2 of the reseller wizard (spec 000 section 4, spec 001 section 4): per domain the reseller
 * packages (three, or only the chosen one with 'change'), and for a transfer its section. A
 * domain without a package is ordered as a registration only; the reseller channel sells no
 * extras or redirects.
 */
export function ResellerServicesStep({ marked }: { marked: ReadonlySet<string> }) {
  const t = useT();
  const rt = useResellerT();
  const basket = useBasket().data;
  const catalogue = useCatalogue();
  const domains = (basket?.items ?? []).filter((item) => item.productType === 'DOMAIN' || item.productType === 'DOMAIN_TRANSFER');

  if (!basket || domains.length === 0) return <p className="step__placeholder muted">{t('step2.empty')}</p>;
  if (!catalogue.data) return <Spinner label={t('common.loading')} />;
  return (
    <div className="services" data-testid="services">
      <p className="services__intro" data-testid="services-intro">
        {rt('servicesIntro')}
      </p>
      {domains.map((item) => (
        <ResellerServiceCard key={item.unique} item={item} catalogue={catalogue.data} marked={marked.has(item.unique)} />
      ))}
    </div>
  );
}

function ResellerServiceCard({ item, catalogue, marked }: { item: TBasketItem; catalogue: TCatalogue; marked: boolean }) {
  const t = useT();
  const rt = useResellerT();
  const headingId = useId();
  const transferProduct = catalogue.basketProducts.find((product) => product.productType === 'TRANSFER_CODE');
  return (
    <article className="service-card" aria-labelledby={headingId} data-testid="service-card" data-domain={item.title}>
      <header className="service-card__head">
        <h3 className="service-card__title" id={headingId}>
          {item.title}
        </h3>
        <span className="badge" data-testid="domain-kind">
          {t(DOMAIN_BADGE[item.domainKind ?? 'REGISTRATION'])}
        </span>
      </header>
      <HostingPackages item={item} packages={catalogue.hostingPackages} note={rt('packagesNote')} />
      {item.domainKind === 'TRANSFER' && <ResellerTransferSection item={item} product={transferProduct} marked={marked} />}
    </article>
  );
}
