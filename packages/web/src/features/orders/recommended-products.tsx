import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TOrderItemType } from '@kavel/core';
import { useEuro, useT } from '../../i18n/use-t.ts';
import { ordersApi } from './orders-api.ts';
import { recommendationsFor } from './recommendations.ts';

/** 'Recommended products' of the order summary, each 'vanaf X p/m'. */
export function RecommendedProducts({ type }: { type: TOrderItemType }) {
  const t = useT();
  const euro = useEuro();
  const headingId = useId();
  const prices = useQuery({ queryKey: ['additional-products'], queryFn: ordersApi.additionalProducts, staleTime: 300_000 });
  // An extra on a thank-you page: when it cannot be read it is left out.
  const products = prices.data ? recommendationsFor(type, prices.data) : [];
  if (products.length === 0) return null;
  return (
    <section className="recommended" aria-labelledby={headingId} data-testid="recommended-products">
      <h2 className="order-app__card-title" id={headingId}>
        {t('orderSummary.recommended')}
      </h2>
      <ul className="recommended__list">
        {products.map((product) => (
          <li key={product.key} className="recommended__item" data-testid="recommended-product" data-product={product.key}>
            <a className="recommended__link" href={product.href}>
              <span className="recommended__name">{t(`orderSummary.rec.${product.key}`)}</span>
              <span className="recommended__price">{t('orderSummary.from', { price: euro(product.price) })}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
