import { randomUUID } from 'node:crypto';
import type { TBasketPeriod, TOrderStatus, TPaymentMethodCode, TProductType, TVpsSpec } from '@kavel/core';
import type { Database } from '../../src/db/connect.ts';
import { asc, eq } from 'drizzle-orm';
import { fulfilmentSteps, invoices, orderLines, orders, type HolderSnapshot } from '../../src/db/schema/index.ts';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { FulfilmentService } from '../../src/features/orders/fulfilment/fulfilment-service.ts';
import type { Services } from '../../src/services.ts';
import type { ProvisioningPort } from '../../src/ports/provisioning/provisioning-port.ts';
import type { CertificatePort } from '../../src/ports/certificates/index.ts';
import type { CloudflarePort } from '../../src/ports/cloudflare/index.ts';
import type { VpsPort } from '../../src/ports/vps/index.ts';
import type { DomainRegistrar, RegistryPort } from '../../src/ports/registry/registry-port.ts';
import { products } from './services.ts';
import { createRecordingMailer } from './recording-mailer.ts';
import { createTestServices } from './test-app.ts';
import type { MailJob } from '../../src/features/accounts/mail-queue.ts';
import type { JobQueue } from '../../src/jobs/job-queue.ts';
import { JOBS } from '../../src/jobs/queues.ts';

type LineOptions = (typeof orderLines.$inferInsert)['options'];

/** An order line to insert; `children` hang under it (`parentUnique`). */
export interface LineFixture {
  productType: TProductType;
  productId: number;
  productCode: string;
  productName?: string;
  title: string;
  invoiced?: boolean;
  price?: number;
  options?: LineOptions;
  holder?: HolderSnapshot | null;
  children?: LineFixture[];
}

/** A complete domain holder as the purchase snapshots it. */
export function testHolderSnapshot(overrides: Partial<HolderSnapshot> = {}): HolderSnapshot {
  return {
    customWhoisId: null,
    company: 'Bakkerij De Gouden Korst',
    forename: 'Femke',
    surname: 'de Vries',
    street: 'Prinsengracht',
    houseNumber: '263',
    houseNumberAdd: '',
    postcode: '1016 GV',
    city: 'Amsterdam',
    country: 'NL',
    phone: '+31 20 123 4567',
    email: 'femke@goudenkorst.example',
    ...overrides,
  };
}

type Product = { productId: number; productCode: string; productName?: string };
const child = (productType: TProductType, product: Product, title: string, extra: Partial<LineFixture> = {}): LineFixture => ({
  productType,
  productId: product.productId,
  productCode: product.productCode,
  productName: product.productName ?? product.productCode,
  title,
  ...extra,
});

/** Order lines as the purchase writes them, for the order kinds fulfilment must deliver. */
export const lineFixtures = {
  /** A new domain (`DOMAIN`) with the standard holder. */
  registration: (domain: string, children: LineFixture[] = [], product: Product = products.nl): LineFixture =>
    child('DOMAIN', product, domain, { holder: testHolderSnapshot(), options: { serviceType: children.some((c) => c.productType === 'REDIRECT') ? 'REDIRECT' : 'HOSTING' }, children }),
  /** A domain moving in (`DOMAIN_TRANSFER`), its code on the options as the purchase stores it. */
  transfer: (domain: string, transferCode: string, options: LineOptions = {}, children: LineFixture[] = [], product: Product = products.com): LineFixture =>
    child('DOMAIN_TRANSFER', product, domain, {
      holder: testHolderSnapshot(),
      options: { serviceType: 'HOSTING', ownerConfirmed: true, ...options, transferCode },
      children: [child('TRANSFER_CODE', products.transferCode, transferCode, { price: 0 }), ...children],
    }),
  /** A domain the customer already has (hosting added or upgraded, extras added from the account). */
  owned: (domain: string, children: LineFixture[], product: Product = products.nl): LineFixture => child('DOMAIN', product, domain, { invoiced: true, price: 0, children }),
  hosting: (product: Product, invoiced = false): LineFixture => child('LINUX_PACKAGE', product, product.productName ?? product.productCode, { invoiced }),
  resellerPackage: (product: Product): LineFixture => child('RESELLER_PACKAGE', product, product.productName ?? product.productCode),
  extra: (product: Product): LineFixture => child('EXTRA_SERVICE', product, product.productName ?? product.productCode),
  install: (product: Product): LineFixture => child('FREE_INSTALL', product, product.productName ?? product.productCode, { price: 0 }),
  redirect: (url: string): LineFixture => child('REDIRECT', products.redirect, url, { options: { redirectUrl: url } }),
  /** The order app's single products: top-level lines, titled as the purchase titles them. */
  ssl: (commonName: string, altNames: string[] = [], product: Product = products.rapidSsl): LineFixture =>
    child('SSL_CERTIFICATE', product, commonName, { options: { commonName, altNames } }),
  cloudflare: (domain: string, product: Product = products.cloudflarePro): LineFixture => child('CLOUDFLARE_PLAN', product, domain, { options: { assignedDomain: domain } }),
  vps: (product: Product & { productName: string; details: { spec?: TVpsSpec } } = products.vpsS): LineFixture =>
    child('VPS_PACKAGE', product, product.productName, { options: product.details.spec ? { vpsSpec: product.details.spec } : {} }),
};

export interface OrderFixture {
  customerId: number;
  lines: LineFixture[];
  status?: TOrderStatus;
  period?: TBasketPeriod;
  paymentMethod?: TPaymentMethodCode;
  /** When it was confirmed; default: now. */
  confirmedAt?: Date;
}

let invoiceSequence = 0;

/**
 * Writes an order as the purchase would (an invoice, the order, its lines; prices are not the
 * point here) and answers its id. Fulfilment reads nothing else.
 */
export async function insertTestOrder(db: Database, fixture: OrderFixture): Promise<number> {
  const status = fixture.status ?? 'CONFIRMED';
  const sequence = ++invoiceSequence;
  return db.transaction(async (tx) => {
    const [invoice] = await tx
      .insert(invoices)
      .values({
        customerId: fixture.customerId,
        number: `1999-${String(sequence).padStart(6, '0')}`,
        year: 1999,
        sequence,
        closed: true,
        addressee: { name: 'Femke de Vries', companyName: 'Bakkerij De Gouden Korst', street: 'Prinsengracht 263', postCode: '1016 GV', city: 'Amsterdam', country: 'NL', email: 'klant@demo.kavel.nl' },
      })
      .returning({ id: invoices.id });
    const [order] = await tx
      .insert(orders)
      .values({
        customerId: fixture.customerId,
        invoiceId: invoice!.id,
        requestId: randomUUID(),
        status,
        paymentMethod: fixture.paymentMethod ?? 'MANUAL_PAYMENT',
        period: fixture.period ?? 'YEARLY',
        totalExcludeTax: 0,
        totalTax: 0,
        totalIncludeTax: 0,
        closedInvoice: true,
        confirmedAt: status === 'AWAITING_PAYMENT' ? null : (fixture.confirmedAt ?? new Date()),
      })
      .returning({ id: orders.id });
    const rows: Array<typeof orderLines.$inferInsert> = [];
    const add = (line: LineFixture, parentUnique: string | null) => {
      const unique = randomUUID();
      rows.push({
        orderId: order!.id,
        position: rows.length,
        unique,
        parentUnique,
        productType: line.productType,
        productId: line.productId,
        productCode: line.productCode,
        productName: line.productName ?? line.productCode,
        title: line.title,
        invoiced: line.invoiced ?? false,
        price: line.price ?? 1000,
        originalPrice: line.price ?? 1000,
        options: line.options ?? {},
        holder: line.holder ?? null,
      });
      for (const c of line.children ?? []) add(c, unique);
    };
    for (const line of fixture.lines) add(line, null);
    await tx.insert(orderLines).values(rows);
    return order!.id;
  });
}

/** The fulfilment service of `createServices` on the test database with the given adapters; `logs` collects what it logged. */
export async function createTestFulfilment(
  db: Database,
  adapters: { registry: DomainRegistrar; provisioning: ProvisioningPort; certificates?: CertificatePort; cloudflare?: CloudflarePort; vps?: VpsPort; now?: () => Date },
): Promise<{ fulfilment: FulfilmentService; logs: string[]; services: Services; mails: MailJob[] }> {
  const logs: string[] = [];
  // A failed order's mail is a job written as it fails: kept here, the other jobs refused as without a queue.
  const mails: MailJob[] = [];
  const jobs: JobQueue = {
    async enqueue(name, data) {
      if (name === JOBS.publishZone) return null;
      if (name !== JOBS.sendMail) throw new Error(`these test services write no ${name} jobs`);
      mails.push(data as MailJob);
      return String(mails.length);
    },
  };
  const levels: Record<number, string> = { 30: 'info', 40: 'warn', 50: 'error' };
  const stream = {
    write(line: string) {
      const entry = JSON.parse(line) as { level: number; msg: string };
      logs.push(`${levels[entry.level] ?? entry.level}: ${entry.msg}`);
    },
  };
  const services = await createTestServices(db, {
    // Fulfilment uses only the registrar's part of the registry; the lookups are never called here.
    registry: adapters.registry as RegistryPort,
    provisioning: adapters.provisioning,
    ...(adapters.certificates ? { certificates: adapters.certificates } : {}),
    ...(adapters.cloudflare ? { cloudflare: adapters.cloudflare } : {}),
    ...(adapters.vps ? { vps: adapters.vps } : {}),
    mailer: createRecordingMailer(),
    jobs,
    log: pino({ level: 'info' }, stream) as unknown as FastifyBaseLogger,
    ...(adapters.now ? { now: adapters.now } : {}),
  });
  return { fulfilment: services.fulfilment, logs, services, mails };
}

/** Where an order's delivery stands: its status and each stored step. */
export async function orderProgress(db: Database, orderId: number) {
  const [order] = await db.select({ status: orders.status, fulfilledAt: orders.fulfilledAt, leaseUntil: orders.fulfilmentLeaseUntil }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`no order ${orderId}`);
  const steps = await db
    .select({ key: fulfilmentSteps.key, state: fulfilmentSteps.state, attempts: fulfilmentSteps.attempts, lastError: fulfilmentSteps.lastError })
    .from(fulfilmentSteps)
    .where(eq(fulfilmentSteps.orderId, orderId))
    .orderBy(asc(fulfilmentSteps.position));
  return { ...order, steps };
}
