import { describe, expect, it } from 'vitest';
import { orderAppScreen, orderRoute, orderSummaryPath, paymentStatusPath } from './order-app-pages.ts';

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

describe('orderAppScreen', () => {
  it("knows spec 001's routes, with or without a trailing slash", () => {
    expect(orderAppScreen('/bestellen')).toBe('entry');
    expect(orderAppScreen('/bestellen/')).toBe('entry');
    expect(orderAppScreen('/bestellen/inloggen')).toBe('login');
    expect(orderAppScreen('/bestellen/gegevens-invullen/')).toBe('customer-data');
    expect(orderAppScreen('/bestellen/samenvatting')).toBe('summary');
    expect(orderAppScreen('/bestellen/succesvol-geregistreerd')).toBe('successfully-registered');
    expect(orderAppScreen('/bestellen/succesvol-geregistreerd/piet@example.nl')).toBe('successfully-registered');
    expect(orderAppScreen('/bestellen/12/overzicht')).toBe('order-summary');
    expect(orderAppScreen('/bestellen/12/betalingsstatus')).toBe('payment-status');
  });

  it('answers null for any other path: the not-found page', () => {
    for (const path of ['/bestellen/bestaat-niet', '/bestellen/12', '/bestellen/12/factuur', '/bestellen/inloggen/extra', '/bestellen/succesvol-geregistreerd/a/b', '/bestellenx']) {
      expect(orderAppScreen(path)).toBeNull();
    }
  });
});
