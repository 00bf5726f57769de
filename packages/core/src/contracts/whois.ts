import { ZIdParams } from '../schemas/safe-text.ts';
import { ZCreatedId, ZDomainParams, ZDomainWhois, ZStandardHolder, ZStandardHolderForm, ZWhoisDomainQuery, ZWhoisDomains, ZWhoisHolder, ZWhoisHolderForm, ZWhoisList } from '../schemas/whois.ts';
import { contract, ID_SEGMENT } from './contract.ts';

const HOLDERS = '/api/account/whois';
const DOMAIN_WHOIS = '/api/bestellen/:domain/whois';

/** Domain holders (spec 001 section 7, path form): the logged-in customer's own only. */
export const whoisContracts = {
  whoisList: contract({ method: 'GET', path: HOLDERS, response: ZWhoisList }),
  whoisStandard: contract({ method: 'GET', path: `${HOLDERS}/standard`, response: ZStandardHolder }),
  updateWhoisStandard: contract({ method: 'PUT', path: `${HOLDERS}/standard`, body: ZStandardHolderForm, response: ZStandardHolder }),
  /** whoisCheck(domain) and the domains of one holder. */
  whoisDomains: contract({ method: 'GET', path: '/api/account/whois-domain', querystring: ZWhoisDomainQuery, response: ZWhoisDomains }),
  whoisHolder: contract({ method: 'GET', path: `${HOLDERS}/${ID_SEGMENT}`, params: ZIdParams, response: ZWhoisHolder }),
  createWhois: contract({ method: 'POST', path: HOLDERS, body: ZWhoisHolderForm, response: ZCreatedId }),
  updateWhois: contract({ method: 'PUT', path: `${HOLDERS}/${ID_SEGMENT}`, params: ZIdParams, body: ZWhoisHolderForm, response: ZWhoisHolder }),
  /** The order app (spec 001 section 7): the holder of one of the customer's domains, and its change. */
  orderAppDomainWhois: contract({ method: 'GET', path: DOMAIN_WHOIS, params: ZDomainParams, response: ZDomainWhois }),
  updateOrderAppDomainWhois: contract({ method: 'POST', path: DOMAIN_WHOIS, params: ZDomainParams, body: ZWhoisHolderForm, response: ZDomainWhois }),
  deleteWhois: contract({ method: 'DELETE', path: `${HOLDERS}/${ID_SEGMENT}`, params: ZIdParams, status: 204 }),
};
