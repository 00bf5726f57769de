import { ORDER_PAGES, RESELLER_API_PREFIX, type Locale, type TApiError } from '@kavel/core';
import type { FastifyRequest } from 'fastify';
import { escapeHtml } from './html.ts';


/**
 * A classic form post from a page (the account's hosting and extras forms, the login form): the
 * browser navigates to the answer, so a refusal must be a page to read, not JSON.
 */
export function isFormNavigation(request: FastifyRequest): boolean {
  return (
    request.method === 'POST' &&
    // The reseller API takes no form posts: its refusals are always problem details.
    !request.url.startsWith(`${RESELLER_API_PREFIX}/`) &&
    (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/** Where 'back' goes: the page the form was on when it is ours, else the shop. */
function backLink(request: FastifyRequest): string {
  const referer = request.headers.referer;
  if (!referer) return ORDER_PAGES.shop;
  try {
    const url = new URL(referer);
    // Compared as URLs, so that `localhost:80` and `localhost` are the same host.
    return url.host === new URL(`${url.protocol}//${request.host}`).host ? url.pathname + url.search : ORDER_PAGES.shop;
  } catch {
    return ORDER_PAGES.shop;
  }
}

/** The refusal as a small page in the visitor's language (no scripts or inline styles: strict CSP). */
export function formErrorPage(request: FastifyRequest, locale: Locale, body: TApiError): string {
  const details = [...Object.values(body.fieldErrors ?? {}), ...(body.formErrors ?? [])].filter((text) => text !== body.message);
  const heading = locale === 'en' ? 'That did not work' : 'Dat lukte niet';
  const back = locale === 'en' ? 'Go back' : 'Ga terug';
  return `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${heading} – Kavel</title></head>
<body>
<main>
<h1>${heading}</h1>
<p>${escapeHtml(body.message)}</p>
${details.length > 0 ? `<ul>${[...new Set(details)].map((text) => `<li>${escapeHtml(text)}</li>`).join('')}</ul>` : ''}
<p><a href="${escapeHtml(backLink(request))}">${back}</a></p>
</main>
</body>
</html>`;
}
