import { ACCOUNT_PAGES, contracts } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route.ts';

/** The former control panel's page for changing the customer's data. */
const DATA_PAGE = '/control-panel/administratie/gegevens-aanpassen';

/**
 * `/control-panel` and every page under it (spec 001 section 2: the target after an 'already
 * owned' conflict, and links of the former control panel such as
 * `/control-panel/administratie/gegevens-aanpassen/?from=shop`) lead into the account area: that
 * link to the account's data page (keeping `from=shop`, which offers the way back to the order),
 * every other page to the overview. A visitor who is not logged in is asked to log in there.
 */
export function registerControlPanelRoutes(app: FastifyInstance): void {
  route(app, contracts.controlPanel, {}, async (_request, reply) => reply.redirect(ACCOUNT_PAGES.home, 302));
  route(app, contracts.controlPanelPage, {}, async (request, reply) => {
    const page = request.url.split('?')[0]!.replace(/\/+$/, '');
    if (page !== DATA_PAGE) return reply.redirect(ACCOUNT_PAGES.home, 302);
    const fromShop = new URLSearchParams(request.url.split('?')[1] ?? '').get('from') === 'shop';
    return reply.redirect(fromShop ? `${ACCOUNT_PAGES.details}?from=shop` : ACCOUNT_PAGES.details, 302);
  });
}
