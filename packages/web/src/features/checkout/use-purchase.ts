import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPurchaseRequest, TPurchaseResponse } from '@kavel/core';
import { checkoutApi } from './checkout-api.ts';
import { PurchaseAttempt } from './purchase-attempt.ts';
import { showBasketFailure } from './use-step3-opening.ts';

/** Spec 000 section 9: the browser goes to the returned URL 1.5 s after a placed order. */
export const REDIRECT_DELAY_MS = 1500;

type PayRequest = Omit<TPurchaseRequest, 'requestId'>;

/**
 * Placing the order. The Pay button stays disabled while the call runs and during the 1.5 s
 * before the redirect. A failure shows in the order error modal and the basket is read again,
 * unless `onRefusal` shows it in the form itself (a direct-debit field) and answers true.
 * `purchase` is the channel's purchase call: the shop's, or the reseller's `resellerOrder`.
 */
export function usePurchase(onRefusal: (error: unknown) => boolean, purchase: (request: TPurchaseRequest) => Promise<TPurchaseResponse> = checkoutApi.purchase) {
  const queryClient = useQueryClient();
  const attempt = useRef(new PurchaseAttempt());
  const [redirecting, setRedirecting] = useState(false);
  // Set in the click itself, so the button is disabled before a second click can arrive; the
  // mutation's own pending state reaches the component a moment later.
  const [sending, setSending] = useState(false);
  const mutation = useMutation({
    mutationFn: (request: PayRequest) => purchase({ ...request, requestId: attempt.current.current() }),
    meta: { inlineErrors: true },
    onSuccess: ({ returnUrl }: TPurchaseResponse) => {
      setRedirecting(true);
      window.setTimeout(() => window.location.assign(returnUrl), REDIRECT_DELAY_MS);
    },
    onError: (error) => {
      setSending(false);
      attempt.current.failed(error);
      if (onRefusal(error)) return;
      showBasketFailure(queryClient, error);
    },
  });
  const pay = (request: PayRequest) => {
    setSending(true);
    mutation.mutate(request);
  };
  return { pay, busy: sending || mutation.isPending || redirecting, redirecting };
}
