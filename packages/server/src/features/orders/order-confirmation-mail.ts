import { domainKindOf, formatEuro, periodText, translate, type TextKey } from '@kavel/core';
import type { Transaction } from '../../db/connect.ts';
import { accountRepository } from '../accounts/account-repository.ts';
import type { ShopCustomer } from '../accounts/customer-lookup.ts';
import { renderMail, type AccountEmail, type EmailLocale, type MailBlock } from '../accounts/account-emails.ts';
import type { MailQueue } from '../accounts/mail-queue.ts';
import type { InvoiceService } from './invoice-service.ts';
import { orderRepository, type OrderLineRow, type OrderRow } from './order-repository.ts';
import { orderSummaryPath } from './purchase-service.ts';

/** What the order confirmation shows: the order as stored when it was confirmed. */
export interface OrderConfirmationInput {
  locale: EmailLocale;
  firstName: string;
  order: Pick<OrderRow, 'id' | 'createdAt' | 'paymentMethod' | 'period' | 'discountCode' | 'discountExcludeTax' | 'administrativeCost' | 'totalExcludeTax' | 'totalTax' | 'totalIncludeTax'>;
  /** `productType`, `invoiced` and `parentUnique` (when given) tell the customer's own domain from a registration. */
  lines: readonly (Pick<OrderLineRow, 'productName' | 'title' | 'price'> & Partial<Pick<OrderLineRow, 'productType' | 'invoiced' | 'parentUnique'>>)[];
  invoiceNumber: string | null;
  /** The order's page in the shop (the customer logs in to see it). */
  link: string;
}

const WORDS = {
  nl: {
    subject: (id: number) => `Bevestiging van je bestelling ${id}`,
    thanks: 'Bedankt voor je bestelling bij Kavel. Hieronder zie je wat je hebt besteld.',
    orderNumber: 'Bestelnummer',
    date: 'Besteldatum',
    method: 'Betaalwijze',
    invoice: 'Factuurnummer',
    totalExcl: 'Totaal excl. btw',
    vat: 'Btw (21%)',
    totalIncl: 'Totaal incl. btw',
    view: 'Bestelling bekijken',
    questions: 'Heb je vragen over je bestelling? Beantwoord dan deze e-mail of neem contact op met onze klantenservice en vermeld je bestelnummer.',
  },
  en: {
    subject: (id: number) => `Confirmation of your order ${id}`,
    thanks: 'Thank you for your order at Kavel. Below is what you ordered.',
    orderNumber: 'Order number',
    date: 'Order date',
    method: 'Payment method',
    invoice: 'Invoice number',
    totalExcl: 'Total excl. VAT',
    vat: 'VAT (21%)',
    totalIncl: 'Total incl. VAT',
    view: 'View order',
    questions: 'Questions about your order? Reply to this e-mail or contact our customer service, and mention your order number.',
  },
} as const;

/**
 * Made at the first mail, not when the module loads: the first date format of a process loads the
 * calendar data, which cost the server's start about 15 ms before its first answer.
 */
const dateFormats: Partial<Record<EmailLocale, Intl.DateTimeFormat>> = {};
const dateFormat = (locale: EmailLocale) =>
  (dateFormats[locale] ??= new Intl.DateTimeFormat(locale === 'nl' ? 'nl-NL' : 'en-GB', { dateStyle: 'long', timeZone: 'Europe/Amsterdam' }));

/** The mail a customer gets when an order is confirmed (paid, or on account / direct debit at once). Pure. */
export function orderConfirmationEmail(input: OrderConfirmationInput): AccountEmail {
  const { locale, order } = input;
  const words = WORDS[locale];
  const euro = (cents: number) => formatEuro(cents, locale);
  const perPeriod = periodText(order.period, 'per', locale);

  const facts: MailBlock = {
    kind: 'rows',
    rows: [
      { label: words.orderNumber, value: String(order.id) },
      { label: words.date, value: dateFormat(locale).format(order.createdAt) },
      { label: words.method, value: translate(locale, `checkout.method.${order.paymentMethod}` as TextKey) },
      ...(input.invoiceNumber ? [{ label: words.invoice, value: input.invoiceNumber }] : []),
    ],
  };
  const amounts: MailBlock = {
    kind: 'rows',
    rows: [
      ...input.lines.map((line) => {
        // A domain the customer has already (hosting added to it) is no registration and costs nothing.
        const own = line.parentUnique === null && line.productType !== undefined && domainKindOf({ productType: line.productType, invoiced: line.invoiced ?? false }) === 'OWN_DOMAIN';
        if (own) return { label: `${translate(locale, 'basket.ownDomain')}: ${line.title}`, value: translate(locale, 'price.owned') };
        return { label: line.title && line.title !== line.productName ? `${line.productName}: ${line.title}` : line.productName, value: `${euro(line.price)} ${perPeriod}` };
      }),
      ...(order.discountExcludeTax > 0 && order.discountCode
        ? [{ label: translate(locale, 'orderSummary.discount', { code: order.discountCode }), value: euro(-order.discountExcludeTax) }]
        : []),
      ...(order.administrativeCost > 0 ? [{ label: translate(locale, 'orderSummary.adminCost'), value: euro(order.administrativeCost) }] : []),
      { label: words.totalExcl, value: euro(order.totalExcludeTax) },
      { label: words.vat, value: euro(order.totalTax) },
      { label: words.totalIncl, value: euro(order.totalIncludeTax), strong: true },
    ],
  };
  return renderMail(locale, input.firstName, words.subject(order.id), [
    { kind: 'p', text: words.thanks },
    facts,
    amounts,
    { kind: 'p', text: translate(locale, 'orderSummary.status.CONFIRMED') },
    { kind: 'button', label: words.view, link: input.link },
    { kind: 'p', text: words.questions },
  ]);
}

export interface OrderConfirmationMailDeps {
  mail: Pick<MailQueue, 'enqueue'>;
  invoices: Pick<InvoiceService, 'find'>;
  /** The shop's public address (`PUBLIC_URL`): the mail's link to the order. */
  baseUrl: string;
}

/** An order just written, as the transaction that placed it holds it: nothing to read again. */
export interface PlacedOrder {
  order: OrderRow;
  lines: readonly OrderLineRow[];
  invoiceNumber: string | null;
  /** Whom the mail goes to, as the purchase read them. */
  customer: Pick<ShopCustomer, 'email' | 'firstName' | 'language'>;
}

/**
 * Writes the order confirmation as a `send-mail` job in the transaction that confirms the order.
 * The confirmation (purchase, or the payment's AWAITING_PAYMENT -> CONFIRMED) happens once per
 * order, so the mail is written once; a repeated click or webhook confirms nothing and writes
 * nothing. Reads the order and its customer as the transaction sees them (unless the purchase
 * hands them over as it wrote and read them: four reads fewer while the purchase holds the invoice
 * counter), in the customer's language.
 */
export function createOrderConfirmationMail(deps: OrderConfirmationMailDeps) {
  async function read(orderId: number, tx: Transaction): Promise<PlacedOrder> {
    const order = await orderRepository.find(tx, orderId);
    if (!order) throw new Error(`order ${orderId} not found for its confirmation mail`);
    // One after the other: a transaction is one connection.
    const lines = await orderRepository.listLines(tx, [orderId]);
    const invoice = await deps.invoices.find(tx, order.invoiceId);
    const customer = await accountRepository.findById(tx, order.customerId);
    if (!customer) throw new Error(`the customer of order ${orderId} was not found for its confirmation mail`);
    return { order, lines, invoiceNumber: invoice?.number ?? null, customer };
  }
  return async function enqueueOrderConfirmation(orderId: number, tx: Transaction, placed?: PlacedOrder): Promise<void> {
    const { order, lines, invoiceNumber, customer } = placed ?? (await read(orderId, tx));
    const message = orderConfirmationEmail({
      locale: customer.language,
      firstName: customer.firstName,
      order,
      lines,
      invoiceNumber,
      link: `${deps.baseUrl.replace(/\/+$/, '')}${orderSummaryPath(orderId)}`,
    });
    await deps.mail.enqueue({ to: customer.email, ...message }, 'order-confirmation', tx);
  };
}
