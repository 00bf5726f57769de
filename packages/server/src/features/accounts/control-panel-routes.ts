import { ACCOUNT_PAGES, contracts } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/contract-route.ts';

/**
 * `/control-panel` and every page under it (spec 001 section 2: the target after an 'already
 * owned' conflict, and links of the former control panel such as
 * `/control-panel/administratie/gegevens-aanpassen/?from=shop`) lead into the account area. The
 * account area has no page of its own for changing the customer's data, so that link too lands
 * on the overview; a visitor who is not logged in is asked to log in there.
 */
export function registerControlPanelRoutes(app: FastifyInstance): void {
  route(app, contracts.controlPanel, {}, async (_request, reply) => reply.redirect(ACCOUNT_PAGES.home, 302));
  route(app, contracts.controlPanelPage, {}, async (_request, reply) => reply.redirect(ACCOUNT_PAGES.home, 302));
}
