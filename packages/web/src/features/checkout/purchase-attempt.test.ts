import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { newRequestId } from './new-request-id.ts';
import { PurchaseAttempt } from './purchase-attempt.ts';

const counter = () => {
  let n = 0;
  return () => `id-${++n}`;
};

describe('PurchaseAttempt', () => {
  it('keeps the id of an attempt that may have made an order (network error, server fault)', () => {
    const attempt = new PurchaseAttempt(counter());
    expect(attempt.current()).toBe('id-1');
    attempt.failed(new TypeError('Failed to fetch'));
    expect(attempt.current()).toBe('id-1');
    attempt.failed(new ApiError(502, { message: 'Bad gateway' }));
    expect(attempt.current()).toBe('id-1');
  });

  it('starts a new attempt after a refusal, which made no order', () => {
    const attempt = new PurchaseAttempt(counter());
    expect(attempt.current()).toBe('id-1');
    attempt.failed(new ApiError(409, { message: 'mijnbakkerij.nl is niet meer vrij' }));
    expect(attempt.current()).toBe('id-2');
  });

  it('makes UUIDs the purchase schema accepts', () => {
    expect(newRequestId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
