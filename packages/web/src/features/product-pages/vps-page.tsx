import { Spinner } from '../../ui/spinner.tsx';
import { LoadFailure } from '../account-area/account-list.tsx';
import { orderProduct } from './local-basket.ts';
import { ProductCard, ProductPageLayout } from './product-layout.tsx';
import { useProductT } from './product-texts.ts';
import { useOrderProducts } from './products-api.ts';

/** `/hosting/vps`: the VPS packages with their specification, per month. */
export function VpsPage() {
  const t = useProductT();
  const products = useOrderProducts();
  return (
    <ProductPageLayout title={t('vps.title')} intro={t('vps.intro')} testId="vps-page">
      {products.isPending ? (
        <Spinner label={t('vps.title')} />
      ) : products.isError ? (
        <LoadFailure error={products.error} onRetry={() => void products.refetch()} />
      ) : (
        <ul className="product-grid" aria-label={t('vps.title')}>
          {products.data.vps.map((vps) => (
            <ProductCard
              key={vps.productId}
              name={vps.productName}
              code={vps.productCode}
              cents={vps.price}
              features={[t('vps.cpu', { count: vps.spec.vCpu }), t('vps.memory', { count: vps.spec.memoryGb }), t('vps.disk', { count: vps.spec.diskGb }), t('vps.traffic', { count: vps.spec.trafficTb })]}
              onOrder={() => orderProduct({ type: 'vpspackage', productId: vps.productId, productCode: vps.productCode })}
            />
          ))}
        </ul>
      )}
    </ProductPageLayout>
  );
}
