import { domainKindOf, type Locale, type TAdditionalProductPrices, type TDomainTransfer, type TOrder, type TOrderItemType, type TOrderLine } from '@kavel/core';
import type { Database } from '../../db/connect.ts';
import type { HolderSnapshot } from '../../db/schema/index.ts';
import { refusal } from '../../http/errors.ts';
import type { CatalogueSnapshot } from '../catalogue/catalogue-service.ts';
import type { InvoiceService } from './invoice-service.ts';
import { orderRepository, type OrderLineRow } from './order-repository.ts';
import { TRANSFER_STEP } from './fulfilment/domain-steps.ts';
import * as fulfilmentRepository from './fulfilment/fulfilment-repository.ts';
import { paymentRepository } from './payment-repository.ts';

export interface OrderService {
  /** `GET /api/bestellen/{id}`: the customer's order; someone else's id answers 404. */
  get(customerId: number, orderId: number, locale: Locale): Promise<TOrder>;
  /** `GET /api/bestellen/additionalProducts`: the order summary's recommended products. */
  additionalProducts(): Promise<TAdditionalProductPrices>;
  /** `GET /api/account/domeinen/verhuizingen`: the customer's transfers that have not completed. */
  runningTransfers(customerId: number): Promise<TDomainTransfer[]>;
  /** The holder the customer's order registered this domain with; null when it has none. */
  purchasedHolder(customerId: number, orderId: number, domain: string): Promise<HolderSnapshot | null>;
}

export interface OrderServiceDeps {
  db: Database;
  invoices: Pick<InvoiceService, 'find'>;
  catalogue: { snapshot(): Promise<CatalogueSnapshot> };
}

const HOSTING_TYPES = new Set(['LINUX_PACKAGE', 'RESELLER_PACKAGE']);
const DOMAIN_TYPES = new Set(['DOMAIN', 'DOMAIN_TRANSFER']);
/** Products only the order app sells, one per order. */
const ORDER_APP_TYPES = new Set(['SSL_CERTIFICATE', 'CLOUDFLARE_PLAN', 'VPS_PACKAGE']);

/**
 * The order summary's product row (spec 001 section 2): the order app's certificate, Cloudflare
 * plan or VPS; else a new domain when the order has one; else the hosting package it adds or
 * changes (an upgrade, or extras for an existing package).
 */
export function mainItemOf(lines: readonly OrderLineRow[]): { type: TOrderItemType; title: string; productName: string } {
  const single = lines.find((line) => ORDER_APP_TYPES.has(line.productType));
  if (single) {
    const type: TOrderItemType =
      single.productType === 'SSL_CERTIFICATE' ? (single.options.altNames !== undefined ? 'sslmultidomains' : 'ssl') : single.productType === 'CLOUDFLARE_PLAN' ? 'cloudflare' : 'vpspackage';
    return { type, title: single.title, productName: single.productName };
  }
  const domain = lines.find((line) => line.parentUnique === null && DOMAIN_TYPES.has(line.productType) && !line.invoiced);
  if (domain) return { type: 'domain', title: domain.title, productName: domain.productName };
  const hosting = lines.find((line) => HOSTING_TYPES.has(line.productType));
  const first = lines[0];
  const titleOf = (line: OrderLineRow) => lines.find((candidate) => candidate.unique === line.parentUnique)?.title ?? line.title;
  if (hosting) return { type: 'hosting', title: titleOf(hosting), productName: hosting.productName };
  return { type: 'domain', title: first ? titleOf(first) : '', productName: first?.productName ?? '' };
}

function wireLines(lines: readonly OrderLineRow[]): TOrderLine[] {
  const titles = new Map(lines.map((line) => [line.unique, line.title]));
  // A transfer code is no product bought (orders from before it stopped being a line still hold one).
  return lines
    .filter((line) => line.productType !== 'TRANSFER_CODE')
    .map((line) => ({
      productType: line.productType,
      productId: line.productId,
      productCode: line.productCode,
      productName: line.productName,
      title: line.title,
      domain: line.parentUnique === null ? line.title : (titles.get(line.parentUnique) ?? line.title),
      domainKind: line.parentUnique === null ? domainKindOf(line) : null,
      price: line.price,
      originalPrice: line.originalPrice,
    }));
}

/** The transfer steps waiting for the losing registrar, with the completion the registry expects. */
function pendingTransfersOf(steps: readonly fulfilmentRepository.StepRow[]): TOrder['pendingTransfers'] {
  return steps
    .filter((step) => step.state === 'waiting' && step.key.startsWith(TRANSFER_STEP))
    .map((step) => ({ domain: step.key.slice(TRANSFER_STEP.length), expectedAt: typeof step.result?.completesAt === 'string' ? step.result.completesAt : null }));
}

const perMonthFromYearly = (cents: number) => Math.ceil(cents / 12);
const lowest = (values: readonly number[]): number | null => (values.length > 0 ? Math.min(...values) : null);

export function createOrderService(deps: OrderServiceDeps): OrderService {
  const { db } = deps;
  return {
    async get(customerId, orderId, locale) {
      const order = await orderRepository.findOwned(db, customerId, orderId);
      if (!order) throw refusal(locale, 404, 'notFound');
      const [lines, invoice, payment, steps] = await Promise.all([
        orderRepository.listLines(db, [order.id]),
        deps.invoices.find(db, order.invoiceId),
        paymentRepository.latest(db, order.id),
        fulfilmentRepository.stepsOf(db, order.id),
      ]);
      if (!invoice) throw new Error(`order ${order.id} has no invoice ${order.invoiceId}`);
      return {
        id: order.id,
        status: order.status,
        paymentMethod: order.paymentMethod,
        period: order.period,
        createdAt: order.createdAt.toISOString(),
        item: mainItemOf(lines),
        lines: wireLines(lines),
        amount: { value: order.totalIncludeTax, currency: 'EUR' },
        totalExcludeTax: order.totalExcludeTax,
        totalTax: order.totalTax,
        administrativeCost: order.administrativeCost,
        discountExcludeTax: order.discountExcludeTax,
        discountCode: order.discountExcludeTax > 0 ? order.discountCode : null,
        closed: order.closedInvoice,
        invoiceId: invoice.id,
        invoiceNumber: invoice.number,
        lastPaymentStatus: payment?.status ?? null,
        pendingTransfers: pendingTransfersOf(steps),
      };
    },

    async runningTransfers(customerId) {
      const rows = await fulfilmentRepository.runningTransfers(db, customerId);
      return rows.map(({ name, orderId, completesAt }) => ({ name, orderId, expectedAt: typeof completesAt === 'string' ? completesAt : null }));
    },

    async purchasedHolder(customerId, orderId, domain) {
      const order = await orderRepository.findOwned(db, customerId, orderId);
      if (!order) return null;
      const lines = await orderRepository.listLines(db, [order.id]);
      return lines.find((line) => line.title.toLowerCase() === domain && line.holder)?.holder ?? null;
    },

    async additionalProducts() {
      const { catalogue, orderProducts } = await deps.catalogue.snapshot();
      const domain = lowest(catalogue.extensions.map((extension) => extension.discountedPrice));
      const certificate = lowest(orderProducts.ssl.map((product) => product.price));
      return {
        domain: domain === null ? null : perMonthFromYearly(domain),
        sharedHosting: lowest(catalogue.hostingPackages.filter((hosting) => !hosting.reseller).map((hosting) => hosting.discountedPrice)),
        sslCertificate: certificate === null ? null : perMonthFromYearly(certificate),
        vpsHosting: lowest(orderProducts.vps.map((product) => product.price)),
        cloudflare: lowest(orderProducts.cloudflare.map((product) => product.price)),
      };
    },
  };
}
