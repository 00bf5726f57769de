import { useT } from '../../i18n/use-t.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { useBasket } from '../basket/use-basket.ts';
import { useCatalogue } from '../domain-search/use-catalogue.ts';
import { BasketOptions } from './basket-options.tsx';
import { ServiceCard } from './service-card.tsx';
import { useLoggedIn } from './use-services.ts';
import './services.css';

/** Step 2: one service card per domain in the basket (spec 000 sections 2 and 4). */
export function ServicesStep({ marked }: { marked: ReadonlySet<string> }) {
  const t = useT();
  const basket = useBasket().data;
  const catalogue = useCatalogue();
  const loggedIn = useLoggedIn();
  const domains = (basket?.items ?? []).filter((item) => item.productType === 'DOMAIN' || item.productType === 'DOMAIN_TRANSFER');

  if (!basket || domains.length === 0) return <p className="step__placeholder muted">{t('step2.empty')}</p>;
  if (!catalogue.data) return <Spinner label={t('common.loading')} />;
  return (
    <div className="services" data-testid="services">
      <p className="services__intro" data-testid="services-intro">{t('step2.intro')}</p>
      {domains.map((item) => (
        <ServiceCard
          key={item.unique}
          item={item}
          catalogue={catalogue.data}
          marked={marked.has(item.unique)}
          canChooseHolder={loggedIn && !basket.hostingUpgrade}
          hostingUpgrade={basket.hostingUpgrade}
        />
      ))}
      <BasketOptions basket={basket} />
    </div>
  );
}
