import type { TPaymentStatus } from '@kavel/core';

export interface PaymentStatusView {
  /** The text key (`paymentStatus.*`). */
  text: `paymentStatus.${TPaymentStatus}` | 'paymentStatus.none';
  /** Ask again in `PAYMENT_STATUS_POLL_MS`. */
  polling: boolean;
  /** The pay button is enabled. */
  canPay: boolean;
  /** Paid: the page moves on to the order summary. */
  paid: boolean;
}

/**
 * Spec 001 section 4's payment status table. ANNOUNCED keeps polling (the pay button leads back
 * to the open payment); IN_PROGRESS disables the button while the provider works; COMPLETED goes
 * to the order summary; CANCELLED and EXPIRED stop polling and let the customer pay again (a new
 * attempt); no payment yet (the announce failed) offers the button too.
 */
export function paymentStatusView(status: TPaymentStatus | null): PaymentStatusView {
  switch (status) {
    case 'ANNOUNCED':
      return { text: 'paymentStatus.ANNOUNCED', polling: true, canPay: true, paid: false };
    case 'IN_PROGRESS':
      return { text: 'paymentStatus.IN_PROGRESS', polling: true, canPay: false, paid: false };
    case 'COMPLETED':
      return { text: 'paymentStatus.COMPLETED', polling: false, canPay: false, paid: true };
    case 'CANCELLED':
      return { text: 'paymentStatus.CANCELLED', polling: false, canPay: true, paid: false };
    case 'EXPIRED':
      return { text: 'paymentStatus.EXPIRED', polling: false, canPay: true, paid: false };
    case null:
      return { text: 'paymentStatus.none', polling: false, canPay: true, paid: false };
  }
}
