export type StepNumber = 1 | 2 | 3;

export const stepAnchor = (step: StepNumber): string => `step-${step}`;

function behavior(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/** Scrolls a step's section into view and moves keyboard focus to its heading. */
export function scrollToStep(step: StepNumber): void {
  const section = document.getElementById(stepAnchor(step));
  if (!section) return;
  section.scrollIntoView({ behavior: behavior(), block: 'start' });
  section.querySelector<HTMLElement>('[data-step-heading]')?.focus({ preventScroll: true });
}

export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: behavior() });
}
