import { describe, expect, it } from 'vitest';
import { orderRoute, orderSummaryPath, paymentStatusPath } from './order-app-paths.ts';

describe('orderRoute', () => {
  it('reads the order id and the screen', () => {
    expect(orderRoute('/bestellen/12/overzicht')).toEqual({ orderId: 12, screen: 'summary' });
    expect(orderRoute('/bestellen/7/betalingsstatus')).toEqual({ orderId: 7, screen: 'payment-status' });
    expect(orderRoute(orderSummaryPath(3))).toEqual({ orderId: 3, screen: 'summary' });
    expect(orderRoute(paymentStatusPath(3))).toEqual({ orderId: 3, screen: 'payment-status' });
  });

  it('refuses other paths and ids that are no order number', () => {
    expect(orderRoute('/bestellen/inloggen')).toBeNull();
    expect(orderRoute('/bestellen/0/overzicht')).toBeNull();
    expect(orderRoute('/bestellen/abc/overzicht')).toBeNull();
    expect(orderRoute('/bestellen/12/factuur')).toBeNull();
    expect(orderRoute('/bestellen/1234567890/overzicht')).toBeNull();
  });
});
