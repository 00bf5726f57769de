import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../src/db/connect.ts';
import { domains, hostingAccounts, orders } from '../src/db/schema/index.ts';
import { ensureDemoAccounts } from '../src/features/accounts/demo-accounts.ts';
import { fulfilmentJobs } from '../src/features/orders/fulfilment/fulfilment-jobs.ts';
import type { JobQueue } from '../src/jobs/job-queue.ts';
import wellKnown from '../src/features/catalogue/data/well-known-names.json' with { type: 'json' };
import { createSimulatedProvisioning, type SimulatedProvisioning } from '../src/ports/provisioning/index.ts';
import type { HostingAccountRequest } from '../src/ports/provisioning/provisioning-port.ts';
import { createSimulatedRegistry } from '../src/ports/registry/index.ts';
import type { RegistryPort, RegistrySettings } from '../src/ports/registry/registry-port.ts';
import { createTestFulfilment, customerIdOf, databaseKinds, demoAccountDeps, insertTestOrder, lineFixtures as line, orderProgress, products } from './support/index.ts';

const { basic, ssl, spamfilter } = products;
const settings: RegistrySettings = { extension: 'nl', rdapBaseUrl: null, whoisServer: null, whoisFreePattern: null, whoisQuarantinePattern: null };
const lookup = (registry: RegistryPort, name: string) => registry.lookup(name, settings, AbortSignal.timeout(1000));

/** How a wrapped call fails, once: an answer saying so, a throw, or a throw after the work was done (the answer lost). */
type Fault = 'unreachable' | 'throw' | 'lost-answer';
type Method = 'createAccount' | 'addExtra' | 'deleteAccount';

/** The simulated platform with one-time faults injected, counting every call. */
function faultyProvisioning(db: Database, faults: Partial<Record<Method, Fault>> = {}) {
  // A platform of its own per test, so every test starts without accounts.
  const inner = createSimulatedProvisioning({ db, platform: randomUUID() });
  const pending = new Map(Object.entries(faults));
  const calls: string[] = [];
  function wrap<A extends unknown[], R>(name: Method, call: (...args: A) => Promise<R>) {
    return async (...args: A): Promise<R> => {
      calls.push(name);
      const fault = pending.get(name);
      pending.delete(name);
      if (fault === 'unreachable') return { ok: false, reason: 'unreachable', detail: 'injected' } as R;
      if (fault === 'throw') throw new Error('injected: connection reset');
      const answer = await call(...args);
      if (fault === 'lost-answer') throw new Error('injected: the answer was lost');
      return answer;
    };
  }
  const provisioning: SimulatedProvisioning = {
    ...inner,
    createAccount: wrap('createAccount', inner.createAccount),
    addExtra: wrap('addExtra', inner.addExtra),
    deleteAccount: wrap('deleteAccount', inner.deleteAccount),
  };
  return { provisioning, calls };
}

function simulatedRegistry() {
  return createSimulatedRegistry({ latencyMs: { min: 0, max: 0 }, failureRate: 0, wellKnown, registeredInShop: async () => new Set() });
}

describe.each(databaseKinds)('fulfilment: failures, retries and leases on $name', (kind) => {
  let database: DatabaseHandle;
  let customerId: number;
  beforeAll(async () => {
    database = await kind.open();
    await ensureDemoAccounts(await demoAccountDeps(database.db));
    customerId = await customerIdOf(database.db, 'klant@demo.kavel.nl');
  });
  afterAll(async () => database?.close());

  const rowsNamed = (name: string) => database.db.select().from(domains).where(eq(domains.name, name));
  const accountsOn = (name: string) => database.db.select().from(hostingAccounts).where(eq(hostingAccounts.domain, name));

  for (const [method, fault] of [
    ['createAccount', 'unreachable'],
    ['createAccount', 'throw'],
    ['createAccount', 'lost-answer'],
    ['addExtra', 'throw'],
  ] as const) {
    it(`keeps the order confirmed when ${method} fails for now (${fault}); a retry completes it with nothing doubled`, async () => {
      const name = `${method}-${fault}.nl`.toLowerCase();
      const { provisioning, calls } = faultyProvisioning(database.db, { [method]: fault });
      const { fulfilment } = await createTestFulfilment(database.db, { registry: simulatedRegistry(), provisioning });
      const orderId = await insertTestOrder(database.db, { customerId, lines: [line.registration(name, [line.hosting(basic), line.extra(ssl)])] });

      expect(await fulfilment.fulfil(orderId)).toBe('NOT_READY');
      const halfway = await orderProgress(database.db, orderId);
      expect(halfway.status).toBe('CONFIRMED');
      expect(halfway.leaseUntil).toBeNull();
      const failed = halfway.steps.find((step) => step.state === 'pending')!;
      expect(failed).toMatchObject({ key: method === 'addExtra' ? `add-extra:${name}:SSL_DV` : `create-hosting:${name}`, attempts: 1 });
      expect(failed.lastError).toContain(fault === 'unreachable' ? 'unreachable' : 'injected');
      expect(halfway.steps.filter((step) => step.state === 'done').map((step) => step.key)).toContain(`add-domain:${name}`);

      expect(await fulfilment.fulfil(orderId)).toBe('FULFILLED');
      expect(await fulfilment.fulfil(orderId)).toBe('FULFILLED');

      const progress = await orderProgress(database.db, orderId);
      expect(progress.status).toBe('FULFILLED');
      expect(progress.steps.every((step) => step.state === 'done')).toBe(true);
      expect(progress.steps.find((step) => step.key === failed.key)).toMatchObject({ attempts: 2, lastError: null });
      expect(await provisioning.accounts()).toMatchObject([{ domain: name, extras: ['SSL_DV'] }]);
      expect(await rowsNamed(name)).toHaveLength(1);
      expect(await accountsOn(name)).toHaveLength(1);
      // Two tries of the failing call, one of every other.
      expect(calls.filter((call) => call === method)).toHaveLength(2);
      expect(calls).toHaveLength(3);
    });
  }

  it('undoes what was done when a registration is refused for good, and fails the order', async () => {
    const registry = simulatedRegistry();
    const { provisioning, calls } = faultyProvisioning(database.db);
    const { fulfilment } = await createTestFulfilment(database.db, { registry, provisioning });
    const orderId = await insertTestOrder(database.db, {
      customerId,
      lines: [line.registration('eerst-gelukt.nl', [line.hosting(basic), line.extra(spamfilter)]), line.registration('google.nl')],
    });

    expect(await fulfilment.fulfil(orderId)).toBe('FULFILMENT_FAILED');

    const progress = await orderProgress(database.db, orderId);
    expect(progress.status).toBe('FULFILMENT_FAILED');
    expect(progress.fulfilledAt).toBeNull();
    expect(progress.steps.map((step) => [step.key, step.state])).toEqual([
      ['register-domain:eerst-gelukt.nl', 'undone'],
      ['add-domain:eerst-gelukt.nl', 'undone'],
      ['dns-zone:eerst-gelukt.nl', 'undone'],
      ['create-hosting:eerst-gelukt.nl', 'undone'],
      ['add-extra:eerst-gelukt.nl:PREMIUM_SPAMFILTER', 'undone'],
      ['register-domain:google.nl', 'failed'],
      ['add-domain:google.nl', 'pending'],
      ['dns-zone:google.nl', 'pending'],
    ]);
    expect(progress.steps[5]!.lastError).toContain('taken');
    expect(await rowsNamed('eerst-gelukt.nl')).toEqual([]);
    expect(await accountsOn('eerst-gelukt.nl')).toEqual([]);
    expect(await provisioning.accounts()).toEqual([]);
    expect(await lookup(registry, 'eerst-gelukt.nl')).toEqual({ ok: true, status: 'free' });

    // A failed order stays failed: asking again does nothing.
    const callsBefore = calls.length;
    expect(await fulfilment.fulfil(orderId)).toBe('FULFILMENT_FAILED');
    expect(calls).toHaveLength(callsBefore);
    expect(await orderProgress(database.db, orderId)).toEqual(progress);
  });

  it('fails a transfer whose code the registry refuses', async () => {
    const { provisioning } = faultyProvisioning(database.db);
    const { fulfilment } = await createTestFulfilment(database.db, { registry: simulatedRegistry(), provisioning });
    const orderId = await insertTestOrder(database.db, { customerId, lines: [line.transfer('amazon.nl', 'ONGELDIG-1', {}, [line.hosting(basic)], products.nl)] });
    expect(await fulfilment.fulfil(orderId)).toBe('FULFILMENT_FAILED');
    const progress = await orderProgress(database.db, orderId);
    expect(progress.steps[0]).toMatchObject({ key: 'transfer-domain:amazon.nl', state: 'failed' });
    expect(progress.steps[0]!.lastError).toContain('invalid-transfer-code');
    expect(await rowsNamed('amazon.nl')).toEqual([]);
    expect(await provisioning.accounts()).toEqual([]);
  });

  it('goes on with an undo that failed for now on the next run', async () => {
    const registry = simulatedRegistry();
    let releases = 0;
    const flaky = { ...registry, release: async (domain: string, clientRef: string) => (++releases === 1 ? { ok: false as const, reason: 'unreachable' as const } : registry.release(domain, clientRef)) };
    const { provisioning } = faultyProvisioning(database.db);
    const { fulfilment } = await createTestFulfilment(database.db, { registry: flaky, provisioning });
    const orderId = await insertTestOrder(database.db, { customerId, lines: [line.registration('half-terug.nl', [line.hosting(basic)]), line.registration('youtube.nl')] });

    expect(await fulfilment.fulfil(orderId)).toBe('NOT_READY');
    const halfway = await orderProgress(database.db, orderId);
    expect(halfway.status).toBe('CONFIRMED');
    expect(halfway.steps.map((step) => step.state)).toEqual(['done', 'undone', 'undone', 'undone', 'failed', 'pending', 'pending']);
    expect(halfway.steps[0]!.lastError).toContain('undo: registry release: unreachable');
    expect(await provisioning.accounts()).toEqual([]);
    expect(await lookup(registry, 'half-terug.nl')).toEqual({ ok: true, status: 'taken' });

    expect(await fulfilment.fulfil(orderId)).toBe('FULFILMENT_FAILED');
    expect((await orderProgress(database.db, orderId)).steps[0]!.state).toBe('undone');
    expect(await lookup(registry, 'half-terug.nl')).toEqual({ ok: true, status: 'free' });
    expect(releases).toBe(2);
  });

  it('runs an order once when two processes ask at the same time', async () => {
    const inner = createSimulatedProvisioning({ db: database.db, platform: randomUUID() });
    let entered!: () => void;
    let open!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const gate = new Promise<void>((resolve) => (open = resolve));
    let creates = 0;
    const provisioning: SimulatedProvisioning = {
      ...inner,
      async createAccount(request: HostingAccountRequest) {
        creates++;
        entered();
        await gate;
        return inner.createAccount(request);
      },
    };
    const registry = simulatedRegistry();
    const one = (await createTestFulfilment(database.db, { registry, provisioning })).fulfilment;
    const other = (await createTestFulfilment(database.db, { registry, provisioning })).fulfilment;
    const orderId = await insertTestOrder(database.db, { customerId, lines: [line.registration('tegelijk.nl', [line.hosting(basic)])] });

    const running = one.fulfil(orderId);
    await inside;
    expect(await other.fulfil(orderId)).toBe('NOT_READY');
    expect(await one.fulfil(orderId)).toBe('NOT_READY');
    open();
    expect(await running).toBe('FULFILLED');
    expect(creates).toBe(1);

    const many = await insertTestOrder(database.db, { customerId, lines: [line.registration('tienmaal.nl', [line.hosting(basic)])] });
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? one : other).fulfil(many)));
    expect(outcomes).toContain('FULFILLED');
    expect(outcomes.every((outcome) => outcome === 'FULFILLED' || outcome === 'NOT_READY')).toBe(true);
    expect(creates).toBe(2);
    expect((await orderProgress(database.db, many)).steps.every((step) => step.state === 'done' && step.attempts === 1)).toBe(true);
  });

  it('takes over an order whose lease ran out, and sweeps up orders left half-way once they are quiet', async () => {
    // A clock of its own, long before the other tests' orders, so the sweep sees only this file's.
    let clock = new Date('2020-06-01T12:00:00.000Z');
    const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
    const { provisioning } = faultyProvisioning(database.db, { createAccount: 'unreachable' });
    const { fulfilment } = await createTestFulfilment(database.db, { registry: simulatedRegistry(), provisioning, now: () => clock });

    const crashed = await insertTestOrder(database.db, { customerId, confirmedAt: clock, lines: [line.registration('overgenomen.nl')] });
    // Another process took the lease and stopped (crashed) without giving it back.
    await database.db.update(orders).set({ fulfilmentLeaseUntil: new Date(clock.getTime() + 60_000) }).where(eq(orders.id, crashed));
    expect(await fulfilment.fulfil(crashed)).toBe('NOT_READY');
    expect((await orderProgress(database.db, crashed)).steps).toEqual([]);
    later(61_000);
    expect(await fulfilment.fulfil(crashed)).toBe('FULFILLED');

    const halfway = await insertTestOrder(database.db, { customerId, confirmedAt: clock, lines: [line.registration('opgepakt.nl', [line.hosting(basic)])] });
    const unpaid = await insertTestOrder(database.db, { customerId, status: 'AWAITING_PAYMENT', lines: [line.registration('onbetaald.nl')] });
    expect(await fulfilment.fulfil(halfway)).toBe('NOT_READY');
    later(10_000);
    expect(await fulfilment.resumePending()).toBe(0);
    later(60_000);
    expect(await fulfilment.resumePending()).toBe(1);
    expect((await orderProgress(database.db, halfway)).status).toBe('FULFILLED');
    expect((await orderProgress(database.db, unpaid)).status).toBe('AWAITING_PAYMENT');
    expect(await fulfilment.resumePending()).toBe(0);
  });

  it('gives each order left half-way a fulfil-order job in the minute sweep, and that job finishes it', async () => {
    let clock = new Date('2021-01-01T08:00:00.000Z');
    const { provisioning } = faultyProvisioning(database.db, { createAccount: 'unreachable' });
    const { fulfilment } = await createTestFulfilment(database.db, { registry: simulatedRegistry(), provisioning, now: () => clock });
    const orderId = await insertTestOrder(database.db, { customerId, confirmedAt: clock, lines: [line.registration('bij-de-start.nl', [line.hosting(basic)])] });
    expect(await fulfilment.fulfil(orderId)).toBe('NOT_READY');
    clock = new Date(clock.getTime() + 5 * 60_000);

    const written: Array<{ name: string; data: object; key: string | undefined }> = [];
    const recording: JobQueue = { enqueue: async (name, data, options) => (written.push({ name, data, key: options.singletonKey }), 'job') };
    const jobs = fulfilmentJobs(fulfilment, recording);
    await jobs.sweep();
    expect(written).toEqual([{ name: 'fulfil-order', data: { orderId }, key: `order-${orderId}` }]);

    await jobs.fulfilOrder({ id: 'job', data: { orderId } });
    expect((await orderProgress(database.db, orderId)).status).toBe('FULFILLED');
    expect(await provisioning.accounts()).toMatchObject([{ domain: 'bij-de-start.nl' }]);
  });
});
