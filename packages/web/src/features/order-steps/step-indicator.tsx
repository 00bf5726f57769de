import type { TextKey } from '@kavel/core';
import { useT } from '../../i18n/use-t.ts';
import { stepAnchor, type StepNumber } from './scroll-to-step.ts';
import type { OrderSteps } from './use-order-steps.ts';

const STEPS: readonly { step: StepNumber; label: TextKey }[] = [
  { step: 1, label: 'steps.domain' },
  { step: 2, label: 'steps.services' },
  { step: 3, label: 'steps.summary' },
];

/** Domain / Services / Summary; a step is a link once it can be reached. */
export function StepIndicator({ steps }: { steps: OrderSteps }) {
  const t = useT();
  return (
    <nav className="step-indicator" aria-label={t('steps.label')} data-testid="step-indicator">
      <ol className="step-indicator__list">
        {STEPS.map(({ step, label }) => {
          const current = steps.current === step;
          const done = step < steps.current;
          const className = ['step-indicator__step', current && 'is-current', done && 'is-done'].filter(Boolean).join(' ');
          const content = (
            <>
              <span className="step-indicator__number" aria-hidden="true">
                {done ? '✓' : step}
              </span>
              <span className="step-indicator__label">{t(label)}</span>
            </>
          );
          return (
            <li key={step} className={className} data-testid={`step-indicator-${step}`} data-current={current || undefined}>
              {steps.isReachable(step) ? (
                <a
                  href={`#${stepAnchor(step)}`}
                  className="step-indicator__link"
                  aria-current={current ? 'step' : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    steps.goTo(step);
                  }}
                >
                  {content}
                </a>
              ) : (
                <span className="step-indicator__link is-disabled" aria-current={current ? 'step' : undefined} aria-disabled="true">
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
