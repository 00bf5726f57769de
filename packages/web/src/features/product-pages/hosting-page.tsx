import { Spinner } from '../../ui/spinner.tsx';
import { LoadFailure } from '../account-area/account-list.tsx';
import { orderProduct } from './local-basket.ts';
import { ProductCard, ProductPageLayout } from './product-layout.tsx';
import { useProductT } from './product-texts.ts';
import { useSharedHostings } from './products-api.ts';

/** `/webhosting`: the shared hosting packages, per month; the domain is chosen in the order app. */
export function HostingPage() {
  const t = useProductT();
  const hostings = useSharedHostings();
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
              onOrder={() => orderProduct({ type: 'hosting', productId: hosting.productId, productCode: hosting.productCode })}
            />
          ))}
        </ul>
      )}
    </ProductPageLayout>
  );
}
