import { useId, useState } from 'react';
import { serviceTypeOf, type TBasketItem, type TCatalogue, type TServiceType } from '@kavel/core';
import { useT } from '../../i18n/use-t.ts';
import { Button } from '../../ui/button.tsx';
import { RadioGroup } from '../../ui/radio-group.tsx';
import { CurrentHolder } from './current-holder.tsx';
import { DOMAIN_BADGE } from './domain-badge.ts';
import { HolderModal } from './holder-modal.tsx';
import { HostingExtras } from './hosting-extras.tsx';
import { HostingPackages } from './hosting-packages.tsx';
import { RedirectForm } from './redirect-form.tsx';
import { TransferSection } from './transfer-section.tsx';
import { useActiveExtras } from './use-active-extras.ts';
import { useSetServiceType } from './use-services.ts';

interface ServiceCardProps {
  item: TBasketItem;
  catalogue: TCatalogue;
  /** A Continue found something to fix on this card. */
  marked: boolean;
  /** The domain-holder button: logged in and not a hosting upgrade. */
  canChooseHolder: boolean;
  hostingUpgrade: boolean;
}

/** One domain of step 2: hosting, registration only or redirect, and for a transfer its section. */
export function ServiceCard({ item, catalogue, marked, canChooseHolder, hostingUpgrade }: ServiceCardProps) {
  const t = useT();
  const headingId = useId();
  const setType = useSetServiceType();
  const [holderOpen, setHolderOpen] = useState(false);
  // The type just chosen, shown at once while the call runs (a controlled radio would flip back).
  const [typeIntent, setTypeIntent] = useState<TServiceType | null>(null);
  const type = typeIntent ?? serviceTypeOf(item, item.connectedItem);
  const hasHosting = item.connectedItem.some((child) => child.productType === 'LINUX_PACKAGE');
  const product = (kind: 'REDIRECT' | 'TRANSFER_CODE') => catalogue.basketProducts.find((candidate) => candidate.productType === kind);
  const isTransfer = item.domainKind === 'TRANSFER';
  // Spec 000 section 4: in a hosting upgrade the hosting choice needs connected hosting on an invoiced domain.
  const hostingLocked = hostingUpgrade && (!hasHosting || !item.invoiced);
  const activeExtras = useActiveExtras(item, hostingUpgrade);

  return (
    <article className="service-card" aria-labelledby={headingId} data-testid="service-card" data-domain={item.title} data-service-type={serviceTypeOf(item, item.connectedItem)}>
      <header className="service-card__head">
        <h3 className="service-card__title" id={headingId}>
          {item.title}
        </h3>
        <span className="badge" data-testid="domain-kind">
          {t(DOMAIN_BADGE[item.domainKind ?? 'REGISTRATION'])}
        </span>
        {canChooseHolder && (
          <Button variant="ghost" size="sm" className="service-card__holder" onClick={() => setHolderOpen(true)} data-testid="holder-button">
            {t('services.holderButton')}
          </Button>
        )}
      </header>
      {canChooseHolder && <CurrentHolder item={item} />}
      {item.domainKind === 'OWN_DOMAIN' && <p className="services-note">{t('services.ownDomain')}</p>}
      {/* The server says which choices make sense: only hosting for a domain the customer has already. */}
      {item.serviceTypes.length > 1 && (
        <RadioGroup
          legend={t('services.typeLegend', { domain: item.title })}
          name={`service-${item.unique}`}
          value={type}
          disabled={setType.isPending}
          options={item.serviceTypes.map((value) => ({ value, label: t(`services.type.${value}`), disabled: value === 'HOSTING' && hostingLocked }))}
          onChange={(value) => {
            const serviceType = value as TServiceType;
            setTypeIntent(serviceType);
            setType.mutate({ unique: item.unique, serviceType }, { onSettled: () => setTypeIntent(null) });
          }}
          data-testid="service-type"
        />
      )}
      {type === 'HOSTING' && (
        <>
          <HostingPackages item={item} packages={catalogue.hostingPackages} disabled={hostingLocked && !hasHosting} />
          {hasHosting && <HostingExtras item={item} extras={catalogue.extraServices} installs={catalogue.freeInstalls} active={activeExtras} />}
        </>
      )}
      {type === 'REGISTRATION_ONLY' && <p className="services-note">{t('services.registrationOnly')}</p>}
      {type === 'REDIRECT' && <RedirectForm item={item} product={product('REDIRECT')} marked={marked} />}
      {isTransfer && <TransferSection item={item} product={product('TRANSFER_CODE')} marked={marked} />}
      {canChooseHolder && holderOpen && <HolderModal item={item} open onClose={() => setHolderOpen(false)} />}
    </article>
  );
}
