import { lazy, Suspense, useEffect } from 'react';
import { useT } from '../i18n/use-t.ts';
import { BasketBar } from '../features/basket/basket-bar.tsx';
import { SideBasket } from '../features/basket/side-basket.tsx';
import { useBasket } from '../features/basket/use-basket.ts';
import { DomainSearch } from '../features/domain-search/domain-search.tsx';
import { useAuth } from '../features/accounts/use-auth.ts';
import { StepIndicator } from '../features/order-steps/step-indicator.tsx';
import { StepSection } from '../features/order-steps/step-section.tsx';
import { useOrderSteps } from '../features/order-steps/use-order-steps.ts';
import { useServicesCheck } from '../features/services/use-services-check.ts';
import { Spinner } from '../ui/spinner.tsx';
import { OrderErrorModal } from './order-error-modal.tsx';
import { SiteHeader } from './site-header.tsx';
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
  useAuth();
  const hasItems = (basket.data?.items.length ?? 0) > 0;
  const steps = useOrderSteps(hasItems, { openAtStep3: new URLSearchParams(window.location.search).get('finalStep') === 'true', basketLoaded: basket.isSuccess, hostingUpgrade: basket.data?.hostingUpgrade === true });
  const servicesCheck = useServicesCheck();
  useDocumentTitle(t('page.title'));
  // From step 2 the cards are checked (here and by the server) before step 3 opens.
  const onContinue = steps.current === 2 ? () => void servicesCheck.run().then((valid) => valid && steps.next()) : steps.next;

  useEffect(() => whenIdle(() => void loadServicesStep()), []);
  useEffect(() => {
    if (!hasItems) return;
    void loadServicesStep();
    void loadCheckoutStep();
  }, [hasItems]);

  return (
    <>
      <SiteHeader />
      <main className="order-page">
        <h1 className="order-page__title">{t('page.title')}</h1>
        <StepIndicator steps={steps} />
        <div className="order-layout">
          <div className="order-layout__steps">
            <StepSection step={1} title={t('step1.heading')} current={steps.current === 1}>
              <DomainSearch />
            </StepSection>
            <StepSection step={2} title={t('step2.heading')} current={steps.current === 2}>
              {hasItems ? (
                <Suspense fallback={<Spinner label={t('common.loading')} />}>
                  <ServicesStep marked={servicesCheck.marked} />
                </Suspense>
              ) : (
                <p className="step__placeholder muted">{t('step2.empty')}</p>
              )}
            </StepSection>
            {steps.step3Open && (
              <StepSection step={3} title={t('step3.heading')} current={steps.current === 3}>
                <Suspense fallback={<Spinner label={t('common.loading')} />}>
                  <CheckoutStep active={steps.current === 3} />
                </Suspense>
              </StepSection>
            )}
          </div>
          <SideBasket showContinue={steps.current < 3} onContinue={onContinue} continueBusy={servicesCheck.busy} />
        </div>
        <BasketBar showContinue={steps.current < 3} onContinue={onContinue} continueBusy={servicesCheck.busy} />
      </main>
      <OrderErrorModal domainIsMissingForHosting={basket.data?.domainIsMissingForHosting === true} />
    </>
  );
}
