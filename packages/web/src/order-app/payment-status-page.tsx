import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAYMENT_STATUS_POLL_MS } from '@kavel/core';
import { ApiError } from '../api/client.ts';
import { navigate } from '../app/router.ts';
import { useT } from '../i18n/use-t.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { OrderLoadError } from '../features/orders/order-load-error.tsx';
import { ordersApi } from '../features/orders/orders-api.ts';
import { paymentStatusView } from '../features/orders/payment-status-view.ts';
import { OrderAppLayout } from './order-app-layout.tsx';
import { orderSummaryPath } from './order-app-paths.ts';

/**
 * `/bestellen/{id}/betalingsstatus` (spec 001 sections 2 and 4): the status of the order's
 * latest payment, asked every 2 s while it may still change, and a pay button that leads to the
 * provider's page (the open payment, or a new one after a cancel or expiry).
 */
export function PaymentStatusPage({ orderId }: { orderId: number }) {
  const t = useT();
  const status = useQuery({
    queryKey: ['payment-status', orderId],
    queryFn: () => ordersApi.paymentStatus(orderId),
    // A failed poll (a 500) stops polling; the page says so.
    retry: false,
    refetchInterval: (query) => (query.state.status !== 'error' && query.state.data && paymentStatusView(query.state.data.lastOmnikassaStatus).polling ? PAYMENT_STATUS_POLL_MS : false),
  });
  // An order that no longer waits for a payment (paid, or placed on account or by direct debit) has only its summary.
  const order = useQuery({ queryKey: ['order', orderId], queryFn: () => ordersApi.order(orderId), retry: false });
  const view = status.data ? paymentStatusView(status.data.lastOmnikassaStatus) : null;
  const done = view?.paid === true || (order.data !== undefined && order.data.status !== 'AWAITING_PAYMENT');

  const queryClient = useQueryClient();
  useEffect(() => {
    if (!done) return;
    // The order read here may predate the payment: the summary reads it anew.
    queryClient.removeQueries({ queryKey: ['order', orderId] });
    navigate(orderSummaryPath(orderId), { replace: true });
  }, [done, orderId, queryClient]);

  const pay = useMutation({
    mutationFn: () => ordersApi.paymentLink(orderId),
    meta: { inlineErrors: true },
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => {
      // 409: the order is paid after all.
      if (error instanceof ApiError && error.status === 409) navigate(orderSummaryPath(orderId), { replace: true });
    },
  });
  const statusText = view ? t(view.text) : '';
  const title = t('paymentStatus.heading', { id: orderId });

  return (
    <OrderAppLayout title={statusText ? `${title}: ${statusText}` : title}>
      <div className="order-app__card card payment-status" data-testid="payment-status-page">
        <div className="order-summary__head">
          <p className="order-summary__number">{t('orderSummary.orderNumber', { id: orderId })}</p>
          <h1 className="order-app__title">{t('paymentStatus.title')}</h1>
        </div>
        {status.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : status.isError && !status.data ? (
          <OrderLoadError error={status.error} />
        ) : (
          <>
            <p className="payment-status__text" role="status" data-testid="payment-status" data-status={status.data?.lastOmnikassaStatus ?? 'NONE'}>
              {view?.polling && <Spinner size="sm" />}
              {statusText}
            </p>
            {status.isError && <Alert tone="danger">{t('error.generic')}</Alert>}
            {(status.data?.lastOmnikassaStatus === 'CANCELLED' || status.data?.lastOmnikassaStatus === 'EXPIRED') && <p className="muted">{t('paymentStatus.payAgain')}</p>}
            {pay.isError && !(pay.error instanceof ApiError && pay.error.status === 409) && (
              <Alert tone="danger">{pay.error instanceof ApiError && pay.error.status === 400 ? pay.error.body.message : t('error.generic')}</Alert>
            )}
            <div className="form-actions">
              <Button disabled={!view?.canPay || pay.isSuccess} busy={pay.isPending} onClick={() => pay.mutate()} data-testid="payment-status-pay">
                {t('paymentStatus.pay')}
              </Button>
            </div>
          </>
        )}
      </div>
    </OrderAppLayout>
  );
}
