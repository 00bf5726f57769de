import { formatEuro } from '@kavel/core';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../http/html.ts';
import { orderConfirmationEmail, type OrderConfirmationInput } from './order-confirmation-mail.ts';

const EVIL = '<script>alert("x")</script>';
const LINK = 'https://kavel.localhost/bestellen/42/overzicht?a=1&b=2';

const input = (overrides: Partial<OrderConfirmationInput['order']> = {}, locale: 'nl' | 'en' = 'nl'): OrderConfirmationInput => ({
  locale,
  firstName: EVIL,
  order: {
    id: 42,
    createdAt: new Date('2026-03-01T23:30:00Z'),
    paymentMethod: 'AUTOMATIC_INCASSO',
    period: 'YEARLY',
    discountCode: null,
    discountExcludeTax: 0,
    administrativeCost: 0,
    totalExcludeTax: 10_000,
    totalTax: 2_100,
    totalIncludeTax: 12_100,
    ...overrides,
  },
  lines: [{ productName: 'Domeinnaam .nl', title: `${EVIL}.nl`, price: 10_000 }],
  invoiceNumber: null,
  link: LINK,
});

describe('order confirmation e-mail', () => {
  it('escapes what the customer typed in the HTML, keeps it as typed in the text, and links the order', () => {
    const mail = orderConfirmationEmail(input());
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain(escapeHtml(`${EVIL}.nl`));
    expect(mail.text).toContain(`Domeinnaam .nl: ${EVIL}.nl: ${formatEuro(10_000, 'nl')} per jaar`);
    expect(mail.text).toContain(LINK);
    expect(mail.html).toContain(`href="${escapeHtml(LINK)}"`);
  });

  it('dates the order in Dutch time and names the payment method; no invoice line without an invoice', () => {
    const mail = orderConfirmationEmail(input());
    // 23:30 UTC on 1 March is 2 March in Amsterdam.
    expect(mail.text).toContain('Besteldatum: 2 maart 2026');
    expect(mail.text).toContain('Betaalwijze: Automatische incasso');
    expect(mail.text).not.toContain('Factuurnummer');
    expect(orderConfirmationEmail(input({}, 'en')).text).toContain('Order date: 2 March 2026');
  });

  it('shows the discount code and the administrative cost only when the order has them', () => {
    const plain = orderConfirmationEmail(input()).text;
    expect(plain).not.toMatch(/Kortingscode|Administratiekosten/);
    const withBoth = orderConfirmationEmail(input({ discountCode: 'WELKOM10', discountExcludeTax: 500, administrativeCost: 150 })).text;
    expect(withBoth).toContain(`Kortingscode WELKOM10: ${formatEuro(-500, 'nl')}`);
    expect(withBoth).toContain(`Administratiekosten: ${formatEuro(150, 'nl')}`);
  });

  it("names a domain the customer has already as their own, already owned, not as a registration at € 0,00", () => {
    const lines: OrderConfirmationInput['lines'] = [
      { productType: 'DOMAIN', invoiced: true, parentUnique: null, productName: '.nl', title: 'goudenkorst.nl', price: 0 },
      { productType: 'LINUX_PACKAGE', invoiced: false, parentUnique: 'u1', productName: 'Basic webhosting', title: 'Basic webhosting', price: 4488 },
    ];
    const mail = orderConfirmationEmail({ ...input(), lines });
    expect(mail.text).toContain('Eigen domein: goudenkorst.nl: Al in bezit');
    expect(mail.text).toContain(`Basic webhosting: ${formatEuro(4488, 'nl')} per jaar`);
    expect(mail.text).not.toContain('.nl: goudenkorst.nl');
    expect(orderConfirmationEmail({ ...input({}, 'en'), lines }).text).toContain('Own domain: goudenkorst.nl: Already yours');
  });
});
