import type { Locale, TBasket, TWhoisHolder } from '@kavel/core';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database, Transaction } from '../../db/connect.ts';
import type { ShopOrigin } from '../../http/shop-origin.ts';
import type { PaymentPort } from '../../ports/payment/payment-port.ts';
import type { CustomerLookup } from '../accounts/customer-lookup.ts';
import { basketPurchaseAccess } from '../basket/basket-purchase-access.ts';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import type { BasketValidator } from '../checkout/checkout-port.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { MailQueue } from '../accounts/mail-queue.ts';
import { requestOrderFulfilment } from './fulfilment/fulfilment-jobs.ts';
import { createOrderConfirmationMail, type PlacedOrder } from './order-confirmation-mail.ts';
import { createOrderFailureMail } from './order-failure-mail.ts';
import { orderRepository } from './order-repository.ts';
import { registerInvoiceRoutes } from './invoice-routes.ts';
import { createInvoiceService, type InvoiceService } from './invoice-service.ts';
import { registerOrderRoutes } from './order-routes.ts';
import { createOrderService, type OrderService } from './order-service.ts';
import { registerPaymentRoutes } from './payment-routes.ts';
import { createPaymentService, type PaymentService } from './payment-service.ts';
import { createDirectOrders, type DirectOrderDeps, type DirectOrders } from './direct-orders.ts';
import { createOrderPlacing, type OrderPlacing } from './place-order.ts';
import { createPurchaseService, type PaymentMethodOffer, type PurchaseService } from './purchase-service.ts';
import type { StandardHolderOf } from './order-lines.ts';

export interface OrdersFeatureDeps {
  db: Database;
  now: () => Date;
  /** The shop's public address: the provider sends the browser back to `{baseUrl}/betaling/terug`. */
  baseUrl: string;
  /** Where links for the browser of a request point (`shopUrlOf`); without it, always `baseUrl`. */
  shopOrigin?: ShopOrigin;
  log: FastifyBaseLogger;
  payment: PaymentPort;
  catalogue: Pick<CatalogueService, 'snapshot' | 'countries'>;
  validator: BasketValidator;
  customer: CustomerLookup;
  /** The whois feature's `get`: the customer's custom holder, 404 for someone else's. */
  holder(customerId: number, holderId: number, locale: Locale): Promise<TWhoisHolder>;
  /** The whois feature's `standardSnapshot`: the standard holder of a new registration. */
  standardHolder: StandardHolderOf;
  /** The whois feature's `createIn`: a holder an order brings, made in its transaction. */
  createHolder: DirectOrderDeps['createHolder'];
  paymentMethods(): Promise<PaymentMethodOffer[]>;
  surchargeFor(basket: Pick<TBasket, 'items'>, method: PaymentMethodOffer): number;
  /** Where a confirmed order's `fulfil-order` job is written. */
  jobs: JobQueue;
  /** Where a confirmed order's confirmation mail is written (a `send-mail` job). */
  mail: Pick<MailQueue, 'enqueue'>;
}

export interface OrdersFeature {
  purchase: PurchaseService;
  /** Writes an order from a priced basket; the order app places its orders through it too. */
  placing: OrderPlacing;
  /** Orders without a stored basket (the reseller API), through the same placing. */
  direct: DirectOrders;
  orders: OrderService;
  invoices: InvoiceService;
  payments: PaymentService;
  /**
   * Fulfilment failed the order, in `tx` (which also freed its names): it is credited on its
   * invoice and the customer told in a mail written in the same transaction (once: a second call
   * credits and mails nothing).
   */
  fulfilmentFailed(tx: Transaction, orderId: number): Promise<void>;
  /**
   * The purchase, order app, payment and invoice routes and the payment adapter's own pages. Open
   * invoices whose month is over are closed by the worker's hourly `close-ended-invoices` job.
   */
  register(app: FastifyInstance): void;
}

/** Purchase, orders, invoices and online payments, wired together (decisions 1 to 4). */
export function createOrdersFeature(deps: OrdersFeatureDeps): OrdersFeature {
  const { db, now, log } = deps;

  const invoices = createInvoiceService(db);
  const confirmationMail = createOrderConfirmationMail({ mail: deps.mail, invoices, baseUrl: deps.baseUrl });
  // Fulfilment and the confirmation mail are consequences of a payment or purchase, never part of
  // its answer: jobs written in the transaction that confirms the order (once per order), run by
  // the worker (see `fulfilmentJobs` and the mail queue).
  const requestFulfilment = async (orderId: number, tx: Transaction, placed?: PlacedOrder) => {
    await requestOrderFulfilment(deps.jobs, orderId, tx);
    await confirmationMail(orderId, tx, placed);
  };

  const failureMail = createOrderFailureMail({ mail: deps.mail, baseUrl: deps.baseUrl });
  async function fulfilmentFailed(tx: Transaction, orderId: number): Promise<void> {
    const order = await orderRepository.find(tx, orderId);
    if (!order) return;
    const credit = await invoices.credit(tx, order, now());
    if (credit) await failureMail(tx, order, credit);
  }

  const payments = createPaymentService({ db, port: deps.payment, baseUrl: deps.baseUrl, now, invoices, customer: deps.customer, requestFulfilment, log });
  const placing = createOrderPlacing({ db, invoices, payments, customer: deps.customer, requestFulfilment });
  const purchase = createPurchaseService({
    db,
    now,
    catalogue: deps.catalogue,
    basket: basketPurchaseAccess,
    validator: deps.validator,
    customer: deps.customer,
    holder: deps.holder,
    standardHolder: deps.standardHolder,
    paymentMethods: deps.paymentMethods,
    surchargeFor: deps.surchargeFor,
    placing,
  });
  const orders = createOrderService({ db, invoices, catalogue: deps.catalogue });
  const direct = createDirectOrders({ db, now, countries: () => deps.catalogue.countries(), customer: deps.customer, holder: deps.holder, standardHolder: deps.standardHolder, createHolder: deps.createHolder, paymentMethods: deps.paymentMethods, placing });

  return {
    purchase,
    placing,
    direct,
    orders,
    invoices,
    payments,
    fulfilmentFailed,
    register(app) {
      const shopOrigin = deps.shopOrigin ?? { publicUrl: deps.baseUrl, baseUrl: deps.baseUrl };
      registerOrderRoutes(app, { purchase, orders, shopOrigin });
      registerPaymentRoutes(app, payments, shopOrigin);
      registerInvoiceRoutes(app, invoices);
      // The simulated provider's page hands its notification over as the webhook would, and
      // shows an attempt only to the logged-in owner of its order.
      deps.payment.registerRoutes?.(app, {
        async notify(notification) {
          const outcome = await payments.handleNotification(notification);
          if (outcome !== 'ok') throw new Error(`the payment notification was not taken: ${outcome}`);
        },
        mayPay: (request, merchantOrderId) => payments.isPayer(request.session.customerId, merchantOrderId),
      });
    },
  };
}
