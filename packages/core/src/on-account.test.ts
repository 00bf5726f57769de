import { describe, expect, it } from 'vitest';
import { mayOrderOnAccount, mayPayWith, paymentArrangement, type TOnAccountFacts } from './on-account.ts';

const newcomer: TOnAccountFacts = { isReseller: false, approvedByStaff: false, hasPaidInvoice: false, hasMandate: false };

describe('who may order on account', () => {
  it('refuses a visitor and a new customer, with or without a mandate', () => {
    expect(mayOrderOnAccount(null)).toBe(false);
    expect(mayOrderOnAccount(newcomer)).toBe(false);
    expect(mayOrderOnAccount({ ...newcomer, hasMandate: true })).toBe(false);
    expect(paymentArrangement({ ...newcomer, hasMandate: true })).toBe('ONLINE');
  });

  it('allows a reseller, a customer staff approved, and one who paid an invoice', () => {
    for (const facts of [{ isReseller: true }, { approvedByStaff: true }, { hasPaidInvoice: true }]) {
      expect(mayOrderOnAccount({ ...newcomer, ...facts })).toBe(true);
      expect(paymentArrangement({ ...newcomer, ...facts })).toBe('MANUAL_PAYMENT');
      expect(paymentArrangement({ ...newcomer, ...facts, hasMandate: true })).toBe('AUTOMATIC_INCASSO');
    }
  });

  it('lets anyone pay online, and only a customer on account pay later', () => {
    expect(['ONLINE', 'MANUAL_PAYMENT', 'AUTOMATIC_INCASSO'].map((method) => mayPayWith(method as never, newcomer))).toEqual([true, false, false]);
    expect(mayPayWith('ONLINE', null)).toBe(true);
    expect(mayPayWith('AUTOMATIC_INCASSO', { ...newcomer, hasPaidInvoice: true })).toBe(true);
  });
});
