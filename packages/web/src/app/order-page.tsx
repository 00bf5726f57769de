import { lazy, Suspense, useEffect } from 'react';
import { ORDER_PAGES } from '@kavel/core';
import { useT } from '../i18n/use-t.ts';
import { useBasket } from '../features/basket/use-basket.ts';
import { useAuth } from '../features/accounts/use-auth.ts';
import { useOrderSteps } from '../features/order-steps/use-order-steps.ts';
import { useServicesCheck } from '../features/services/use-services-check.ts';
import { Spinner } from '../ui/spinner.tsx';
import { OrderPageLayout } from './order-page-layout.tsx';
import { navigate } from './router.ts';
import { useDocumentTitle } from './use-document-title.ts';
import { whenIdle } from './when-idle.ts';

// Only step 1 is in the first download. Step 2 (the service cards) loads when the basket has
// something in it, or earlier when the browser is idle; step 3 (the account forms, the form
// library, payment) loads when there is something to order.
const loadServicesStep = () => import('../features/services/services-step.tsx');
const ServicesStep = lazy(() => loadServicesStep().then((module) => ({ default: module.ServicesStep })));
const loadCheckoutStep = () => import('../features/checkout/checkout-step.tsx');
const CheckoutStep = lazy(() => loadCheckoutStep().then((module) => ({ default: module.CheckoutStep })));

/** `/bestelprocedure`: three stacked steps beside the 'Selection' basket. */
export function OrderPage() {
  const t = useT();
  const basket = useBasket();
  // Who is logged in is asked at once, so a returning customer sees their summary in step 3.
  const auth = useAuth();
  const isReseller = auth.data?.customer?.isReseller === true;
  const hasItems = (basket.data?.items.length ?? 0) > 0;
  const steps = useOrderSteps(hasItems, { openAtStep3: new URLSearchParams(window.location.search).get('finalStep') === 'true', basketLoaded: basket.isSuccess, openAtStep2: basket.data?.hostingUpgrade === true });
  const servicesCheck = useServicesCheck();
  useDocumentTitle(t('page.title'));
  // From step 2 the cards are checked (here and by the server) before step 3 opens.
  const onContinue = steps.current === 2 ? () => void servicesCheck.run().then((valid) => valid && steps.next()) : steps.next;

  // A reseller orders in the reseller variant (spec 000 section 7: the login's `isReseller` picks it).
  useEffect(() => {
    if (isReseller) navigate(ORDER_PAGES.reseller + window.location.search, { replace: true });
  }, [isReseller]);
  useEffect(() => whenIdle(() => void loadServicesStep()), []);
  useEffect(() => {
    if (!hasItems) return;
    void loadServicesStep();
    void loadCheckoutStep();
  }, [hasItems]);

  return (
    <OrderPageLayout
      title={t('page.title')}
      steps={steps}
      onContinue={onContinue}
      continueBusy={servicesCheck.busy}
      domainIsMissingForHosting={basket.data?.domainIsMissingForHosting === true}
      step2={
        hasItems ? (
          <Suspense fallback={<Spinner label={t('common.loading')} />}>
            <ServicesStep marked={servicesCheck.marked} />
          </Suspense>
        ) : (
          <p className="step__placeholder muted">{t('step2.empty')}</p>
        )
      }
      step3={
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <CheckoutStep active={steps.current === 3} />
        </Suspense>
      }
    />
  );
}
