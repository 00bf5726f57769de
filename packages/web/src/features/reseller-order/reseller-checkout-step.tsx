import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TCustomerSummary } from '@kavel/core';
import { CustomerSummary } from '../accounts/customer-summary.tsx';
import { PaymentSection } from '../checkout/payment-section.tsx';
import { showBasketFailure } from '../checkout/use-step3-opening.ts';
import { RESELLER_PAYMENT, validateResellerBasket } from './reseller-checkout-calls.ts';
import '../accounts/accounts.css';
import '../checkout/checkout.css';

/**
 * Step 3 of the reseller wizard (spec 001 section 4): reaching it validates the reseller basket;
 * FAILED shows the message in the order error modal and reads the basket again. Below the
 * reseller's details the shop's payment section, on the reseller's calls: the terms, then the
 * payment methods (one is preselected) and Pay, which goes to the returned URL after 1.5 s.
 */
export function ResellerCheckoutStep({ active, customer }: { active: boolean; customer: TCustomerSummary }) {
  const queryClient = useQueryClient();
  const wasActive = useRef(false);
  useEffect(() => {
    const opened = active && !wasActive.current;
    wasActive.current = active;
    if (!opened) return;
    validateResellerBasket()
      .then((verdict) => {
        if (verdict.status === 'FAILED') showBasketFailure(queryClient, verdict.message);
      })
      .catch((error: unknown) => showBasketFailure(queryClient, error));
  }, [active, queryClient]);

  return (
    <>
      <CustomerSummary customer={customer} />
      <PaymentSection calls={RESELLER_PAYMENT} />
    </>
  );
}
