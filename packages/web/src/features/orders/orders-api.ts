import { pathOf, type TAdditionalProductPrices, type TCustomerDomain, type TDomainTransfer, type TDomainWhois, type THostingAccount, type TInvoiceSummary, type TOrder, type TPaymentLink, type TPaymentStatusAnswer, type TVps, type TWhoisHolderFormInput } from '@kavel/core';
import { orderContracts, productContracts } from '@kavel/core/contracts/orders';
import { whoisContracts } from '@kavel/core/contracts/whois';
import { call } from '../../api/client.ts';

/** The order app's order calls and the account lists (spec 001 sections 2 and 7). */
export const ordersApi = {
  order: (id: number): Promise<TOrder> => call(orderContracts.order, { params: { id: String(id) } }),
  paymentStatus: (id: number): Promise<TPaymentStatusAnswer> => call(orderContracts.paymentStatus, { params: { id: String(id) } }),
  paymentLink: (id: number): Promise<TPaymentLink> => call(orderContracts.paymentLink, { params: { id: String(id) } }),
  additionalProducts: (): Promise<TAdditionalProductPrices> => call(orderContracts.additionalProducts),
  domains: (): Promise<TCustomerDomain[]> => call(productContracts.domains),
  domainTransfers: (): Promise<TDomainTransfer[]> => call(productContracts.domainTransfers),
  hostingAccounts: (): Promise<THostingAccount[]> => call(productContracts.hostingAccounts),
  invoices: (): Promise<TInvoiceSummary[]> => call(orderContracts.invoices),
  vpsServers: (): Promise<TVps[]> => call(productContracts.vpsServers),
  domainWhois: (domain: string): Promise<TDomainWhois> => call(whoisContracts.orderAppDomainWhois, { params: { domain } }),
  updateDomainWhois: (domain: string, body: TWhoisHolderFormInput): Promise<TDomainWhois> => call(whoisContracts.updateOrderAppDomainWhois, { params: { domain }, body }),
};

/** An issued certificate with its chain, and its private key: files the browser downloads. */
export const certificatePemPath = (certificateId: number) => pathOf(productContracts.sslCertificatePem, { id: certificateId });
export const privateKeyPemPath = (certificateId: number) => pathOf(productContracts.sslPrivateKeyPem, { id: certificateId });

/** The HTML invoice, a page of the server (opened in the same tab). */
export const invoicePath = (invoiceId: number) => pathOf(orderContracts.invoicePage, { id: invoiceId });
