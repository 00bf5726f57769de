import { z } from 'zod';
import { ZAuthState } from '../schemas/session.ts';
import { contract } from './contract.ts';

/**
 * Who is logged in, logging out and the control panel: the part of the accounts' calls
 * (accounts.ts, which includes these) that the order page and the order app make on their first
 * screen, kept apart so that those screens do not load the account forms' schemas.
 */
export const sessionContracts = {
  me: contract({ method: 'GET', path: '/api/account/me', response: ZAuthState }),
  loggedIn: contract({ method: 'GET', path: '/api/bestellen/ingelogd', response: z.boolean() }),
  logout: contract({ method: 'POST', path: '/api/logout', response: ZAuthState }),
  /** The control panel (spec 001 section 2, the target after an 'already owned' conflict): redirects into the account area. */
  controlPanel: contract({ method: 'GET', path: '/control-panel', kind: 'redirect' }),
};
