import type { ReactNode } from 'react';
import { BasketBar } from '../features/basket/basket-bar.tsx';
import { SideBasket } from '../features/basket/side-basket.tsx';
import { DomainSearch } from '../features/domain-search/domain-search.tsx';
import { StepIndicator } from '../features/order-steps/step-indicator.tsx';
import { StepSection } from '../features/order-steps/step-section.tsx';
import type { OrderSteps } from '../features/order-steps/use-order-steps.ts';
import { useT } from '../i18n/use-t.ts';
import { OrderErrorModal } from './order-error-modal.tsx';
import { SiteHeader } from './site-header.tsx';

interface OrderPageLayoutProps {
  title: string;
  steps: OrderSteps;
  /** Step 2's content (the services, or the placeholder of an empty basket). */
  step2: ReactNode;
  /** Step 3's content, rendered once step 3 is open. */
  step3: ReactNode;
  onContinue(): void;
  continueBusy: boolean;
  domainIsMissingForHosting: boolean;
  /** Shown in the basket above its totals (the reseller's price list). */
  basketNote?: ReactNode;
}

/**
 * The order page's frame, shared by the shop (`/bestelprocedure`) and the reseller variant
 * (`/bestelprocedure-reseller`): three stacked steps with step 1's search, the 'Selection' basket
 * beside them (below on a phone, with the sticky bar) and the order error modal. The channel the
 * parts work against comes from the `OrderChannel` context around it.
 */
export function OrderPageLayout({ title, steps, step2, step3, onContinue, continueBusy, domainIsMissingForHosting, basketNote }: OrderPageLayoutProps) {
  const t = useT();
  return (
    <>
      <SiteHeader />
      <main className="order-page">
        <h1 className="order-page__title">{title}</h1>
        <StepIndicator steps={steps} />
        <div className="order-layout">
          <div className="order-layout__steps">
            <StepSection step={1} title={t('step1.heading')} current={steps.current === 1}>
              <DomainSearch />
            </StepSection>
            <StepSection step={2} title={t('step2.heading')} current={steps.current === 2}>
              {step2}
            </StepSection>
            {steps.step3Open && (
              <StepSection step={3} title={t('step3.heading')} current={steps.current === 3}>
                {step3}
              </StepSection>
            )}
          </div>
          <SideBasket showContinue={steps.current < 3} onContinue={onContinue} continueBusy={continueBusy} note={basketNote} />
        </div>
        <BasketBar showContinue={steps.current < 3} onContinue={onContinue} continueBusy={continueBusy} />
      </main>
      <OrderErrorModal domainIsMissingForHosting={domainIsMissingForHosting} />
    </>
  );
}
