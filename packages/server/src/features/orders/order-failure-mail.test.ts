import { formatEuro } from '@kavel/core';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../http/html.ts';
import type { OrderCredit } from './invoice-service.ts';
import { orderFailureEmail, type OrderFailureInput } from './order-failure-mail.ts';

const EVIL = '<script>alert("x")</script>';
const LINK = 'https://kavel.localhost/bestellen/42/overzicht';

const credit = (kind: OrderCredit['kind'], paid = false): OrderCredit => ({
  kind,
  number: kind === 'credit-note' ? '2026-000043' : '2026-000042',
  invoiceNumber: '2026-000042',
  paid,
  amounts: { totalExcludeTax: 159, totalTax: 33, totalIncludeTax: 192 },
});

const input = (kind: OrderCredit['kind'], options: { paid?: boolean; locale?: 'nl' | 'en' } = {}): OrderFailureInput => ({
  locale: options.locale ?? 'nl',
  firstName: 'Femke',
  order: { id: 42 },
  lines: [
    { unique: 'd', parentUnique: null, productType: 'DOMAIN', productName: 'Domeinnaam .nl', title: `${EVIL}.nl` },
    { unique: 'h', parentUnique: 'd', productType: 'LINUX_PACKAGE', productName: 'Basic webhosting', title: 'Basic webhosting' },
  ],
  credit: credit(kind, options.paid),
  link: LINK,
});

describe('the mail about an order that could not be delivered', () => {
  it('says the order failed, lists what was ordered under its domain, and links the order; what the customer typed is escaped', () => {
    const mail = orderFailureEmail(input('open-invoice'));
    expect(mail.subject).toBe('Je bestelling 42 kon niet worden uitgevoerd');
    expect(mail.text).toContain('Het is ons helaas niet gelukt je bestelling 42 uit te voeren.');
    expect(mail.text).toContain(`Basic webhosting: ${EVIL}.nl`);
    expect(mail.text).toContain(LINK);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain(escapeHtml(`${EVIL}.nl`));
  });

  it('says where the credit is: off the open invoice, a credit note not to pay, a credit note refunded, or nothing charged', () => {
    const euro = formatEuro(192, 'nl');
    expect(orderFailureEmail(input('open-invoice')).text).toContain(`de ${euro} staat niet meer op je openstaande factuur 2026-000042.`);
    expect(orderFailureEmail(input('credit-note')).text).toContain(`creditfactuur 2026-000043 bij factuur 2026-000042. De ${euro} hoef je dus niet te betalen.`);
    expect(orderFailureEmail(input('credit-note', { paid: true })).text).toContain(`Die had je al betaald: we storten de ${euro} terug.`);
    const nothing = orderFailureEmail(input('nothing')).text;
    expect(nothing).toContain('Er is niets voor in rekening gebracht.');
    expect(nothing).not.toContain('Gecrediteerd');
  });

  it('is in English for an English customer', () => {
    const mail = orderFailureEmail(input('credit-note', { paid: true, locale: 'en' }));
    expect(mail.subject).toBe('Your order 42 could not be completed');
    expect(mail.text).toContain(`You had paid it already: we will refund the ${formatEuro(192, 'en')}.`);
  });
});
