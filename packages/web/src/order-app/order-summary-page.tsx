import { useQuery } from '@tanstack/react-query';
import { continueToProductPath, PAYMENT_STATUS_POLL_MS } from '@kavel/core';
import { useEuro, useLocale, useT } from '../i18n/use-t.ts';
import { Alert } from '../ui/alert.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { DomainHolderPanel } from '../features/orders/domain-holder-panel.tsx';
import { OrderLines } from '../features/orders/order-lines.tsx';
import { OrderLoadError } from '../features/orders/order-load-error.tsx';
import { invoicePath, ordersApi } from '../features/orders/orders-api.ts';
import { RecommendedProducts } from '../features/orders/recommended-products.tsx';
import { OrderAppLayout } from './order-app-layout.tsx';
import { paymentStatusPath } from './order-app-paths.ts';

/**
 * `/bestellen/{id}/overzicht` (spec 001 section 2): which invoice the order went to (a new,
 * closed one, or added to the open one), the products, 'continue to product', the invoice and
 * the recommended products, and the holder of the domain the order brought in (with its change).
 * While the products are being set up the order is read again; a
 * transfer that waits for the losing registrar is named with the date the registry expects.
 */
/** A domain the order brought in (registered or moved in): once delivered, it has a holder to show. */
const DOMAIN_LINE_TYPES: ReadonlySet<string> = new Set(['DOMAIN', 'DOMAIN_TRANSFER']);

/** How often an order whose transfer waits for the losing registrar is read again. */
const TRANSFER_POLL_MS = 30_000;

export function OrderSummaryPage({ orderId }: { orderId: number }) {
  const t = useT();
  const euro = useEuro();
  const locale = useLocale();
  const dateTime = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'nl-NL', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Amsterdam' });
  const order = useQuery({
    queryKey: ['order', orderId],
    queryFn: () => ordersApi.order(orderId),
    retry: false,
    // A transfer waits days for the losing registrar: read again, but less often.
    refetchInterval: (query) =>
      query.state.status !== 'error' && query.state.data?.status === 'CONFIRMED'
        ? (query.state.data.pendingTransfers.length > 0 ? TRANSFER_POLL_MS : PAYMENT_STATUS_POLL_MS)
        : false,
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
            {data.pendingTransfers.length > 0 && (
              <Alert tone="info" role="none" data-testid="order-pending-transfers">
                {data.pendingTransfers.map((transfer) => (
                  <p key={transfer.domain} data-testid="order-pending-transfer" data-domain={transfer.domain}>
                    {transfer.expectedAt
                      ? t('orderSummary.transferPending', { domain: transfer.domain, date: dateTime.format(new Date(transfer.expectedAt)) })
                      : t('orderSummary.transferPendingUndated', { domain: transfer.domain })}
                  </p>
                ))}
              </Alert>
            )}
            {data.status === 'AWAITING_PAYMENT' && (
              <p>
                <a href={paymentStatusPath(data.id)}>{t('orderSummary.toPayment')}</a>
              </p>
            )}
            <OrderLines order={data} />
            {data.status === 'FULFILLED' && data.lines.some((line) => DOMAIN_LINE_TYPES.has(line.productType) && line.title === data.item.title) && <DomainHolderPanel domain={data.item.title} />}
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
