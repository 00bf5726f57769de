import { useT } from '../i18n/use-t.ts';
import { LanguageSwitch } from '../i18n/language-switch.tsx';
import { SideBasket } from '../features/basket/side-basket.tsx';
import { useBasket } from '../features/basket/use-basket.ts';
import { DomainSearch } from '../features/domain-search/domain-search.tsx';
import { StepIndicator } from '../features/order-steps/step-indicator.tsx';
import { StepSection } from '../features/order-steps/step-section.tsx';
import { useOrderSteps } from '../features/order-steps/use-order-steps.ts';
import { OrderErrorModal } from './order-error-modal.tsx';

/** `/bestelprocedure`: three stacked steps beside the 'Selection' basket. */
export function OrderPage() {
  const t = useT();
  const basket = useBasket();
  const hasItems = (basket.data?.items.length ?? 0) > 0;
  const steps = useOrderSteps(hasItems);

  return (
    <>
      <header className="site-header">
        <div className="site-header__inner">
          <a className="brand" href="/">
            <span className="brand__mark" aria-hidden="true">
              K
            </span>
            Kavel
          </a>
          <LanguageSwitch />
        </div>
      </header>
      <main className="order-page">
        <h1 className="order-page__title">{t('page.title')}</h1>
        <StepIndicator steps={steps} />
        <div className="order-layout">
          <div className="order-layout__steps">
            <StepSection step={1} title={t('step1.heading')} current={steps.current === 1}>
              <DomainSearch />
            </StepSection>
            <StepSection step={2} title={t('step2.heading')} current={steps.current === 2}>
              <p className={hasItems ? 'step__placeholder' : 'step__placeholder muted'}>{t(hasItems ? 'step2.placeholder' : 'step2.empty')}</p>
            </StepSection>
            {steps.step3Open && (
              <StepSection step={3} title={t('step3.heading')} current={steps.current === 3}>
                <p className="step__placeholder">{t('step3.placeholder')}</p>
              </StepSection>
            )}
          </div>
          <SideBasket showContinue={steps.current < 3} onContinue={steps.next} />
        </div>
      </main>
      <OrderErrorModal />
    </>
  );
}
