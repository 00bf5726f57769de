import { useEffect, useState } from 'react';
import { orderErrorStore } from '../../app/order-error-store.ts';
import { useLocale } from '../../i18n/use-t.ts';
import { useBasket } from '../basket/use-basket.ts';
import { servicesApi } from './services-api.ts';

interface Failure {
  message: string;
  /** A new object per attempt, so the scroll and the modal happen on every failed Continue. */
  seq: number;
}

export interface ServicesCheck {
  /** Cards that failed a Continue; their marks stay until the card is fixed. */
  marked: ReadonlySet<string>;
  busy: boolean;
  /** Continue from step 2: the browser's check and the server's; true when step 3 may open. */
  run(): Promise<boolean>;
}

/**
 * Step 2's Continue (spec 000 section 4): when a card needs action the places are marked, the
 * page scrolls to (and focuses) the first, and the order error modal shows the step 2 message.
 * The shop asks the server's verdict too (`validateServices`); the reseller wizard has no such
 * call (spec 001 section 7), so `askServer` is false there and step 3's validation judges.
 */
export function useServicesCheck(askServer = true): ServicesCheck {
  const locale = useLocale();
  const basket = useBasket();
  const [marked, setMarked] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!failure) return;
    const first = document.querySelector<HTMLElement>('#step-2 [data-invalid="true"]');
    first?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    first?.focus({ preventScroll: true });
    orderErrorStore.show(failure.message);
  }, [failure]);

  const run = async (): Promise<boolean> => {
    setBusy(true);
    try {
      // The cards' rules and their messages come with step 2's chunk (which has them loaded by
      // the time Continue can be pressed), not with the order page's first download.
      const { findInvalidServices, invalidServiceMessage, serviceCardsOf } = await import('./service-card-rules.ts');
      const local = findInvalidServices(serviceCardsOf(basket.data));
      const verdict = askServer ? await servicesApi.validateServices() : { status: 'OK' as const, message: '', invalid: [] };
      const invalid = [...local, ...verdict.invalid];
      if (invalid.length === 0) return true;
      const first = invalid[0];
      setMarked(new Set(invalid.map((card) => card.unique)));
      setFailure((previous) => ({ message: verdict.message || (first ? invalidServiceMessage(first.reason, locale) : ''), seq: (previous?.seq ?? 0) + 1 }));
      return false;
    } catch (error) {
      orderErrorStore.show(error);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { marked, busy, run };
}
