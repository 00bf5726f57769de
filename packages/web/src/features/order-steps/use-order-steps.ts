import { useEffect, useState } from 'react';
import { scrollToStep, scrollToTop, type StepNumber } from './scroll-to-step.ts';
import { keepScrollWithSteps, stepFromHash, writeStepHash } from './step-hash.ts';

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
  /**
   * The step to go to as soon as the basket shows items: 3 when opened with `finalStep=true`, else
   * 2 for a step past 1 in the address (`#step-2`, as a reload keeps it). Null once the basket has answered.
   */
  openAt: 2 | 3 | null;
}

/**
 * Where the page opens: `finalStep=true` at step 3; else the step in the address, where `#step-3`
 * opens step 2, as step 3 is reached through step 2's check (spec 000 section 4) and its opening
 * asks the proposals again; step 1 needs nothing.
 */
function initialStep(openAtStep3: boolean): 2 | 3 | null {
  if (openAtStep3) return 3;
  const step = stepFromHash(window.location.hash);
  return step === 2 || step === 3 ? 2 : null;
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
 * goes to step 3 once the basket has items; with `openAtStep2` the page opens at step 2. The
 * address carries the current step (`#step-2`, see step-hash.ts): a reload opens that step, so the
 * first 'Doorgaan' after it goes on from the step in view.
 */
export function useOrderSteps(
  hasItems: boolean,
  options: { openAtStep3: boolean; basketLoaded: boolean; openAtStep2?: boolean } = { openAtStep3: false, basketLoaded: true },
): OrderSteps {
  const [state, setState] = useState<StepsState>(() => ({ current: 1, step3Open: false, hadItems: false, scroll: null, openAt: initialStep(options.openAtStep3) }));

  let view = state;
  if (state.openAt !== null && options.basketLoaded && !hasItems) {
    // An empty basket: nothing to finish; a domain added later should not jump to step 2 or 3.
    view = { ...state, openAt: null };
    setState(view);
  } else if (state.hadItems !== hasItems) {
    const seq = (state.scroll?.seq ?? 0) + 1;
    if (!hasItems) view = { current: 1, step3Open: false, hadItems: false, scroll: { target: 'top', seq }, openAt: null };
    else if (state.openAt === 3) view = { current: 3, step3Open: true, hadItems: true, scroll: { target: 3, seq }, openAt: null };
    // A basket holding a hosting upgrade (an owned domain's package), or in the reseller wizard a
    // reseller package, starts at its services (spec 000 section 2, spec 001 section 4); so does
    // a reload at step 2.
    else if (state.openAt === 2 || options.openAtStep2) view = { ...state, current: 2, hadItems: true, scroll: { target: 2, seq }, openAt: null };
    else view = { ...state, hadItems: true, openAt: null };
    setState(view);
  }

  const scroll = view.scroll;
  useEffect(() => {
    if (!scroll) return;
    if (scroll.target === 'top') scrollToTop();
    else scrollToStep(scroll.target);
  }, [scroll]);

  // The address follows the current step once the basket has said where the page opens.
  const settled = options.basketLoaded && view.openAt === null;
  const current = view.current;
  useEffect(() => {
    if (settled) writeStepHash(current);
  }, [settled, current]);
  useEffect(keepScrollWithSteps, []);

  const isReachable = (step: StepNumber) => step === 1 || (step === 2 && hasItems) || (step === 3 && hasItems && view.step3Open);

  const goTo = (step: StepNumber) =>
    setState((s) => ({
      ...s,
      current: step,
      step3Open: s.step3Open || step === 3,
      scroll: { target: step, seq: (s.scroll?.seq ?? 0) + 1 },
    }));

  // A step's anchor followed within the page (a link to `#step-1`) makes that step current, when it can be reached.
  useEffect(() => {
    const onHashChange = () => {
      const step = stepFromHash(window.location.hash) ?? 1;
      setState((s) => {
        const reachable = step === 1 || (s.hadItems && (step === 2 || s.step3Open));
        return step === s.current || !reachable ? s : { ...s, current: step, scroll: { target: step, seq: (s.scroll?.seq ?? 0) + 1 } };
      });
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  return {
    current: view.current,
    step3Open: view.step3Open && hasItems,
    isReachable,
    goTo,
    next: () => goTo(view.current === 1 ? 2 : 3),
  };
}
