import { useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TBasket, TSslProposal } from '@kavel/core';
import { orderErrorStore } from '../../app/order-error-store.ts';
import { BASKET_QUERY_KEY } from '../basket/use-basket.ts';
import { checkoutApi } from './checkout-api.ts';
import { offerToShow, type SmartBenefitsOffer } from './smart-benefits.ts';

// Once per page visit: a module survives step 3 closing and opening again, a reload starts anew.
let offeredThisVisit = false;

interface Step3OpeningOptions {
  /** Step 3 is the current step. */
  active: boolean;
  /** Whether someone is logged in; null while that is not known yet. */
  loggedIn: boolean | null;
  /** The basket holds a hosting upgrade: no smart benefits (spec 000 section 2). */
  hostingUpgrade: boolean;
}

/** Validation FAILED (or the call itself): the message in the order error modal, and the basket read again. */
export function showBasketFailure(queryClient: QueryClient, failure: unknown): void {
  orderErrorStore.show(failure);
  void queryClient.invalidateQueries({ queryKey: BASKET_QUERY_KEY });
}

/**
 * Opening step 3 (spec 000 section 4): a logged-in customer's basket is validated, a visitor
 * gets the proposals at once; the SSL proposal is always fetched. FAILED shows the message and
 * reloads the basket; otherwise the proposals decide whether the smart-benefits modal opens.
 * A login while step 3 is open validates the basket too.
 */
export function useStep3Opening({ active, loggedIn, hostingUpgrade }: Step3OpeningOptions) {
  const queryClient = useQueryClient();
  const [offer, setOffer] = useState<SmartBenefitsOffer | null>(null);
  const seen = useRef<{ active: boolean; loggedIn: boolean | null }>({ active: false, loggedIn: null });

  useEffect(() => {
    if (loggedIn === null) return;
    const before = seen.current;
    seen.current = { active, loggedIn };
    const opened = active && !before.active;
    const justLoggedIn = before.loggedIn === false && loggedIn;
    // A hosting upgrade opens step 3 without the validation and the offer; a login still validates.
    if (!justLoggedIn && (!opened || hostingUpgrade)) return;

    const propose = async (ssl: Promise<TSslProposal | null>) => {
      const [hosting, sslProposal] = await Promise.all([checkoutApi.proposeAdditionalService(), ssl]);
      const period = queryClient.getQueryData<TBasket>(BASKET_QUERY_KEY)?.period ?? 'YEARLY';
      const next = offerToShow(hosting, sslProposal, period, offeredThisVisit);
      if (!next) return;
      offeredThisVisit = true;
      setOffer(next);
    };
    const run = async () => {
      // Fetched alongside the validation; an offer that cannot be read is simply not made.
      const ssl = hostingUpgrade ? Promise.resolve(null) : checkoutApi.proposeAdditionalServiceSsl().catch(() => null);
      if (loggedIn) {
        const verdict = await checkoutApi.validateBasket();
        if (verdict.status === 'FAILED') return showBasketFailure(queryClient, verdict.message);
      }
      if (hostingUpgrade) return;
      await propose(ssl).catch((error: unknown) => console.warn('smart benefits unavailable', error));
    };
    run().catch((error: unknown) => showBasketFailure(queryClient, error));
  }, [active, loggedIn, hostingUpgrade, queryClient]);

  return { offer, closeOffer: () => setOffer(null) };
}
