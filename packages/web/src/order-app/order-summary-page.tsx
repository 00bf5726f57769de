import { useQuery } from '@tanstack/react-query';
import { continueToProductPath, PAYMENT_STATUS_POLL_MS } from '@kavel/core';
import { useEuro, useT } from '../i18n/use-t.ts';
import { Alert } from '../ui/alert.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { OrderLines } from '../features/orders/order-lines.tsx';
import { OrderLoadError } from '../features/orders/order-load-error.tsx';
import { invoicePath, ordersApi } from '../features/orders/orders-api.ts';
import { RecommendedProducts } from '../features/orders/recommended-products.tsx';
import { OrderAppLayout } from './order-app-layout.tsx';
import { paymentStatusPath } from './order-app-paths.ts';

/**
 * `/bestellen/{id}/overzicht` (spec 001 section 2): which invoice the order went to (a new,
 * closed one, or added to the open one), the products, 'continue to product', the invoice and
 * the recommended products. While the products are being set up the order is read again.
 */
export function OrderSummaryPage({ orderId }: { orderId: number }) {
  const t = useT();
  const euro = useEuro();
  const order = useQuery({
    queryKey: ['order', orderId],
    queryFn: () => ordersApi.order(orderId),
    retry: false,
    refetchInterval: (query) => (query.state.status !== 'error' && query.state.data?.status === 'CONFIRMED' ? PAYMENT_STATUS_POLL_MS : false),
  });
  const data = order.data;

  return (
    <OrderAppLayout title={t('orderSummary.title')} width="medium">
      <div className="order-app__card card order-summary" data-testid="order-summary">
        {order.isPending ? (
          <>
            <h1 className="order-app__title">{t('orderSummary.title')}</h1>
            <Spinner label={t('common.loading')} />
          </>
        ) : !data ? (
          <>
            <h1 className="order-app__title">{t('orderSummary.title')}</h1>
            <OrderLoadError error={order.error} />
          </>
        ) : (
          <>
            <div className="order-summary__head">
              <p className="order-summary__number">{t('orderSummary.orderNumber', { id: data.id })}</p>
              <h1 className="order-app__title">{t('orderSummary.heading')}</h1>
            </div>
            <Alert tone="success" role="none" data-testid="order-invoice-text">
              <p>{t(data.closed ? 'orderSummary.closed' : 'orderSummary.open', { number: data.invoiceNumber, amount: euro(data.amount.value) })}</p>
              <p data-testid="order-status" data-status={data.status}>
                {t(`orderSummary.status.${data.status}`)}
              </p>
            </Alert>
            {data.status === 'AWAITING_PAYMENT' && (
              <p>
                <a href={paymentStatusPath(data.id)}>{t('orderSummary.toPayment')}</a>
              </p>
            )}
            <OrderLines order={data} />
            <div className="order-summary__actions">
              <a className="button button--primary button--md" href={continueToProductPath(data.item.type)} data-testid="continue-to-product">
                {t('orderSummary.continue')}
              </a>
              <a className="button button--secondary button--md" href={invoicePath(data.invoiceId)} data-testid="invoice-link">
                {t('orderSummary.invoice', { number: data.invoiceNumber })}
              </a>
            </div>
          </>
        )}
      </div>
      {data && <RecommendedProducts type={data.item.type} />}
    </OrderAppLayout>
  );
}
