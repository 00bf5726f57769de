import {
  contracts,
  pathOf,
  type TAdditionalProductPrices,
  type TCustomerDomain,
  type TDomainWhois,
  type THostingAccount,
  type TInvoiceSummary,
  type TOrder,
  type TPaymentLink,
  type TPaymentStatusAnswer,
  type TVps,
  type TWhoisHolderFormInput,
} from '@kavel/core';
import { call } from '../../api/client.ts';

/** The order app's order calls and the account lists (spec 001 sections 2 and 7). */
export const ordersApi = {
  order: (id: number): Promise<TOrder> => call(contracts.order, { params: { id: String(id) } }),
  paymentStatus: (id: number): Promise<TPaymentStatusAnswer> => call(contracts.paymentStatus, { params: { id: String(id) } }),
  paymentLink: (id: number): Promise<TPaymentLink> => call(contracts.paymentLink, { params: { id: String(id) } }),
  additionalProducts: (): Promise<TAdditionalProductPrices> => call(contracts.additionalProducts),
  domains: (): Promise<TCustomerDomain[]> => call(contracts.domains),
  hostingAccounts: (): Promise<THostingAccount[]> => call(contracts.hostingAccounts),
  invoices: (): Promise<TInvoiceSummary[]> => call(contracts.invoices),
  vpsServers: (): Promise<TVps[]> => call(contracts.vpsServers),
  domainWhois: (domain: string): Promise<TDomainWhois> => call(contracts.orderAppDomainWhois, { params: { domain } }),
  updateDomainWhois: (domain: string, body: TWhoisHolderFormInput): Promise<TDomainWhois> => call(contracts.updateOrderAppDomainWhois, { params: { domain }, body }),
};

/** An issued certificate with its chain, and its private key: files the browser downloads. */
export const certificatePemPath = (certificateId: number) => pathOf(contracts.sslCertificatePem, { id: certificateId });
export const privateKeyPemPath = (certificateId: number) => pathOf(contracts.sslPrivateKeyPem, { id: certificateId });

/** The HTML invoice, a page of the server (opened in the same tab). */
export const invoicePath = (invoiceId: number) => pathOf(contracts.invoicePage, { id: invoiceId });
