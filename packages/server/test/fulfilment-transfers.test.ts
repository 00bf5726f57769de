import { ZCustomerDomain, ZDomainTransfer, type TCustomerDomain, type TDomainTransfer } from '@kavel/core';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { nextAnniversary } from '../src/features/accounts/demo-accounts.ts';
import wellKnown from '../src/features/catalogue/data/well-known-names.json' with { type: 'json' };
import { createSimulatedProvisioning } from '../src/ports/provisioning/index.ts';
import type { ProvisioningPort } from '../src/ports/provisioning/provisioning-port.ts';
import { shopDomainsAmong } from '../src/features/domains/domain-service.ts';
import type { Database } from '../src/db/connect.ts';
import { createDatabaseRegistryState, createSimulatedRegistry } from '../src/ports/registry/index.ts';
import { simulatedCurrentExpiry } from '../src/ports/registry/simulated-registry.ts';
import { registrationRequest } from './support/registrations.ts';
import { freshDomain, orderOf, purchase, purchaseBody, purchased } from './orders-helpers.ts';
import { resumableOrderIds } from '../src/features/orders/fulfilment/fulfilment-repository.ts';
import {
  approveOnAccount,
  basketCalls,
  basketFrom,
  createActiveAccount,
  createTestFulfilment,
  customerIdOf,
  databaseKinds,
  insertTestOrder,
  lineFixtures as line,
  loginAs,
  LONG_SESSIONS,
  products,
  useTestShop,
  type TestClient,
  type TestShop,
} from './support/index.ts';

const DAY_MS = 86_400_000;
const addYears = (date: Date, years: number) => new Date(Date.UTC(date.getUTCFullYear() + years, date.getUTCMonth(), date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds()));

describe.each(databaseKinds)('the simulated registry behaves like a registry on $name', (kind) => {
  // The shop's clock and the registry's, moved by the tests.
  let clock = new Date(Math.floor(Date.now() / 1000) * 1000);
  const now = () => clock;
  const registry = createSimulatedRegistry({ latencyMs: { min: 0, max: 0 }, failureRate: 0, wellKnown, registeredInShop: async () => new Set(), now });
  let provisioning: ProvisioningPort;
  let shop: TestShop;
  let app: FastifyInstance;
  useTestShop(kind, (ready) => ({ app } = shop = ready), { demoAccounts: true, app: { now, registry, provisioning: (db) => (provisioning = createSimulatedProvisioning({ db })), config: { sessions: LONG_SESSIONS } } });

  /** The minute sweep of another process: the same fulfilment, on the same registry and clock. */
  const sweep = async () => (await createTestFulfilment(shop.database.db, { registry, provisioning, now })).fulfilment.resumePending();
  const domainsOf = async (client: TestClient): Promise<Map<string, TCustomerDomain>> => {
    const response = await client.get('/api/account/domeinen');
    expect(response.statusCode).toBe(200);
    return new Map(ZCustomerDomain.array().parse(response.json()).map((domain) => [domain.name, domain]));
  };

  const transfersOf = async (client: TestClient): Promise<TDomainTransfer[]> => {
    const response = await client.get('/api/account/domeinen/verhuizingen');
    expect(response.statusCode, response.body).toBe(200);
    return ZDomainTransfer.array().parse(response.json());
  };

  it("keeps a transfer pending for the losing registrar's 5 days while the rest of the order is delivered, then completes it with the expiry + 1 year", async () => {
    const customer = await createActiveAccount(app, shop.mailer, 'verhuizing@example.nl');
    await approveOnAccount(shop.database.db, 'verhuizing@example.nl');
    const calls = basketCalls(customer);
    const registration = freshDomain('nieuw');
    basketFrom(await calls.addDomain(products.nl, registration));
    const transfer = basketFrom(await calls.addDomain(products.nl, 'google.nl')).items.find((item) => item.title === 'google.nl')!;
    expect(transfer.productType).toBe('DOMAIN_TRANSFER');
    basketFrom(await calls.addChild(transfer.unique, products.transferCode, { value: 'Xk9#-verhuis' }));
    basketFrom(await calls.call('setTransferOptions', { unique: transfer.unique, ownerConfirmed: true }));
    const ordered = clock;
    const { orderId } = purchased(await purchase(customer, purchaseBody('MANUAL_PAYMENT')));

    // Not instantly: the order waits for the transfer, and says so with the expected date.
    const expectedAt = new Date(ordered.getTime() + 5 * DAY_MS).toISOString();
    await expect.poll(async () => (await orderOf(customer, orderId)).pendingTransfers).toEqual([{ domain: 'google.nl', expectedAt }]);
    expect((await orderOf(customer, orderId)).status).toBe('CONFIRMED');
    // The registration did not wait: it is the customer's, running a year from the order.
    let domains = await domainsOf(customer);
    expect(domains.get(registration)?.expiresAt).toBe(addYears(ordered, 1).toISOString());
    expect(domains.has('google.nl')).toBe(false);
    // The account's domain list shows the transfer meanwhile, with its order and expected date; not the registration.
    expect(await transfersOf(customer)).toEqual([{ name: 'google.nl', orderId, expectedAt }]);
    expect(await transfersOf(await loginAs(app, 'klant@demo.kavel.nl'))).toEqual([]);

    clock = new Date(ordered.getTime() + 5 * DAY_MS - 60_000);
    await sweep();
    expect(await orderOf(customer, orderId)).toMatchObject({ status: 'CONFIRMED', pendingTransfers: [{ domain: 'google.nl', expectedAt }] });

    clock = new Date(ordered.getTime() + 5 * DAY_MS + 60_000);
    await sweep();
    expect(await orderOf(customer, orderId)).toMatchObject({ status: 'FULFILLED', pendingTransfers: [] });
    expect(await transfersOf(customer)).toEqual([]);
    domains = await domainsOf(customer);
    const current = simulatedCurrentExpiry('google.nl', new Date(expectedAt));
    expect(domains.get('google.nl')).toMatchObject({ status: 'active', expiresAt: addYears(current, 1).toISOString() });
    expect(new Date(domains.get('google.nl')!.expiresAt!).getTime()).toBeGreaterThan(addYears(clock, 1).getTime() - DAY_MS);
  });

  it('sweeps the orders looked at longest ago first, so transfers waiting for days do not crowd out the rest', async () => {
    const customerId = await customerIdOf(shop.database.db, 'klant@demo.kavel.nl');
    const confirmedAt = new Date(clock.getTime() - DAY_MS);
    const transferring = await insertTestOrder(shop.database.db, { customerId, confirmedAt, lines: [line.transfer('bol.nl', 'Xk9#-bol', {}, [], products.nl)] });
    const other = await insertTestOrder(shop.database.db, { customerId, confirmedAt, lines: [line.registration(freshDomain('later'))] });
    // The transfer was looked at just now and waits; the other order was never looked at.
    expect(await (await createTestFulfilment(shop.database.db, { registry, provisioning, now })).fulfilment.fulfil(transferring)).toBe('NOT_READY');
    expect(await resumableOrderIds(shop.database.db, clock, 0, 1)).toEqual([other]);
  });

  it("gives the demo customer's domains real expiry dates: the next anniversary of their registration", async () => {
    const bakery = await loginAs(app, 'klant@demo.kavel.nl');
    const domains = await domainsOf(bakery);
    for (const name of ['goudenkorst.nl', 'goudenkorst-webshop.com']) {
      const expiresAt = domains.get(name)?.expiresAt;
      expect(expiresAt, name).not.toBeNull();
      const left = new Date(expiresAt!).getTime() - Date.now();
      expect(left, name).toBeGreaterThan(0);
      expect(left, name).toBeLessThanOrEqual(366 * DAY_MS);
    }
    expect(domains.get('goudenkorst.nl')!.expiresAt).toBe(nextAnniversary({ year: 2014, month: 4, day: 12 }, new Date()).toISOString());
  });
});

describe.each(databaseKinds)('a transfer outlives the process that asked for it, on $name', (kind) => {
  let clock = new Date(Math.floor(Date.now() / 1000) * 1000);
  const now = () => clock;
  /** The shop's simulated registry as a process makes it at its start: its state in the database. */
  const registryOf = (db: Database) => createSimulatedRegistry({ latencyMs: { min: 0, max: 0 }, failureRate: 0, wellKnown, registeredInShop: shopDomainsAmong(db), now, state: createDatabaseRegistryState(db) });
  let provisioning: ProvisioningPort;
  let shop: TestShop;
  useTestShop(kind, (ready) => (shop = ready), { app: { now, registry: registryOf, provisioning: (db) => (provisioning = createSimulatedProvisioning({ db })), config: { sessions: LONG_SESSIONS } } });

  it('completes the transfer when a restarted shop sweeps after the losing registrar\'s 5 days', async () => {
    const customer = await createActiveAccount(shop.app, shop.mailer, 'herstart@example.nl');
    await approveOnAccount(shop.database.db, 'herstart@example.nl');
    const calls = basketCalls(customer);
    const transfer = basketFrom(await calls.addDomain(products.nl, 'google.nl')).items.find((item) => item.title === 'google.nl')!;
    basketFrom(await calls.addChild(transfer.unique, products.transferCode, { value: 'Xk9#-verhuis' }));
    basketFrom(await calls.call('setTransferOptions', { unique: transfer.unique, ownerConfirmed: true }));
    const { orderId } = purchased(await purchase(customer, purchaseBody('MANUAL_PAYMENT')));
    await expect.poll(async () => (await orderOf(customer, orderId)).pendingTransfers).toHaveLength(1);

    // The shop restarts (a deploy): the next process makes its registry adapter anew.
    clock = new Date(clock.getTime() + 5 * DAY_MS + 60_000);
    const restarted = registryOf(shop.database.db);
    await (await createTestFulfilment(shop.database.db, { registry: restarted, provisioning, now })).fulfilment.resumePending();
    expect(await orderOf(customer, orderId)).toMatchObject({ status: 'FULFILLED', pendingTransfers: [] });
    // Another transfer of the name is refused by the registry: it is with us now.
    expect(await restarted.register(registrationRequest('google.nl', 'elders:1', { kind: 'transfer', transferCode: 'Xk9#-verhuis' }))).toMatchObject({ ok: false, reason: 'taken' });
  });
});
