import { formatEuro } from '@kavel/core';
import type { Transaction } from '../../db/connect.ts';
import { accountRepository } from '../accounts/account-repository.ts';
import { renderMail, type AccountEmail, type EmailLocale, type MailBlock } from '../accounts/account-emails.ts';
import type { MailQueue } from '../accounts/mail-queue.ts';
import type { OrderCredit } from './invoice-service.ts';
import { orderRepository, type OrderLineRow, type OrderRow } from './order-repository.ts';
import { orderSummaryPath } from './place-order.ts';

/** What the mail about an order that could not be delivered says. */
export interface OrderFailureInput {
  locale: EmailLocale;
  firstName: string;
  order: Pick<OrderRow, 'id'>;
  lines: readonly Pick<OrderLineRow, 'unique' | 'productName' | 'title' | 'parentUnique' | 'productType'>[];
  credit: OrderCredit;
  link: string;
}

const WORDS = {
  nl: {
    subject: (id: number) => `Je bestelling ${id} kon niet worden uitgevoerd`,
    failed: (id: number) =>
      `Het is ons helaas niet gelukt je bestelling ${id} uit te voeren. Een onderdeel ervan werd geweigerd, bijvoorbeeld omdat de domeinnaam intussen door iemand anders is vastgelegd of omdat de verhuiscode niet klopt. Wat al klaargezet was, hebben we teruggedraaid.`,
    ordered: 'Wat je bestelde',
    credited: 'Gecrediteerd (incl. btw)',
    credit: {
      'open-invoice': (c: OrderCredit, euro: string) => `We hebben de bestelling gecrediteerd: de ${euro} staat niet meer op je openstaande factuur ${c.number}.`,
      'credit-note': (c: OrderCredit, euro: string) =>
        c.paid
          ? `We hebben de bestelling gecrediteerd met creditfactuur ${c.number} bij factuur ${c.invoiceNumber}. Die had je al betaald: we storten de ${euro} terug.`
          : `We hebben de bestelling gecrediteerd met creditfactuur ${c.number} bij factuur ${c.invoiceNumber}. De ${euro} hoef je dus niet te betalen.`,
      nothing: () => 'Er is niets voor in rekening gebracht.',
    },
    view: 'Bestelling bekijken',
    questions: 'Wil je het opnieuw proberen, met een andere naam of een andere verhuiscode? Plaats dan een nieuwe bestelling. Vragen? Beantwoord deze e-mail en vermeld je bestelnummer.',
  },
  en: {
    subject: (id: number) => `Your order ${id} could not be completed`,
    failed: (id: number) =>
      `Unfortunately we could not complete your order ${id}. Part of it was refused, for example because someone else registered the domain name meanwhile or because the transfer code is not correct. Whatever had already been set up has been undone.`,
    ordered: 'What you ordered',
    credited: 'Credited (incl. VAT)',
    credit: {
      'open-invoice': (c: OrderCredit, euro: string) => `We have credited the order: the ${euro} is no longer on your open invoice ${c.number}.`,
      'credit-note': (c: OrderCredit, euro: string) =>
        c.paid
          ? `We have credited the order with credit note ${c.number} for invoice ${c.invoiceNumber}. You had paid it already: we will refund the ${euro}.`
          : `We have credited the order with credit note ${c.number} for invoice ${c.invoiceNumber}, so you do not need to pay the ${euro}.`,
      nothing: () => 'Nothing was charged for it.',
    },
    view: 'View order',
    questions: 'Would you like to try again, with another name or another transfer code? Please place a new order. Questions? Reply to this e-mail and mention your order number.',
  },
} as const;

/** The mail a customer gets when an order could not be delivered and was credited. Pure. */
export function orderFailureEmail(input: OrderFailureInput): AccountEmail {
  const { locale, order, credit } = input;
  const words = WORDS[locale];
  const euro = formatEuro(credit.amounts.totalIncludeTax, locale);
  // What was bought: the domains and the products under them (a transfer code is no product).
  const bought = input.lines.filter((line) => line.productType !== 'TRANSFER_CODE');
  const domains = new Map(bought.filter((line) => line.parentUnique === null).map((line) => [line.unique, line.title]));
  const rows: MailBlock = {
    kind: 'rows',
    rows: [
      ...bought.map((line) => ({ label: line.productName, value: line.parentUnique === null ? line.title : (domains.get(line.parentUnique) ?? '') })),
      ...(credit.kind === 'nothing' ? [] : [{ label: words.credited, value: euro, strong: true }]),
    ],
  };
  return renderMail(locale, input.firstName, words.subject(order.id), [
    { kind: 'p', text: words.failed(order.id) },
    { kind: 'p', text: words.ordered },
    rows,
    { kind: 'p', text: words.credit[credit.kind](credit, euro) },
    { kind: 'button', label: words.view, link: input.link },
    { kind: 'p', text: words.questions },
  ]);
}

/**
 * Writes the mail about an order that could not be delivered as a `send-mail` job, in the
 * transaction that fails and credits the order (once per order, as the credit), in the
 * customer's language.
 */
export function createOrderFailureMail(deps: { mail: Pick<MailQueue, 'enqueue'>; baseUrl: string }) {
  return async function enqueueOrderFailure(tx: Transaction, order: OrderRow, credit: OrderCredit): Promise<void> {
    const customer = await accountRepository.findById(tx, order.customerId);
    if (!customer) throw new Error(`the customer of order ${order.id} was not found for its failure mail`);
    const lines = await orderRepository.listLines(tx, [order.id]);
    const message = orderFailureEmail({
      locale: customer.language,
      firstName: customer.firstName,
      order,
      lines,
      credit,
      link: `${deps.baseUrl.replace(/\/+$/, '')}${orderSummaryPath(order.id)}`,
    });
    await deps.mail.enqueue({ to: customer.email, ...message }, 'order-failed', tx);
  };
}
