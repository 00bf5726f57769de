import { ZForwardForm, ZForwardPage, ZForwardPageQuery, ZForwardRequest } from '../schemas/forwarding.ts';
import { contract } from './contract.ts';

/**
 * Domain forwarding in the account area (spec 001 sections 2 and 7): the page's data and its
 * save (type, target, redirect status, path keeping, frame title), and the spec's form post
 * (type and target only; the other options stay as they were), which answers with the page.
 */
export const forwardingContracts = {
  forwardPage: contract({ method: 'GET', path: '/api/account/domein-doorsturen', querystring: ZForwardPageQuery, response: ZForwardPage }),
  saveForward: contract({ method: 'PUT', path: '/api/account/domein-doorsturen', body: ZForwardRequest, response: ZForwardPage }),
  forwardForm: contract({ method: 'POST', path: '/account/domein-doorsturen/domein', body: ZForwardForm, kind: 'form' }),
};
