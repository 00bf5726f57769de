import { randomUUID } from 'node:crypto';
import { forwardRecords, zoneWithForward, type DnsZoneRecord } from '@kavel/core';
import { DEFAULT_FORWARDER_IPV4 } from '../src/config.ts';
import { forwardOf } from '../src/features/domains/forward-repository.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import { ensureDemoAccounts } from '../src/features/accounts/demo-accounts.ts';
import wellKnown from '../src/features/catalogue/data/well-known-names.json' with { type: 'json' };
import { createSimulatedProvisioning } from '../src/ports/provisioning/index.ts';
import { createSimulatedRegistry } from '../src/ports/registry/index.ts';
import type { DomainRegistrationRequest, RegistrySettings } from '../src/ports/registry/registry-port.ts';
import {
  createTestFulfilment,
  customerIdOf,
  databaseKinds,
  demoAccountDeps,
  insertTestOrder,
  lineFixtures as line,
  orderProgress,
  products,
} from './support/index.ts';

const { nl, com, basic, premium, intro, ssl, spamfilter, wordpress, joomla } = products;
const settings: RegistrySettings = { extension: 'nl', rdapBaseUrl: null, whoisServer: null, whoisFreePattern: null, whoisQuarantinePattern: null };
const AT = new Date('2026-03-01T10:00:00.000Z');

/** The default zone as a domain gets it: targets absolute, so `www CNAME @` points at the domain. */
const defaultZone = (domain: string) => [
  { name: '@', type: 'A', value: '203.0.113.10', priority: null, ttl: 3600 },
  { name: '@', type: 'AAAA', value: '2001:db8::10', priority: null, ttl: 3600 },
  { name: 'www', type: 'CNAME', value: `${domain}.`, priority: null, ttl: 3600 },
  { name: '@', type: 'MX', value: 'mx1.kavel.nl.', priority: 10, ttl: 3600 },
  { name: '@', type: 'MX', value: 'mx2.kavel.nl.', priority: 20, ttl: 3600 },
  { name: '@', type: 'TXT', value: 'v=spf1 include:_spf.kavel.nl ~all', priority: null, ttl: 3600 },
];

describe.each(databaseKinds)('fulfilment: delivering orders on $name', (kind) => {
  let database: DatabaseHandle;
  let customerId: number;
  beforeAll(async () => {
    database = await kind.open();
    await ensureDemoAccounts(await demoAccountDeps(database.db));
    customerId = await customerIdOf(database.db, 'klant@demo.kavel.nl');
  });
  afterAll(async () => database?.close());

  /**
   * Fresh adapters per test. The registry does not consult the shop's domains, so a name it calls
   * taken afterwards was registered at the registry itself. Every register request is kept.
   */
  async function world() {
    // Transfers complete at once here; fulfilment-transfers.test.ts follows one that waits.
    const registry = createSimulatedRegistry({ latencyMs: { min: 0, max: 0 }, failureRate: 0, wellKnown, registeredInShop: async () => new Set(), transferSeconds: 0, now: () => AT });
    const requests: DomainRegistrationRequest[] = [];
    const spied = { ...registry, register: (request: DomainRegistrationRequest, signal?: AbortSignal) => (requests.push(request), registry.register(request, signal)) };
    const provisioning = createSimulatedProvisioning({ db: database.db, platform: randomUUID() });
    const { fulfilment, services } = await createTestFulfilment(database.db, { registry: spied, provisioning, now: () => AT });
    return { registry, requests, provisioning, fulfilment, domains: services.domains, dns: services.dns, hosting: services.hosting };
  }
  const owned = async (name: string) => {
    const found = (await (await demoAccountDeps(database.db)).domains.listOwned(customerId)).find((domain) => domain.name === name);
    if (!found) throw new Error(`${name} is not the customer's`);
    return found;
  };

  it('delivers a registration with hosting, an extra and a free install, and a forwarded domain', async () => {
    const { registry, provisioning, fulfilment, dns, hosting } = await world();
    const orderId = await insertTestOrder(database.db, {
      customerId,
      lines: [
        line.registration('mijnbakkerij.nl', [line.hosting(basic), line.extra(ssl), line.install(wordpress)]),
        line.registration('mijnbakkerij.com', [line.redirect('https://mijnbakkerij.nl')], com),
      ],
    });

    expect(await fulfilment.fulfil(orderId)).toBe('FULFILLED');

    const progress = await orderProgress(database.db, orderId);
    expect(progress.status).toBe('FULFILLED');
    expect(progress.fulfilledAt).toEqual(AT);
    expect(progress.leaseUntil).toBeNull();
    expect(progress.steps.map((step) => [step.key, step.state])).toEqual([
      ['register-domain:mijnbakkerij.nl', 'done'],
      ['add-domain:mijnbakkerij.nl', 'done'],
      ['dns-zone:mijnbakkerij.nl', 'done'],
      ['create-hosting:mijnbakkerij.nl', 'done'],
      ['add-extra:mijnbakkerij.nl:SSL_DV', 'done'],
      ['register-domain:mijnbakkerij.com', 'done'],
      ['add-domain:mijnbakkerij.com', 'done'],
      ['dns-zone:mijnbakkerij.com', 'done'],
      ['redirect:mijnbakkerij.com', 'done'],
    ]);

    for (const name of ['mijnbakkerij.nl', 'mijnbakkerij.com']) expect(await registry.lookup(name, settings, AbortSignal.timeout(1000)), name).toEqual({ ok: true, status: 'taken' });
    const domain = await owned('mijnbakkerij.nl');
    expect(domain).toMatchObject({ status: 'active', expiresAt: new Date('2027-03-01T10:00:00.000Z'), redirectTo: null });
    expect(await dns.zone(domain.id)).toEqual(defaultZone('mijnbakkerij.nl'));
    const forwarded = await owned('mijnbakkerij.com');
    expect(forwarded.redirectTo).toBe('https://mijnbakkerij.nl');
    // The redirect is the domain's HTTP forward (301), with the apex and www at the responder.
    expect(await forwardOf(database.db, forwarded.id)).toMatchObject({ forwardOption: 'HTTP', forwardTo: 'https://mijnbakkerij.nl', redirectStatus: 301, keepPath: false });
    expect(await dns.zone(forwarded.id)).toEqual(zoneWithForward(defaultZone('mijnbakkerij.com') as DnsZoneRecord[], [], forwardRecords('HTTP', 'https://mijnbakkerij.nl', { ipv4: DEFAULT_FORWARDER_IPV4, ipv6: null })));

    expect(await hosting.listOwned(customerId)).toMatchObject([
      { domain: 'mijnbakkerij.nl', productCode: 'HOSTING_BASIC', status: 'active', username: 'mijnbakkerij', cmsInstall: 'CMS_WORDPRESS', extras: [{ productId: ssl.productId, productCode: 'SSL_DV' }] },
    ]);
    expect(await provisioning.accounts()).toMatchObject([
      { domain: 'mijnbakkerij.nl', packageCode: 'HOSTING_BASIC', cmsInstall: 'CMS_WORDPRESS', extras: ['SSL_DV'], customerRef: `customer-${customerId}` },
    ]);
    expect((await provisioning.accounts())[0]!.clientRef).toMatch(new RegExp(`^order-${orderId}:`));
  });

  it('makes a reseller package a reseller account with the sites of the package', async () => {
    const { provisioning, fulfilment, hosting } = await world();
    const orderId = await insertTestOrder(database.db, { customerId, lines: [line.registration('reseller-platform.nl', [line.resellerPackage(products.resellerBasic)])] });
    expect(await fulfilment.fulfil(orderId)).toBe('FULFILLED');
    expect(await provisioning.accounts()).toMatchObject([{ domain: 'reseller-platform.nl', packageCode: 'RESELLER_BASIC', resellerSites: 40 }]);
    expect((await hosting.listOwned(customerId)).find((account) => account.domain === 'reseller-platform.nl')).toMatchObject({ productCode: 'RESELLER_BASIC', status: 'active' });
  });

  it('does nothing twice when asked again', async () => {
    const { provisioning, fulfilment, requests, dns, hosting } = await world();
    const orderId = await insertTestOrder(database.db, { customerId, lines: [line.registration('tweemaal.nl', [line.hosting(basic), line.extra(spamfilter)])] });
    expect(await fulfilment.fulfil(orderId)).toBe('FULFILLED');
    const before = { requests: requests.length, accounts: await provisioning.accounts(), listed: await hosting.listOwned(customerId), progress: await orderProgress(database.db, orderId) };

    expect(await fulfilment.fulfil(orderId)).toBe('FULFILLED');
    expect(await fulfilment.fulfil(orderId)).toBe('FULFILLED');

    expect(requests).toHaveLength(before.requests);
    expect(await provisioning.accounts()).toEqual(before.accounts);
    expect(await hosting.listOwned(customerId)).toEqual(before.listed);
    expect(await orderProgress(database.db, orderId)).toEqual(before.progress);
    expect(before.progress.steps.every((step) => step.attempts === 1)).toBe(true);
    expect(await dns.zone((await owned('tweemaal.nl')).id)).toHaveLength(defaultZone('tweemaal.nl').length);
  });

  it('registers for the period of the order, with the holder of the order line', async () => {
    const { fulfilment, requests } = await world();
    const orderId = await insertTestOrder(database.db, { customerId, period: 'FIVE_YEARLY', lines: [line.registration('vijfjaar.nl')] });
    expect(await fulfilment.fulfil(orderId)).toBe('FULFILLED');
    expect(requests).toEqual([
      {
        clientRef: expect.stringMatching(new RegExp(`^order-${orderId}:`)),
        domain: 'vijfjaar.nl',
        kind: 'registration',
        transferCode: null,
        years: 5,
        registrant: {
          company: 'Bakkerij De Gouden Korst',
          name: 'Femke de Vries',
          street: 'Prinsengracht',
          houseNumber: '263',
          postcode: '1016 GV',
          city: 'Amsterdam',
          country: 'NL',
          phone: '+31 20 123 4567',
          email: 'femke@goudenkorst.example',
        },
      },
    ]);
    expect((await owned('vijfjaar.nl')).expiresAt).toEqual(new Date('2031-03-01T10:00:00.000Z'));
  });

  it("gives a transfer with a DNS profile the profile's records, with the domain filled in", async () => {
    const { fulfilment, requests, dns } = await world();
    const profile = (await dns.listProfiles(customerId)).find((candidate) => candidate.name === 'Standaard Kavel')!;
    const withProfile = await insertTestOrder(database.db, { customerId, lines: [line.transfer('bol.com', 'Xk9#-code', { dnsProfileId: profile.id })] });
    const withoutProfile = await insertTestOrder(database.db, { customerId, lines: [line.transfer('amazon.com', 'Ab12-code')] });

    expect(await fulfilment.fulfil(withProfile)).toBe('FULFILLED');
    expect(await fulfilment.fulfil(withoutProfile)).toBe('FULFILLED');

    expect(requests.map(({ domain, kind, transferCode }) => ({ domain, kind, transferCode }))).toEqual([
      { domain: 'bol.com', kind: 'transfer', transferCode: 'Xk9#-code' },
      { domain: 'amazon.com', kind: 'transfer', transferCode: 'Ab12-code' },
    ]);
    expect((await orderProgress(database.db, withProfile)).steps.map((step) => step.key)).toEqual(['transfer-domain:bol.com', 'add-domain:bol.com', 'dns-zone:bol.com']);
    expect(await dns.zone((await owned('bol.com')).id)).toEqual([
      { name: '@', type: 'A', value: '203.0.113.10', priority: null, ttl: 3600 },
      { name: '@', type: 'AAAA', value: '2001:db8::10', priority: null, ttl: 3600 },
      { name: 'www', type: 'CNAME', value: 'bol.com.', priority: null, ttl: 3600 },
      // The profile's empty MX name is the apex, written `@` like every other apex record.
      { name: '@', type: 'MX', value: 'mail.bol.com.', priority: 10, ttl: 3600 },
      { name: 'mail', type: 'A', value: '203.0.113.25', priority: null, ttl: 3600 },
      { name: '@', type: 'TXT', value: 'v=spf1 a mx ~all', priority: null, ttl: 3600 },
    ]);
    expect(await dns.zone((await owned('amazon.com')).id)).toEqual(defaultZone('amazon.com'));
  });

  it('changes the package of an existing account, adds extras to it, and adds hosting to a domain without', async () => {
    const { fulfilment, provisioning, hosting } = await world();
    const first = await insertTestOrder(database.db, { customerId, lines: [line.registration('groeiende-bakker.nl', [line.hosting(intro)])] });
    expect(await fulfilment.fulfil(first)).toBe('FULFILLED');
    const [account] = (await hosting.listOwned(customerId)).filter((candidate) => candidate.domain === 'groeiende-bakker.nl');

    const upgrade = await insertTestOrder(database.db, { customerId, lines: [line.owned('groeiende-bakker.nl', [line.hosting(premium)])] });
    expect(await fulfilment.fulfil(upgrade)).toBe('FULFILLED');
    expect((await orderProgress(database.db, upgrade)).steps.map((step) => step.key)).toEqual(['change-package:groeiende-bakker.nl']);

    const extras = await insertTestOrder(database.db, { customerId, lines: [line.owned('groeiende-bakker.nl', [line.hosting(premium, true), line.extra(spamfilter)])] });
    expect(await fulfilment.fulfil(extras)).toBe('FULFILLED');
    expect((await orderProgress(database.db, extras)).steps.map((step) => step.key)).toEqual(['add-extra:groeiende-bakker.nl:PREMIUM_SPAMFILTER']);

    const [after] = (await hosting.listOwned(customerId)).filter((candidate) => candidate.domain === 'groeiende-bakker.nl');
    expect(after).toMatchObject({ id: account!.id, username: account!.username, productId: premium.productId, productCode: 'HOSTING_PREMIUM', extras: [{ productCode: 'PREMIUM_SPAMFILTER' }] });
    expect(await provisioning.accounts()).toMatchObject([{ domain: 'groeiende-bakker.nl', packageCode: 'HOSTING_PREMIUM', extras: ['PREMIUM_SPAMFILTER'] }]);

    // goudenkorst.nl is the customer's already (demo data) and has no hosting yet.
    const added = await insertTestOrder(database.db, { customerId, lines: [line.owned('goudenkorst.nl', [line.hosting(basic), line.install(joomla)])] });
    expect(await fulfilment.fulfil(added)).toBe('FULFILLED');
    expect((await orderProgress(database.db, added)).steps.map((step) => step.key)).toEqual(['create-hosting:goudenkorst.nl']);
    expect((await hosting.listOwned(customerId)).find((candidate) => candidate.domain === 'goudenkorst.nl')).toMatchObject({ productCode: 'HOSTING_BASIC', cmsInstall: 'CMS_JOOMLA' });
  });

  it('leaves an order that is not paid yet alone, and completes one that has nothing to deliver', async () => {
    const { fulfilment, requests } = await world();
    const unpaid = await insertTestOrder(database.db, { customerId, status: 'AWAITING_PAYMENT', lines: [line.registration('nog-niet-betaald.nl', [], nl)] });
    expect(await fulfilment.fulfil(unpaid)).toBe('NOT_READY');
    expect(await orderProgress(database.db, unpaid)).toMatchObject({ status: 'AWAITING_PAYMENT', steps: [] });
    expect(requests).toEqual([]);

    const nothing = await insertTestOrder(database.db, { customerId, lines: [line.owned('goudenkorst-webshop.com', [line.hosting(basic, true)], com)] });
    expect(await fulfilment.fulfil(nothing)).toBe('FULFILLED');
    expect(await orderProgress(database.db, nothing)).toMatchObject({ status: 'FULFILLED', steps: [] });
    expect(await fulfilment.fulfil(123_456_789)).toBe('NOT_READY');
  });
});
