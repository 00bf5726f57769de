import {
  ZAdditionalProductPrices,
  ZCustomerDomain,
  ZHostingAccount,
  ZInvoiceSummary,
  ZOrder,
  ZPaymentLink,
  ZPaymentStatusAnswer,
  type TAdditionalProductPrices,
  type TCustomerDomain,
  type THostingAccount,
  type TInvoiceSummary,
  type TOrder,
  type TPaymentLink,
  type TPaymentStatusAnswer,
} from '@kavel/core';
import { z } from 'zod';
import { apiRequest } from '../../api/client.ts';

const order = (id: number) => `/api/bestellen/${encodeURIComponent(String(id))}`;

/** The order app's order calls and the account lists (spec 001 sections 2 and 7). */
export const ordersApi = {
  order: (id: number): Promise<TOrder> => apiRequest('GET', order(id), ZOrder),
  paymentStatus: (id: number): Promise<TPaymentStatusAnswer> => apiRequest('GET', `${order(id)}/betalingsstatus`, ZPaymentStatusAnswer),
  paymentLink: (id: number): Promise<TPaymentLink> => apiRequest('POST', `${order(id)}/betaling`, ZPaymentLink),
  additionalProducts: (): Promise<TAdditionalProductPrices> => apiRequest('GET', '/api/bestellen/additionalProducts', ZAdditionalProductPrices),
  domains: (): Promise<TCustomerDomain[]> => apiRequest('GET', '/api/account/domeinen', z.array(ZCustomerDomain)),
  hostingAccounts: (): Promise<THostingAccount[]> => apiRequest('GET', '/api/account/hostingpakketten', z.array(ZHostingAccount)),
  invoices: (): Promise<TInvoiceSummary[]> => apiRequest('GET', '/api/account/facturen', z.array(ZInvoiceSummary)),
};

/** The HTML invoice, a page of the server (opened in the same tab). */
export const invoicePath = (invoiceId: number) => `/account/facturen/${invoiceId}`;
