import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { LoadFailure } from '../account-area/account-list.tsx';
import { HostingDomainForm, type HostingPackageChoice } from './hosting-domain-form.tsx';
import { orderProduct } from './local-basket.ts';
import { ProductCard, ProductPageLayout } from './product-layout.tsx';
import { useProductT } from './product-texts.ts';
import { useSharedHostings } from './products-api.ts';

type ChosenPackage = HostingPackageChoice & { name: string };

/**
 * `/webhosting`: the shared hosting packages, per month. Ordering one asks for the domain first
 * (hosting needs one): a new name or a transfer goes to the order page with the package under it;
 * a domain the customer has with us goes to the order app, whose summary lists their domains.
 */
export function HostingPage() {
  const t = useProductT();
  const hostings = useSharedHostings();
  const [chosen, setChosen] = useState<ChosenPackage | null>(null);
  return (
    <ProductPageLayout title={t('hosting.title')} intro={t('hosting.intro')} testId="hosting-page">
      {hostings.isPending ? (
        <Spinner label={t('hosting.title')} />
      ) : hostings.isError ? (
        <LoadFailure error={hostings.error} onRetry={() => void hostings.refetch()} />
      ) : (
        <ul className="product-grid" aria-label={t('hosting.title')}>
          {hostings.data.map((hosting) => (
            <ProductCard
              key={hosting.productId}
              name={hosting.name}
              code={hosting.productCode}
              cents={hosting.discountedPrice}
              original={hosting.originalPrice}
              features={[
                hosting.domainsAmount === 1 ? t('hosting.website') : t('hosting.websites', { count: hosting.domainsAmount }),
                t('hosting.disk', { disk: hosting.discSpace }),
                t('hosting.traffic', { traffic: hosting.dataTraffic }),
              ]}
              onOrder={() => setChosen({ productId: hosting.productId, productCode: hosting.productCode, name: hosting.name })}
            />
          ))}
        </ul>
      )}
      <Modal open={chosen !== null} title={chosen ? t('hosting.forWhich', { product: chosen.name }) : ''} onClose={() => setChosen(null)} closeLabel={t('hosting.cancel')} data-testid="hosting-domain-question">
        {chosen && (
          <div className="hosting-domain">
            <section className="hosting-domain__way">
              <h3>{t('hosting.newDomain')}</h3>
              <HostingDomainForm hosting={chosen} />
            </section>
            <section className="hosting-domain__way">
              <h3>{t('hosting.ownDomain')}</h3>
              <p>{t('hosting.ownDomainHelp')}</p>
              <div>
                <Button variant="secondary" onClick={() => orderProduct({ type: 'hosting', productId: chosen.productId, productCode: chosen.productCode })}>
                  {t('hosting.ownDomainButton')}
                </Button>
              </div>
            </section>
          </div>
        )}
      </Modal>
    </ProductPageLayout>
  );
}
