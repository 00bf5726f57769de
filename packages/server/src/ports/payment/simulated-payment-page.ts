import { formatEuro } from '@kavel/core';
import { escapeHtml } from '../../http/html.ts';

/**
 * The simulated provider's hosted page: plain server-rendered HTML in Dutch. The strict CSP
 * allows no inline script or style, so the look comes from the stylesheet served next to it.
 */

export const SIMULATED_PAYMENT_CSS_PATH = '/betalen/simulatie.css';

export const SIMULATED_PAYMENT_CSS = `body{font-family:system-ui,sans-serif;background:#f3f4f6;color:#111827;margin:0}
main{max-width:28rem;margin:3rem auto;background:#fff;border-radius:.5rem;padding:2rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.4rem;margin-top:0}
.notice{background:#fef3c7;border-left:4px solid #d97706;padding:.75rem;font-size:.9rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}
dt{font-weight:600}
dd{margin:0}
.buttons{display:flex;gap:.5rem;flex-wrap:wrap;margin-top:1.5rem}
button{font:inherit;padding:.6rem 1rem;border:0;border-radius:.375rem;cursor:pointer;color:#fff}
button[value=COMPLETED]{background:#15803d}
button[value=CANCELLED]{background:#6b7280}
button[value=EXPIRED]{background:#b91c1c}
`;

/** What the tester can choose, with the button text. */
export const SIMULATED_OUTCOMES = [
  { value: 'COMPLETED', label: 'Betaald' },
  { value: 'CANCELLED', label: 'Geannuleerd' },
  { value: 'EXPIRED', label: 'Verlopen' },
] as const;

export type SimulatedOutcome = (typeof SIMULATED_OUTCOMES)[number]['value'];


function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${SIMULATED_PAYMENT_CSS_PATH}">
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

const NOTICE = '<p class="notice">Dit is de gesimuleerde betaalprovider van Kavel: er wordt geen echt geld betaald. Kies hieronder de uitkomst van deze betaling.</p>';

export interface PaymentPageInput {
  merchantOrderId: string;
  /** The page's own path, where the form posts the outcome. */
  action: string;
  amountCents: number;
  description: string;
  csrfToken: string;
  /** Set once the tester chose an outcome: the page then only shows it and links back to the shop. */
  finished: { outcome: SimulatedOutcome; returnUrl: string } | null;
}

export function renderPaymentPage(input: PaymentPageInput): string {
  const details = `<dl>
<dt>Bedrag</dt><dd>${escapeHtml(formatEuro(input.amountCents, 'nl'))}</dd>
<dt>Omschrijving</dt><dd>${escapeHtml(input.description)}</dd>
<dt>Kenmerk</dt><dd>${escapeHtml(input.merchantOrderId)}</dd>
</dl>`;
  if (input.finished) {
    const label = SIMULATED_OUTCOMES.find((o) => o.value === input.finished?.outcome)?.label ?? input.finished.outcome;
    return layout(
      'Kavel testbetaling',
      `<h1>Kavel testbetaling</h1>
${NOTICE}
${details}
<p>Deze betaling is al afgehandeld: <strong>${escapeHtml(label)}</strong>.</p>
<p><a href="${escapeHtml(input.finished.returnUrl)}">Terug naar de winkel</a></p>`,
    );
  }
  const buttons = SIMULATED_OUTCOMES.map((o) => `<button type="submit" name="outcome" value="${o.value}">${o.label}</button>`).join('\n');
  return layout(
    'Kavel testbetaling',
    `<h1>Kavel testbetaling</h1>
${NOTICE}
${details}
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="_csrf" value="${escapeHtml(input.csrfToken)}">
<div class="buttons">
${buttons}
</div>
</form>`,
  );
}

export function renderUnknownPaymentPage(): string {
  return layout('Betaling niet gevonden', `<h1>Betaling niet gevonden</h1>\n${NOTICE}\n<p>Deze testbetaling bestaat niet (meer). Start de betaling opnieuw vanuit je bestelling.</p>`);
}
