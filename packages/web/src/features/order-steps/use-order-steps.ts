import { useEffect, useState } from 'react';
import { scrollToStep, scrollToTop, type StepNumber } from './scroll-to-step.ts';

interface ScrollRequest {
  target: StepNumber | 'top';
  /** Makes each request a new object, so asking twice for the same step scrolls twice. */
  seq: number;
}

interface StepsState {
  current: StepNumber;
  step3Open: boolean;
  hadItems: boolean;
  scroll: ScrollRequest | null;
  /** Opened with `finalStep=true`: go to step 3 as soon as the basket shows items. */
  openAtStep3: boolean;
}

export interface OrderSteps {
  current: StepNumber;
  /** Step 3 exists only once reached; it disappears again when the basket empties. */
  step3Open: boolean;
  isReachable(step: StepNumber): boolean;
  goTo(step: StepNumber): void;
  /** The basket's Continue: step 1 -> 2, step 2 -> 3. */
  next(): void;
}

/**
 * Which step is current. When the basket becomes empty the page returns to the top and step 3 is
 * hidden (spec 000 section 2); that reset is derived while rendering, the scroll is the effect.
 * With `openAtStep3` (the page's `finalStep=true`, e.g. after activating an account) the page
 * goes to step 3 once the basket has items; with `openAtStep2` the page opens at step 2.
 */
export function useOrderSteps(
  hasItems: boolean,
  options: { openAtStep3: boolean; basketLoaded: boolean; openAtStep2?: boolean } = { openAtStep3: false, basketLoaded: true },
): OrderSteps {
  const [state, setState] = useState<StepsState>({ current: 1, step3Open: false, hadItems: false, scroll: null, openAtStep3: options.openAtStep3 });

  let view = state;
  if (state.openAtStep3 && options.basketLoaded && !hasItems) {
    // An empty basket: nothing to finish; a domain added later should not jump to step 3.
    view = { ...state, openAtStep3: false };
    setState(view);
  } else if (state.hadItems !== hasItems) {
    const seq = (state.scroll?.seq ?? 0) + 1;
    if (!hasItems) view = { current: 1, step3Open: false, hadItems: false, scroll: { target: 'top', seq }, openAtStep3: false };
    else if (state.openAtStep3) view = { current: 3, step3Open: true, hadItems: true, scroll: { target: 3, seq }, openAtStep3: false };
    // A basket holding a hosting upgrade (an owned domain's package), or in the reseller wizard a
    // reseller package, starts at its services (spec 000 section 2, spec 001 section 4).
    else if (options.openAtStep2) view = { ...state, current: 2, hadItems: true, scroll: { target: 2, seq } };
    else view = { ...state, hadItems: true };
    setState(view);
  }

  const scroll = view.scroll;
  useEffect(() => {
    if (!scroll) return;
    if (scroll.target === 'top') scrollToTop();
    else scrollToStep(scroll.target);
  }, [scroll]);

  const isReachable = (step: StepNumber) => step === 1 || (step === 2 && hasItems) || (step === 3 && hasItems && view.step3Open);

  const goTo = (step: StepNumber) =>
    setState((s) => ({
      ...s,
      current: step,
      step3Open: s.step3Open || step === 3,
      scroll: { target: step, seq: (s.scroll?.seq ?? 0) + 1 },
    }));

  return {
    current: view.current,
    step3Open: view.step3Open && hasItems,
    isReachable,
    goTo,
    next: () => goTo(view.current === 1 ? 2 : 3),
  };
}
