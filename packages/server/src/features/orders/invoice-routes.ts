import { contracts, type TInvoiceSummary } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route.ts';
import { redirectAnonymousToLogin, requireCustomerId, requireLogin } from '../../http/require-customer.ts';
import { INVOICE_CSS, INVOICE_CSS_PATH, renderInvoiceNotFoundPage, renderInvoicePage } from './invoice-page.ts';
import type { InvoiceService } from './invoice-service.ts';

/** The customer's invoices: the list for the account page, and each invoice as a printable page. */
export function registerInvoiceRoutes(app: FastifyInstance, invoices: InvoiceService): void {
  route(app, contracts.invoices, { preValidation: requireLogin }, async (request, reply): Promise<TInvoiceSummary[]> => {
    reply.header('cache-control', 'no-store');
    return invoices.list(requireCustomerId(request));
  });

  app.get(INVOICE_CSS_PATH, { config: { session: false } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(INVOICE_CSS),
  );

  route(app, contracts.invoicePage, { preValidation: redirectAnonymousToLogin }, async (request, reply) => {
    const document = await invoices.document(requireCustomerId(request), request.params.id);
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (!document) return reply.code(404).send(renderInvoiceNotFoundPage());
    return reply.send(renderInvoicePage(document));
  });
}
