import { stepAnchor, type StepNumber } from './scroll-to-step.ts';

/**
 * The address names the current step (`#step-2`), so that what a reload or a shared link shows is
 * the step the page counts as current. Before, the page always counted step 1 after a reload while
 * the browser showed step 2 (its anchor, or the scroll position it restored): the first
 * 'Doorgaan' then only "left" step 1 and seemed to do nothing.
 */
export function stepFromHash(hash: string): StepNumber | null {
  const match = /^#step-([123])$/.exec(hash);
  return match ? (Number(match[1]) as StepNumber) : null;
}

/** Writes the step into the address without a history entry or a jump; step 1 is the bare address. */
export function writeStepHash(step: StepNumber): void {
  const { pathname, search, hash } = window.location;
  const wanted = step === 1 ? '' : `#${stepAnchor(step)}`;
  // Only the steps' own anchors are replaced: another fragment is left alone on step 1.
  if (hash === wanted || (step === 1 && stepFromHash(hash) === null)) return;
  window.history.replaceState(window.history.state, '', `${pathname}${search}${wanted}`);
}

/**
 * The page shows the step it counts as current, not the place the browser restored on a reload:
 * without a step in the address that is the top (step 1); with one, its anchor.
 */
export function keepScrollWithSteps(): () => void {
  const previous = window.history.scrollRestoration;
  window.history.scrollRestoration = 'manual';
  return () => {
    window.history.scrollRestoration = previous;
  };
}
