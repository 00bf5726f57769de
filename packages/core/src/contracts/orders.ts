import { z } from 'zod';
import { ZCustomerDomain, ZDomainTransfer, ZHostingAccount, ZInvoiceSummary, ZAdditionalProductPrices, ZOrder, ZPaymentLink, ZPaymentReturnQuery, ZPaymentStatusAnswer, ZAddExtraServicesForm } from '../schemas/orders.ts';
import { ZOrderAppDomain, ZOrderAppDomainsQuery, ZVps } from '../schemas/customer-products.ts';
import { ZIdParams } from '../schemas/safe-text.ts';
import { ZAddHostingForm, ZUpgradeHostingForm } from '../schemas/services.ts';
import { contract, ID_SEGMENT } from './contract.ts';
import { EXTRA_SERVICES_PAGE } from './pages.ts';

/** The order app's order calls (spec 001 section 7) and the customer's own products. */
export const orderContracts = {
  additionalProducts: contract({ method: 'GET', path: '/api/bestellen/additionalProducts', response: ZAdditionalProductPrices }),
  order: contract({ method: 'GET', path: `/api/bestellen/${ID_SEGMENT}`, params: ZIdParams, response: ZOrder }),
  paymentStatus: contract({ method: 'GET', path: `/api/bestellen/${ID_SEGMENT}/betalingsstatus`, params: ZIdParams, response: ZPaymentStatusAnswer }),
  /** Spec 001 section 7's GET: the order's open payment page, for the order app right after `send-omnikassa`. */
  paymentLinkOpen: contract({ method: 'GET', path: `/api/bestellen/${ID_SEGMENT}/betaling`, params: ZIdParams, response: ZPaymentLink }),
  paymentLink: contract({ method: 'POST', path: `/api/bestellen/${ID_SEGMENT}/betaling`, params: ZIdParams, response: ZPaymentLink }),
  /** The customer's domains to choose from in the order app (the domain a Cloudflare plan protects). */
  orderAppDomains: contract({ method: 'GET', path: '/api/bestellen/domeinen', querystring: ZOrderAppDomainsQuery, response: z.array(ZOrderAppDomain) }),
  invoices: contract({ method: 'GET', path: '/api/account/facturen', response: z.array(ZInvoiceSummary) }),
  /** One invoice as a printable page. */
  invoicePage: contract({ method: 'GET', path: `/account/facturen/${ID_SEGMENT}`, params: ZIdParams, kind: 'page' }),
};

/** Online payment (decision 4): the provider's return URL and its webhook (the body is the provider's; the payment port checks it). */
export const paymentContracts = {
  paymentReturn: contract({ method: 'GET', path: '/betaling/terug', querystring: ZPaymentReturnQuery, kind: 'redirect' }),
  paymentWebhook: contract({ method: 'POST', path: '/api/betaling/webhook', body: z.unknown() }),
};

/** The customer's domains, hosting accounts, virtual servers and certificates, and the forms that add or change hosting. */
export const productContracts = {
  domains: contract({ method: 'GET', path: '/api/account/domeinen', response: z.array(ZCustomerDomain) }),
  /** The transfers ordered that have not completed yet: shown in the domain list with their state. */
  domainTransfers: contract({ method: 'GET', path: '/api/account/domeinen/verhuizingen', response: z.array(ZDomainTransfer) }),
  hostingAccounts: contract({ method: 'GET', path: '/api/account/hostingpakketten', response: z.array(ZHostingAccount) }),
  vpsServers: contract({ method: 'GET', path: '/api/account/vpsen', response: z.array(ZVps) }),
  /** An issued certificate followed by its chain (PEM), and its private key: for the certificate's owner only. */
  sslCertificatePem: contract({ method: 'GET', path: `/api/account/ssl/${ID_SEGMENT}/certificaat.pem`, params: ZIdParams, kind: 'file' }),
  sslPrivateKeyPem: contract({ method: 'GET', path: `/api/account/ssl/${ID_SEGMENT}/sleutel.pem`, params: ZIdParams, kind: 'file' }),
  addHosting: contract({ method: 'POST', path: '/account/webhosting-toevoegen', body: ZAddHostingForm, kind: 'form' }),
  upgradeHosting: contract({ method: 'POST', path: '/account/webhosting-upgraden', body: ZUpgradeHostingForm, kind: 'form' }),
  addExtraServices: contract({ method: 'POST', path: EXTRA_SERVICES_PAGE, body: ZAddExtraServicesForm, kind: 'form' }),
};
