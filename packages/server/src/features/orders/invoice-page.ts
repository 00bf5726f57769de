import { formatEuro, PAGES, periodText, VAT_RATE_PERCENT } from '@kavel/core';
import type { OrderLineRow, OrderRow } from './order-repository.ts';
import type { InvoiceDocument } from './invoice-service.ts';
import { escapeHtml } from '../../http/html.ts';

/** The seller as printed on every invoice (Dutch invoicing rules: name, address, KvK and VAT number). */
export const SELLER = {
  name: 'Kavel B.V.',
  street: 'Herengracht 182',
  postCode: '1016 BR',
  city: 'Amsterdam',
  kvk: '81234567',
  vatNumber: 'NL862345678B01',
  iban: 'NL02 RABO 0123 4567 89',
  email: 'administratie@kavel.nl',
} as const;

/** How long an invoice paid on account may stay open. */
export const PAYMENT_TERM_DAYS = 14;

export const INVOICE_CSS_PATH = `${PAGES.accountInvoices.path}/factuur.css`;

/** Served from `INVOICE_CSS_PATH`: the page has no inline style (strict CSP). */
export const INVOICE_CSS = `
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2733; margin: 0; background: #f4f6f8; overflow-wrap: break-word; }
.invoice { max-width: 52rem; margin: 2rem auto; padding: 2.5rem; background: #fff; box-shadow: 0 1px 4px rgba(0, 0, 0, .12); }
.invoice-head { display: flex; justify-content: space-between; align-items: flex-start; gap: 2rem; }
.invoice-head h1 { margin: 0; font-size: 2rem; letter-spacing: .02em; }
.seller, .addressee { font-style: normal; line-height: 1.45; }
.addressee { margin: 2rem 0 1.5rem; }
.meta { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1.5rem; margin: 0 0 2rem; }
.meta dt { font-weight: 600; }
.meta dd { margin: 0; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: .45rem .5rem; vertical-align: top; }
thead th { border-bottom: 2px solid #1d2733; }
tbody td { border-bottom: 1px solid #dde3ea; }
.order-head th { padding-top: 1.1rem; background: #f4f6f8; }
.amount { text-align: right; white-space: nowrap; }
tfoot th, tfoot td { border-top: 1px solid #1d2733; }
tfoot .grand th, tfoot .grand td { font-weight: 700; font-size: 1.1rem; border-top: 2px solid #1d2733; }
.note { margin-top: 2rem; }
.back { margin-top: 2rem; }
@media print { body { background: #fff; } .invoice { box-shadow: none; margin: 0; max-width: none; } .back { display: none; } }
@media (max-width: 767px) { .invoice { margin: 0; padding: 1.25rem; } .invoice-head { flex-direction: column-reverse; } }
/* A phone stacks each line: what was bought on its own line, its period and amount under it; the totals each a row. */
@media (max-width: 599.98px) {
  .invoice { padding: 1rem; }
  table, tbody, tfoot { display: block; }
  thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  tbody tr { display: grid; grid-template-columns: minmax(0, 1fr) auto; column-gap: 1rem; border-bottom: 1px solid #dde3ea; }
  tbody td { border-bottom: 0; overflow-wrap: anywhere; }
  tbody td:first-child { grid-column: 1 / -1; padding-bottom: 0; }
  tbody td:nth-child(2) { color: #4f5b67; }
  .order-head { display: block; border-bottom: 0; }
  .order-head th { display: block; }
  tfoot tr { display: flex; justify-content: space-between; gap: 1rem; border-top: 1px solid #1d2733; }
  tfoot th, tfoot td { border-top: 0; }
  tfoot .grand { border-top: 2px solid #1d2733; }
  tfoot .grand th, tfoot .grand td { border-top: 0; }
}
`;


const euro = (cents: number) => escapeHtml(formatEuro(cents, 'nl'));
/** One format for every invoice, made at the first (a format costs far more to make than to use). */
let dutchDates: Intl.DateTimeFormat | undefined;
const dutchDate = (at: Date) => (dutchDates ??= new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', day: 'numeric', month: 'long', year: 'numeric' })).format(at);

/** What a line bought, in words: the product and the domain it is for. */
function describe(line: OrderLineRow, domain: string): string {
  switch (line.productType) {
    case 'DOMAIN':
      return line.invoiced ? `Domeinnaam ${domain} (al in bezit)` : `Registratie domeinnaam ${domain}`;
    case 'DOMAIN_TRANSFER':
      return line.invoiced ? `Domeinnaam ${domain} (al in bezit)` : `Verhuizing domeinnaam ${domain}`;
    case 'REDIRECT':
      return `Doorsturen ${domain} naar ${line.title}`;
    case 'FREE_INSTALL':
      return `Gratis installatie ${line.productName} voor ${domain}`;
    default:
      return `${line.productName} voor ${domain}${line.invoiced ? ' (bestaand pakket)' : ''}`;
  }
}

function orderRows({ order, lines }: { order: OrderRow; lines: OrderLineRow[] }): string {
  const titles = new Map(lines.map((line) => [line.unique, line.title]));
  const rows = [`<tr class="order-head"><th colspan="3" scope="rowgroup">Bestelling ${escapeHtml(order.id)} van ${escapeHtml(dutchDate(order.createdAt))}</th></tr>`];
  // A transfer code is no product bought (orders from before it stopped being a line still hold one).
  for (const line of lines.filter((candidate) => candidate.productType !== 'TRANSFER_CODE')) {
    const domain = line.parentUnique === null ? line.title : (titles.get(line.parentUnique) ?? '');
    rows.push(`<tr><td>${escapeHtml(describe(line, domain))}</td><td>${periodText(order.period, 'length', 'nl')}</td><td class="amount">${euro(line.price)}</td></tr>`);
  }
  if (order.discountExcludeTax > 0) {
    rows.push(`<tr><td>Kortingscode ${escapeHtml(order.discountCode ?? '')}</td><td></td><td class="amount">- ${euro(order.discountExcludeTax)}</td></tr>`);
  }
  if (order.administrativeCost > 0) rows.push(`<tr><td>Administratiekosten</td><td></td><td class="amount">${euro(order.administrativeCost)}</td></tr>`);
  return rows.join('\n');
}

/** An order that could not be delivered, credited on this invoice: one negative line that says why. */
function creditRow(order: OrderRow): string {
  const text = `Creditering bestelling ${order.id} van ${dutchDate(order.createdAt)}: kon niet worden uitgevoerd`;
  return `<tr class="credit"><td>${escapeHtml(text)}</td><td></td><td class="amount">- ${euro(order.totalExcludeTax)}</td></tr>`;
}

function paymentNote(document: InvoiceDocument): string {
  const { invoice, orders, corrects } = document;
  if (corrects) {
    return corrects.paidAt
      ? `Deze creditfactuur corrigeert factuur ${corrects.number}, die al betaald is: we storten het bedrag terug op je rekening.`
      : `Deze creditfactuur corrigeert factuur ${corrects.number}: dit bedrag komt daarop in mindering, dat deel hoef je niet te betalen.`;
  }
  if (invoice.paidAt) return `Betaald op ${dutchDate(invoice.paidAt)}. Dank je wel!`;
  if (!invoice.closed) return 'Deze factuur staat open: bestellingen die je deze maand op rekening plaatst, worden eraan toegevoegd. Aan het eind van de maand sturen we je de definitieve factuur.';
  const method = orders[0]?.order.paymentMethod;
  if (method === 'AUTOMATIC_INCASSO') return `Het totaalbedrag wordt automatisch van je rekening afgeschreven (SEPA-incasso).`;
  if (method === 'ONLINE') return 'Deze factuur wordt online betaald.';
  return `Graag binnen ${PAYMENT_TERM_DAYS} dagen overmaken naar ${SELLER.iban} ten name van ${SELLER.name}, onder vermelding van het factuurnummer ${invoice.number}.`;
}

/** The invoice as a printable Dutch page; every value from the database is escaped. */
export function renderInvoicePage(document: InvoiceDocument): string {
  const { invoice, corrects } = document;
  const title = corrects ? 'Creditfactuur' : 'Factuur';
  const to = invoice.addressee;
  const addressee = [to.companyName, to.name, to.street, `${to.postCode} ${to.city}`.trim(), to.country].filter((part) => part.trim() !== '');
  // Dated the day it was issued (closed); an open invoice shows the day it was opened.
  const shownDate = dutchDate(invoice.closedAt ?? invoice.createdAt);
  return `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} ${escapeHtml(invoice.number)} - Kavel</title>
<link rel="stylesheet" href="${INVOICE_CSS_PATH}">
</head>
<body>
<main class="invoice">
<header class="invoice-head">
<address class="seller"><strong>${escapeHtml(SELLER.name)}</strong><br>${escapeHtml(SELLER.street)}<br>${escapeHtml(SELLER.postCode)} ${escapeHtml(SELLER.city)}<br>KvK ${escapeHtml(SELLER.kvk)}<br>Btw-nummer ${escapeHtml(SELLER.vatNumber)}<br>IBAN ${escapeHtml(SELLER.iban)}<br>${escapeHtml(SELLER.email)}</address>
<h1>${title}</h1>
</header>
<address class="addressee">${addressee.map(escapeHtml).join('<br>')}</address>
<dl class="meta">
<dt>Factuurnummer</dt><dd>${escapeHtml(invoice.number)}</dd>
<dt>Factuurdatum</dt><dd>${escapeHtml(shownDate)}</dd>
${corrects ? `<dt>Correctie op factuur</dt><dd>${escapeHtml(corrects.number)}</dd>` : `<dt>Status</dt><dd>${invoice.paidAt ? 'Betaald' : invoice.closed ? 'Openstaand' : 'Open (loopt deze maand nog)'}</dd>`}
</dl>
<table>
<thead><tr><th scope="col">Omschrijving</th><th scope="col">Periode</th><th scope="col" class="amount">Bedrag excl. btw</th></tr></thead>
<tbody>
${[...document.orders.map(orderRows), ...document.credits.map(creditRow)].join('\n')}
</tbody>
<tfoot>
<tr><th colspan="2" scope="row">Totaal excl. btw</th><td class="amount">${euro(invoice.totalExcludeTax)}</td></tr>
<tr><th colspan="2" scope="row">Btw ${VAT_RATE_PERCENT}%</th><td class="amount">${euro(invoice.totalTax)}</td></tr>
<tr class="grand"><th colspan="2" scope="row">Totaal incl. btw</th><td class="amount">${euro(invoice.totalIncludeTax)}</td></tr>
</tfoot>
</table>
<p class="note">${escapeHtml(paymentNote(document))}</p>
<p class="back"><a href="${PAGES.accountInvoices.path}">Terug naar je facturen</a></p>
</main>
</body>
</html>
`;
}

/** For an unknown invoice or someone else's: the same answer. */
export function renderInvoiceNotFoundPage(): string {
  return `<!doctype html>
<html lang="nl">
<head><meta charset="utf-8"><title>Factuur niet gevonden - Kavel</title><link rel="stylesheet" href="${INVOICE_CSS_PATH}"></head>
<body><main class="invoice"><h1>Factuur niet gevonden</h1><p>Deze factuur bestaat niet of hoort niet bij jouw account.</p><p class="back"><a href="${PAGES.accountInvoices.path}">Naar je facturen</a></p></main></body>
</html>
`;
}
