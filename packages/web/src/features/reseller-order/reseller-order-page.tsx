import { lazy, Suspense, useEffect } from 'react';
import { ACCOUNT_PAGES, type TCustomerSummary } from '@kavel/core';
import { OrderPageLayout } from '../../app/order-page-layout.tsx';
import { navigate } from '../../app/router.ts';
import { SiteHeader } from '../../app/site-header.tsx';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { whenIdle } from '../../app/when-idle.ts';
import { useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useAuth } from '../accounts/use-auth.ts';
import { OrderChannelProvider } from '../basket/order-channel.tsx';
import { useBasket } from '../basket/use-basket.ts';
import { useOrderSteps } from '../order-steps/use-order-steps.ts';
import { useServicesCheck } from '../services/use-services-check.ts';
import { RESELLER_CHANNEL } from './reseller-channel.ts';
import { ResellerPriceList } from './reseller-price-list.tsx';
import { useResellerT } from './reseller-texts.ts';
import '../accounts/accounts.css';
import './reseller-order.css';

// As on the shop's order page, only step 1 is in the first download: step 2 (the package cards)
// loads when the basket has something in it, or earlier when the browser is idle; step 3 (payment
// and its form library) when there is something to order. The login form only for a visitor.
const loadServicesStep = () => import('./reseller-services-step.tsx');
const ResellerServicesStep = lazy(() => loadServicesStep().then((m) => ({ default: m.ResellerServicesStep })));
const loadCheckoutStep = () => import('./reseller-checkout-step.tsx');
const ResellerCheckoutStep = lazy(() => loadCheckoutStep().then((m) => ({ default: m.ResellerCheckoutStep })));
const LoginForm = lazy(() => import('../accounts/login-form.tsx').then((m) => ({ default: m.LoginForm })));
const ResellerOnly = lazy(() => import('./reseller-only.tsx').then((m) => ({ default: m.ResellerOnly })));

/**
 * `/bestelprocedure-reseller` (spec 000 sections 1, 6 and 7): the order page's parts on the
 * reseller's own basket and calls. Only a logged-in reseller orders here: a visitor is asked to
 * log in, a customer who is no reseller is sent to the shop's order page.
 */
export function ResellerOrderPage() {
  const t = useT();
  const rt = useResellerT();
  const auth = useAuth();
  useDocumentTitle(rt('title'));
  const customer = auth.data?.loggedIn ? auth.data.customer : null;
  if (customer?.isReseller) {
    return (
      <OrderChannelProvider value={RESELLER_CHANNEL}>
        <ResellerOrder customer={customer} />
      </OrderChannelProvider>
    );
  }
  return (
    <>
      <SiteHeader />
      <main className="order-page reseller-gate">
        <h1 className="order-page__title">{rt('title')}</h1>
        <div className="card reseller-gate__card">
          {auth.isPending ? <Spinner label={t('common.loading')} /> : auth.isError ? <Alert tone="danger">{t('error.generic')}</Alert> : <ResellerGate customer={customer} />}
        </div>
      </main>
    </>
  );
}

function ResellerGate({ customer }: { customer: TCustomerSummary | null }) {
  const t = useT();
  const rt = useResellerT();
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} />}>
      {customer ? (
        <ResellerOnly />
      ) : (
        <div className="account-gate" data-testid="reseller-login-needed">
          <p>{rt('loginNeeded')}</p>
          <LoginForm onLoggedIn={() => undefined} onForgotPassword={() => navigate(ACCOUNT_PAGES.forgotPassword)} />
        </div>
      )}
    </Suspense>
  );
}

function ResellerOrder({ customer }: { customer: TCustomerSummary }) {
  const t = useT();
  const rt = useResellerT();
  const basket = useBasket();
  const hasItems = (basket.data?.items.length ?? 0) > 0;
  // Spec 001 section 4: a basket that already holds a reseller package opens at step 2.
  const hasPackage = basket.data?.items.some((item) => item.connectedItem.some((child) => child.productType === 'RESELLER_PACKAGE')) === true;
  const steps = useOrderSteps(hasItems, { openAtStep3: false, basketLoaded: basket.isSuccess, openAtStep2: hasPackage });
  const servicesCheck = useServicesCheck(false);
  const onContinue = steps.current === 2 ? () => void servicesCheck.run().then((valid) => valid && steps.next()) : steps.next;
  useEffect(() => whenIdle(() => void loadServicesStep()), []);
  useEffect(() => {
    if (!hasItems) return;
    void loadServicesStep();
    void loadCheckoutStep();
  }, [hasItems]);
  return (
    <OrderPageLayout
      title={rt('title')}
      steps={steps}
      onContinue={onContinue}
      continueBusy={servicesCheck.busy}
      domainIsMissingForHosting={false}
      basketNote={<ResellerPriceList priceList={basket.data?.priceList} />}
      step2={
        hasItems ? (
          <Suspense fallback={<Spinner label={t('common.loading')} />}>
            <ResellerServicesStep marked={servicesCheck.marked} />
          </Suspense>
        ) : (
          <p className="step__placeholder muted">{t('step2.empty')}</p>
        )
      }
      step3={
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <ResellerCheckoutStep active={steps.current === 3} customer={customer} />
        </Suspense>
      }
    />
  );
}
