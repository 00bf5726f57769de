import { useId, type ReactNode } from 'react';
import { stepAnchor, type StepNumber } from './scroll-to-step.ts';

interface StepSectionProps {
  step: StepNumber;
  title: string;
  current: boolean;
  children: ReactNode;
}

/** One of the stacked steps, with the anchor (`step-1`...) the indicator and the scroll use. */
export function StepSection({ step, title, current, children }: StepSectionProps) {
  const headingId = useId();
  return (
    <section id={stepAnchor(step)} className={current ? 'step card is-current' : 'step card'} aria-labelledby={headingId} data-testid={stepAnchor(step)}>
      <h2 className="step__heading" id={headingId} tabIndex={-1} data-step-heading>
        <span className="step__number" aria-hidden="true">
          {step}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}
