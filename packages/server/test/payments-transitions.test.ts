import { canMovePayment, ZPaymentStatus, type TPaymentStatus } from '@kavel/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { invoices, orders, payments } from '../src/db/schema/index.ts';
import { createCustomerLookup } from '../src/features/accounts/customer-lookup.ts';
import { createInvoiceService } from '../src/features/orders/invoice-service.ts';
import { createPaymentService, type PaymentService } from '../src/features/orders/payment-service.ts';
import type { PaymentPort, PaymentResult, ResultsAnswer, ReturnAnswer } from '../src/ports/payment/payment-port.ts';
import { fillBasket, purchase, purchaseBody, purchased } from './orders-helpers.ts';
import { createActiveAccount, databaseKinds, useTestShop, type TestShop } from './support/index.ts';

const STATUSES = ZPaymentStatus.options;

/**
 * The payments service on the real database, with a provider whose answers the test scripts and a
 * fulfilment stand-in that counts its calls. The orders themselves are placed through the app.
 */
describe.each(databaseKinds)('payment status transitions on $name', (kind) => {
  let shop: TestShop;
  let app: FastifyInstance;
  let database: DatabaseHandle;
  useTestShop(kind, (ready) => ({ app, database } = shop = ready));

  const provider = { pull: { ok: true, results: [] } as ResultsAnswer, returned: { ok: false, reason: 'missing' } as ReturnAnswer };
  const fulfilment = { calls: [] as number[], delivers: true };
  let service: PaymentService;
  const serviceFor = (db: DatabaseHandle['db']) => {
    const port: PaymentPort = {
      name: 'simulated',
      announce: async () => ({ ok: false, reason: 'unreachable' }),
      verifyReturn: () => provider.returned,
      pullResults: async () => provider.pull,
    };
    return createPaymentService({
      db,
      port,
      baseUrl: 'http://kavel.test',
      now: () => new Date(),
      invoices: createInvoiceService(db),
      customer: createCustomerLookup(db),
      log: app.log,
      async requestFulfilment(orderId, tx) {
        fulfilment.calls.push(orderId);
        // A stand-in for the job and its run: delivered, or (a transient failure) left CONFIRMED.
        if (fulfilment.delivers) await tx.update(orders).set({ status: 'FULFILLED' }).where(eq(orders.id, orderId));
      },
    });
  };

  /** An online order placed through the app, with its first attempt announced by the simulated provider. */
  async function announcedOrder(email: string) {
    const customer = await createActiveAccount(app, shop.mailer, email);
    await fillBasket(customer);
    const { orderId } = purchased(await purchase(customer, purchaseBody('ONLINE')));
    const [attempt] = await database.db.select().from(payments).where(eq(payments.orderId, orderId));
    service ??= serviceFor(database.db);
    return { orderId, attempt: attempt! };
  }

  const stateOf = async (orderId: number) => {
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    const [payment] = await database.db.select().from(payments).where(eq(payments.orderId, orderId));
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.id, order!.invoiceId));
    return { order: order!.status, payment: payment!.status, paid: invoice!.paidAt !== null };
  };

  const report = (attempt: { merchantOrderId: string; providerOrderId: string | null; amount: number }, status: TPaymentStatus, extra: Partial<PaymentResult> = {}): PaymentResult => ({
    merchantOrderId: attempt.merchantOrderId,
    providerOrderId: attempt.providerOrderId ?? '',
    status,
    paidAmountCents: status === 'COMPLETED' ? attempt.amount : 0,
    ...extra,
  });

  it('moves a payment only along the transition table; only COMPLETED confirms the order, marks the invoice paid and fulfils', async () => {
    const { orderId, attempt } = await announcedOrder('overgangen@example.nl');
    for (const from of STATUSES) {
      for (const to of STATUSES) {
        await database.db.update(payments).set({ status: from }).where(eq(payments.id, attempt.id));
        await database.db.update(orders).set({ status: 'AWAITING_PAYMENT', confirmedAt: null }).where(eq(orders.id, orderId));
        await database.db.update(invoices).set({ paidAt: null });
        fulfilment.calls = [];
        provider.pull = { ok: true, results: [report(attempt, to)] };
        expect(await service.handleNotification({})).toBe('ok');
        const moves = canMovePayment(from, to);
        const confirms = moves && to === 'COMPLETED';
        expect(await stateOf(orderId), `${from} -> ${to}`).toEqual({
          payment: moves ? to : from,
          order: confirms ? 'FULFILLED' : 'AWAITING_PAYMENT',
          paid: confirms,
        });
        expect(fulfilment.calls, `${from} -> ${to}`).toEqual(confirms ? [orderId] : []);
      }
    }
  });

  it('asks for fulfilment once for a replayed COMPLETED report, also when the fulfilment did not finish (the sweep resumes that)', async () => {
    const { orderId, attempt } = await announcedOrder('herhaling@example.nl');
    fulfilment.calls = [];
    provider.pull = { ok: true, results: [report(attempt, 'COMPLETED'), report(attempt, 'COMPLETED')] };
    await service.handleNotification({});
    await service.handleNotification({});
    expect(fulfilment.calls).toEqual([orderId]);

    const second = await announcedOrder('hervat@example.nl');
    fulfilment.calls = [];
    fulfilment.delivers = false;
    try {
      provider.pull = { ok: true, results: [report(second.attempt, 'COMPLETED')] };
      await service.handleNotification({});
      expect((await stateOf(second.orderId)).order).toBe('CONFIRMED');
      // A late report of another status changes nothing, and a replay writes no second job.
      provider.pull = { ok: true, results: [report(second.attempt, 'CANCELLED'), report(second.attempt, 'COMPLETED')] };
      await service.handleNotification({});
      expect(fulfilment.calls).toEqual([second.orderId]);
      expect(await stateOf(second.orderId)).toEqual({ payment: 'COMPLETED', order: 'CONFIRMED', paid: true });
    } finally {
      fulfilment.delivers = true;
    }
  });

  it('changes nothing for a wrong amount, a stranger provider order, an unknown attempt, or a notification the provider refuses', async () => {
    const { orderId, attempt } = await announcedOrder('vreemd@example.nl');
    fulfilment.calls = [];
    provider.pull = {
      ok: true,
      results: [
        report(attempt, 'COMPLETED', { paidAmountCents: attempt.amount - 1 }),
        report(attempt, 'COMPLETED', { providerOrderId: 'someone-elses-provider-order' }),
        report({ ...attempt, merchantOrderId: 'K999999N1' }, 'COMPLETED'),
      ],
    };
    expect(await service.handleNotification({})).toBe('ok');
    expect(await stateOf(orderId)).toEqual({ payment: 'ANNOUNCED', order: 'AWAITING_PAYMENT', paid: false });

    for (const [reason, outcome] of [
      ['bad-signature', 'rejected'],
      ['expired', 'rejected'],
      ['unreachable', 'unavailable'],
      ['unauthorised', 'unavailable'],
    ] as const) {
      provider.pull = { ok: false, reason };
      expect(await service.handleNotification({}), reason).toBe(outcome);
    }
    expect(fulfilment.calls).toEqual([]);
    expect(await stateOf(orderId)).toEqual({ payment: 'ANNOUNCED', order: 'AWAITING_PAYMENT', paid: false });
  });

  it('applies the signed status of a return, and nothing for a return whose signature fails', async () => {
    const { orderId, attempt } = await announcedOrder('terugkeer@example.nl');
    provider.returned = { ok: false, reason: 'bad-signature' };
    expect(await service.handleReturn({})).toBeNull();
    provider.returned = { ok: true, merchantOrderId: attempt.merchantOrderId, status: 'IN_PROGRESS' };
    expect(await service.handleReturn({})).toEqual({ orderId });
    expect((await stateOf(orderId)).payment).toBe('IN_PROGRESS');
    provider.returned = { ok: true, merchantOrderId: attempt.merchantOrderId, status: null };
    expect(await service.handleReturn({})).toEqual({ orderId });
    expect((await stateOf(orderId)).payment).toBe('IN_PROGRESS');
    fulfilment.calls = [];
    provider.returned = { ok: true, merchantOrderId: attempt.merchantOrderId, status: 'COMPLETED' };
    expect(await service.handleReturn({})).toEqual({ orderId });
    expect(await stateOf(orderId)).toEqual({ payment: 'COMPLETED', order: 'FULFILLED', paid: true });
    expect(fulfilment.calls).toEqual([orderId]);
  });
});
