import { describe, expect, it } from 'vitest';
import { texts } from '@kavel/core';
import { paymentStatusView } from './payment-status-view.ts';

describe('paymentStatusView (spec 001 section 4)', () => {
  it('keeps polling while the payment is announced or in progress, with the button off in progress', () => {
    expect(paymentStatusView('ANNOUNCED')).toMatchObject({ polling: true, canPay: true, paid: false });
    expect(paymentStatusView('IN_PROGRESS')).toMatchObject({ polling: true, canPay: false, paid: false });
  });

  it('stops on a final status: paid moves on, cancelled and expired may pay again', () => {
    expect(paymentStatusView('COMPLETED')).toMatchObject({ polling: false, paid: true });
    expect(paymentStatusView('CANCELLED')).toMatchObject({ polling: false, canPay: true });
    expect(paymentStatusView('EXPIRED')).toMatchObject({ polling: false, canPay: true });
    expect(paymentStatusView(null)).toMatchObject({ polling: false, canPay: true });
  });

  it("shows the spec's Dutch texts", () => {
    const nl = (status: Parameters<typeof paymentStatusView>[0]) => texts.nl[paymentStatusView(status).text];
    expect(nl('ANNOUNCED')).toBe('In afwachting van betaling.');
    expect(nl('IN_PROGRESS')).toBe('Bezig.');
    expect(nl('CANCELLED')).toBe('Geannuleerd.');
    expect(nl('EXPIRED')).toBe('Niet meer geldig.');
  });
});
