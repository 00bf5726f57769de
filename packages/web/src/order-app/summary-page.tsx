import { capitalized, message, type TLocalBasket, type TOrderAppPeriod } from '@kavel/core';
import { orderAppContracts } from '@kavel/core/contracts/order-app';
import { orderContracts } from '@kavel/core/contracts/orders';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, call } from '../api/client.ts';
import { navigate } from '../app/router.ts';
import { useAuth } from '../features/accounts/use-auth.ts';
import { useLocale, usePeriodText } from '../i18n/use-t.ts';
import { clearLocalBasket, saveLocalBasket, storedLocalBasket } from '../features/product-pages/local-basket.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { SelectField } from '../ui/select-field.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { OrderAppLayout } from './order-app-layout.tsx';
import { loginPathReturningTo, ORDER_APP_PATHS, orderSummaryPath, paymentStatusPath } from './order-app-paths.ts';
import { isOwnedDomain, orderBasketKey } from './order-basket.ts';
import { OwnedDomainAlert } from './owned-domain-alert.tsx';
import { SummaryDomainFirst } from './summary-domain-first.tsx';
import { SummaryInfo, SummaryTerms } from './summary-info.tsx';
import { SummaryPriceBreakdown } from './summary-price-breakdown.tsx';
import { SummaryProductRow } from './summary-product-row.tsx';
import { useOrderAppT } from './use-order-app-t.ts';
import './summary.css';

/** What went wrong with an order or cancel: a refusal's own message and field errors, else the generic text. */
function failureOf(error: unknown, generic: string): { message: string; fieldErrors: Record<string, string> } {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
    return { message: error.body.message, fieldErrors: error.body.fieldErrors ?? {} };
  }
  return { message: generic, fieldErrors: {} };
}

/**
 * `/bestellen/samenvatting` ('Bestellen', spec 001 sections 2 and 4): the converted basket with a
 * row per product, the choices it still needs (transfer code, the domain for Cloudflare or a
 * package, the payment term), the price breakdown, the agreement, and the order button: paid
 * online first ('Bestel en begin direct') or placed at once ('Bestellen'). 'Annuleren' forgets
 * the basket and returns to the page the server names.
 */
export function SummaryPage() {
  const t = useOrderAppT();
  const periodText = usePeriodText();
  const locale = useLocale();
  const [local, setLocal] = useState<TLocalBasket | null>(() => storedLocalBasket());
  const auth = useAuth();
  const customer = auth.data?.loggedIn ? auth.data.customer : null;
  const basket = useQuery({
    queryKey: orderBasketKey(local),
    queryFn: () => call(orderAppContracts.orderAppConvert, { body: local as TLocalBasket }),
    enabled: local !== null,
    retry: false,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  const paymentRequired = useQuery({ queryKey: ['order-app', 'payment-required'], queryFn: () => call(orderAppContracts.orderAppPaymentRequired), enabled: customer !== null, retry: false, staleTime: 0 });
  const [agreed, setAgreed] = useState(false);
  const [token, setToken] = useState(local?.type === 'domain' ? (local.token ?? '') : '');
  const [dnsLater, setDnsLater] = useState(local?.type === 'domain' && local.transferDnsLater === true);
  const [requestId] = useState(() => crypto.randomUUID());
  // Checked here before sending: the required transfer code of a taken domain.
  const [tokenMissing, setTokenMissing] = useState(false);

  useEffect(() => {
    // A missing local basket goes to the entry; so does a visitor (who logs in there).
    if (local === null || (auth.isSuccess && !customer)) navigate(ORDER_APP_PATHS.entry, { replace: true });
  }, [local, auth.isSuccess, customer]);

  const change = (next: TLocalBasket) => {
    saveLocalBasket(next);
    setLocal(next);
  };

  // Set in the click itself, so the button is disabled before a second click arrives (the
  // mutation's pending state reaches the component a moment later).
  const [sending, setSending] = useState(false);
  const order = useMutation({
    meta: { inlineErrors: true },
    mutationFn: async (item: TLocalBasket) => {
      // Spec 001 section 4: the local basket goes when the order is submitted.
      clearLocalBasket();
      if (paymentRequired.data === true) {
        const placed = await call(orderAppContracts.orderAppSendOmnikassa, { body: { basket: item, requestId } });
        // The order is placed: without its payment page, its status page (with a pay button) is next.
        const link = await call(orderContracts.paymentLinkOpen, { params: { id: String(placed.orderId) } }).catch(() => ({ url: paymentStatusPath(placed.orderId) }));
        return { url: link.url };
      }
      const placed = await call(orderAppContracts.orderAppPlace, { body: { basket: item, requestId } });
      return { url: orderSummaryPath(placed.orderId) };
    },
    onSuccess: ({ url }) => (url.startsWith('/') ? navigate(url) : window.location.assign(url)),
    // Not ordered: the basket stays, so the customer can correct it and try again.
    onError: (_error, item) => {
      setSending(false);
      saveLocalBasket(item);
    },
  });

  const cancel = useMutation({
    meta: { inlineErrors: true },
    mutationFn: async () => {
      clearLocalBasket();
      return call(orderAppContracts.orderAppCancel);
    },
    onSuccess: ({ redirectUrl }) => navigate(redirectUrl),
  });

  const data = basket.data;
  const item = data?.items[0];
  const busy = sending || order.isPending || order.isSuccess || cancel.isPending;
  const needsDomain = (item?.type === 'cloudflare' || item?.type === 'hosting') && item.assignedDomain === null;
  // A sub-user may not order (spec 001 section 6): said here, and the button stays disabled.
  const subUser = customer?.isSubUser === true;
  // A package for a customer with no domain with us: the row asks for the domain instead (the order page orders both).
  const noDomainToHost = item?.type === 'hosting' && item.existingDomainProducts.length === 0;
  const failure = order.isError ? failureOf(order.error, t('failed')) : cancel.isError ? failureOf(cancel.error, t('failed')) : null;
  const transfer = local?.type === 'domain' && item?.type === 'domain' && !item.available;
  const fieldErrors = { ...(failure?.fieldErrors ?? {}), ...(tokenMissing ? { token: message(locale, 'orderAppTransferCodeRequired') } : {}) };
  const submit = () => {
    if (!local || !agreed || busy || subUser) return;
    if (transfer && token.trim() === '') {
      setTokenMissing(true);
      document.querySelector<HTMLInputElement>('[data-testid="summary-transfer-code"]')?.focus();
      return;
    }
    setSending(true);
    order.mutate(transfer ? { ...local, token: token.trim(), transferDnsLater: dnsLater } : local);
  };

  return (
    <OrderAppLayout title={t('title')} width="medium">
      <div className="order-app__card card summary" data-testid="order-app-summary">
        <div className="summary__head">
          <h1 className="order-app__title">{t('heading')}</h1>
          <a
            href={ORDER_APP_PATHS.entry}
            className="summary__cancel"
            data-testid="summary-cancel-link"
            onClick={(event) => {
              event.preventDefault();
              if (!busy) cancel.mutate();
            }}
          >
            {t('cancel')}
          </a>
        </div>
        {isOwnedDomain(basket.error) ? (
          <OwnedDomainAlert />
        ) : basket.isError || paymentRequired.isError ? (
          <Alert tone="danger" data-testid="summary-load-failed">
            {t('failed')}
          </Alert>
        ) : !data || !item || paymentRequired.data === undefined ? (
          <Spinner label={t('heading')} />
        ) : noDomainToHost ? (
          <SummaryDomainFirst item={item} busy={busy} onCancel={() => cancel.mutate()} />
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            {data.administrativeCostShouldBeAdded && (
              <Alert tone="info" data-testid="summary-admin-notice">
                <p>{t('adminFee.text')}</p>
                <a href="/control-panel/administratie/gegevens-aanpassen/?from=shop">{t('adminFee.link')}</a>
              </Alert>
            )}
            {basket.isFetching && <Spinner size="sm" />}
            <SummaryProductRow
              item={item}
              choices={{
                token,
                transferDnsLater: dnsLater,
                onToken: (next) => {
                  setToken(next);
                  if (next.trim() !== '') setTokenMissing(false);
                },
                onTransferDnsLater: setDnsLater,
                onDomain: (domain) => local && (local.type === 'cloudflare' || local.type === 'hosting') && change({ ...local, assignedDomain: domain === '' ? undefined : domain }),
                errors: fieldErrors,
                disabled: busy,
              }}
            />
            {data.periods.length > 1 && local && (
              <SelectField
                label={t('period.label')}
                value={data.period}
                disabled={busy}
                options={data.periods.map((period) => ({ value: period, label: capitalized(periodText(period, 'per')) }))}
                onChange={(event) => change({ ...local, period: event.target.value as TOrderAppPeriod })}
                data-testid="summary-period"
              />
            )}
            <SummaryPriceBreakdown basket={data} />
            {paymentRequired.data && !subUser && <SummaryInfo />}
            {subUser && (
              <Alert tone="warning" data-testid="summary-sub-user">
                <p>{message(locale, 'orderSubUser')}</p>
                <a href={loginPathReturningTo(ORDER_APP_PATHS.summary)}>{t('subUserLogin')}</a>
              </Alert>
            )}
            <SummaryTerms agreed={agreed} onChange={setAgreed} disabled={busy || subUser} />
            {failure && (
              <Alert tone="danger" data-testid="summary-order-failed">
                {failure.message}
              </Alert>
            )}
            <div className="form-actions summary__actions">
              <Button type="submit" busy={order.isPending} disabled={!agreed || needsDomain || busy || subUser} data-testid="summary-order">
                {t(paymentRequired.data ? 'orderAndPay' : 'order')}
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => cancel.mutate()} data-testid="summary-cancel">
                {t('cancel')}
              </Button>
            </div>
          </form>
        )}
      </div>
    </OrderAppLayout>
  );
}
