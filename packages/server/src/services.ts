import { DEFAULT_ZONE_RECORD_LIMIT } from '@kavel/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Adapters } from './adapters.ts';
import { DEFAULT_DNS_HOSTMASTER, DEFAULT_DNS_NAMESERVERS, DEFAULT_FORWARDER_IPV4, type Config } from './config.ts';
import type { Database } from './db/connect.ts';
import { createEventBus, type EventBus } from './events.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import { createAccountServices, type AccountServices } from './features/accounts/account-services.ts';
import { createApiKeyService, type ApiKeyService } from './features/reseller-api/api-key-service.ts';
import { DEFAULT_RESELLER_API_LIMITS } from './features/reseller-api/reseller-api-limits.ts';
import { createAddressService, type AddressService } from './features/addresses/address-service.ts';
import { createAccountDirectory, createCustomerLookup, type CustomerLookup } from './features/accounts/customer-lookup.ts';
import { createAvailabilityService, type AvailabilityService } from './features/availability/availability-service.ts';
import { createSearchQuota, type SearchQuota } from './features/availability/search-quota.ts';
import { createBasketService, type BasketService } from './features/basket/basket-service.ts';
import { createCatalogueService, type CatalogueService } from './features/catalogue/catalogue-service.ts';
import { surchargeFor } from './features/checkout/payment-methods.ts';
import { createCheckoutService, type CheckoutService } from './features/checkout/checkout-service.ts';
import { createDnsPublishing, type DnsPublishing } from './features/dns/dns-publishing.ts';
import { createDnsService, type DnsService } from './features/dns/dns-service.ts';
import { createProfileService, type ProfileService } from './features/dns/profile-service.ts';
import { createZoneOperations, type ZoneOperations } from './features/dns/zone-operations.ts';
import { createZoneService, type ZoneService } from './features/dns/zone-service.ts';
import { createDomainService, type DomainService } from './features/domains/domain-service.ts';
import { createForwardService, type ForwardService } from './features/domains/forward-service.ts';
import { createForwardTlsService, DEFAULT_FORWARD_TLS_LIMITS, type ForwardTlsService } from './features/forward-tls/forward-tls-service.ts';
import { createKeySealing } from './features/forward-tls/key-sealing.ts';
import { createHostingService, type HostingService } from './features/hosting/hosting-service.ts';
import { createCertificateService, type CertificateService } from './features/certificates/certificate-service.ts';
import { createCloudflareService, type CloudflareService } from './features/cloudflare/cloudflare-service.ts';
import { createVpsService, type VpsService } from './features/vps/vps-service.ts';
import { createFulfilmentService, type FulfilmentService } from './features/orders/fulfilment/fulfilment-service.ts';
import { createOrderAppService, type OrderAppService } from './features/order-app/order-app-service.ts';
import { createOrdersFeature, type OrdersFeature } from './features/orders/orders-feature.ts';
import { createDomainHolderService, type DomainHolderService } from './features/whois/domain-holder-service.ts';
import { createHolderRegistrySync, type HolderRegistrySync } from './features/whois/holder-registry-sync.ts';
import { createWhoisService, type WhoisService } from './features/whois/whois-service.ts';
import { getOrCreateSecret } from './db/settings.ts';
import { forgettingRegistrar } from './features/availability/forgetting-registrar.ts';
import { createCsrfTokens } from './http/csrf-tokens.ts';
import { SessionManager } from './http/session.ts';
import type { ShopOrigin } from './http/shop-origin.ts';

/** The part of the configuration the services and the HTTP app read. */
export type ShopConfig = Pick<
  Config,
  'secureCookies' | 'trustProxy' | 'webDist' | 'sessions' | 'rateLimitPerMinute' | 'logLevel' | 'requestLog' | 'baseUrl' | 'loginThrottle'
> & { registry: Pick<Config['registry'], 'timeoutMs'>; availability: Omit<Config['availability'], 'cache'> } & Partial<Pick<Config, 'publicUrl' | 'resellerApiPerMinute' | 'resellerApiPerResellerPerMinute' | 'resellerApiMaxKeys'>> & { dns?: Pick<Config['dns'], 'nameservers' | 'hostmaster' | 'adapter'> & Partial<Pick<Config['dns'], 'maxZoneRecords'>>; forwarder?: Pick<Config['forwarder'], 'ipv4' | 'ipv6'> & Partial<Pick<Config['forwarder'], 'https'>> };

/** The ports the services use (`createAdapters` makes them; its `close` belongs to the process). */
export type ServiceAdapters = Omit<Adapters, 'close'>;

export interface ServiceDeps {
  config: ShopConfig;
  db: Database;
  adapters: ServiceAdapters;
  /** Where services write their jobs (mail, fulfilment), in the transaction of the change. */
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** The clock of the account rules (link expiry, attempt windows), sessions and orders; tests move it. */
  now?: () => Date;
}

/** Every feature service, built once; every role and every test starts here. */
export interface Services {
  config: ShopConfig;
  db: Database;
  adapters: ServiceAdapters;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  now: () => Date;
  events: EventBus;
  sessions: SessionManager;
  catalogue: CatalogueService;
  availability: AvailabilityService;
  quota: SearchQuota;
  dns: DnsService;
  /** The account area's view of domains' zones: the DNS page and its changes. */
  zones: ZoneService;
  /** Applying profiles to zones, and zones as BIND files. */
  zoneOperations: ZoneOperations;
  /** The account's DNS profiles. */
  dnsProfiles: ProfileService;
  /** Publishing zones to the DNS server: the worker's jobs and the catch-up. */
  dnsPublishing: DnsPublishing;
  domains: DomainService;
  /** Domain forwarding: the account page, the order's redirect and the responder's lookups. */
  forwards: ForwardService;
  /** The forwarding responder's HTTPS: certificates on demand through ACME, and their renewal. */
  forwardTls: ForwardTlsService;
  hosting: HostingService;
  /** The customers' SSL certificates, their domains behind Cloudflare and their virtual servers. */
  certificates: CertificateService;
  cloudflare: CloudflareService;
  vps: VpsService;
  customer: CustomerLookup;
  basket: BasketService;
  whois: WhoisService;
  /** The holder of each of a customer's domains. */
  domainHolders: DomainHolderService;
  /** Gives the registry a domain's changed holder: the worker's jobs. */
  holderRegistrySync: HolderRegistrySync;
  accounts: AccountServices;
  checkout: CheckoutService;
  fulfilment: FulfilmentService;
  orders: OrdersFeature;
  /** The customer-data form's address lookup (postcode and house number to street and place). */
  addresses: AddressService;
  orderApp: OrderAppService;
  /** Resellers' API keys: made and revoked in the account area, checked on every reseller API call. */
  apiKeys: ApiKeyService;
  /** Where the browser is sent back to: `PUBLIC_URL`, or the request's own address while it is unset. */
  shopOrigin: ShopOrigin;
}

/** The service graph: who needs whom is decided here and nowhere else. */
export async function createServices(deps: ServiceDeps): Promise<Services> {
  const { config, db, adapters, jobs, log } = deps;
  const now = deps.now ?? (() => new Date());
  const events = createEventBus(log);
  const csrf = createCsrfTokens(await getOrCreateSecret(db, 'csrf_hmac_key'));
  const sessions = new SessionManager({ db, lifetimes: config.sessions, secureCookies: config.secureCookies, csrf, now, cacheEvents: adapters.cacheEvents });

  const catalogue = createCatalogueService(db);
  const availability = createAvailabilityService({
    registry: adapters.registry,
    catalogue,
    cache: adapters.availabilityCache,
    cacheSeconds: config.availability.cacheSeconds,
    timeoutMs: config.registry.timeoutMs,
  });
  const quota = createSearchQuota({ counters: adapters.counters, freeSearches: config.availability.freeSearches, windowSeconds: config.availability.windowSeconds });
  const dns = createDnsService(db, { jobs });
  const dnsPublishing = createDnsPublishing({ db, publisher: adapters.dnsPublisher, jobs, log, now });
  const domains = createDomainService(db);
  const accountDirectory = createAccountDirectory(db);
  const zones = createZoneService({
    db,
    dns,
    domains,
    accounts: accountDirectory,
    privacySupported: async (extension) => (await catalogue.snapshot()).extensionsByName.get(extension)?.privacySupported ?? false,
    nameservers: config.dns?.nameservers ?? DEFAULT_DNS_NAMESERVERS,
    publishing: config.dns?.adapter ?? 'none',
    maxRecords: config.dns?.maxZoneRecords ?? DEFAULT_ZONE_RECORD_LIMIT,
  });
  const zoneOperations = createZoneOperations({
    zones,
    dns,
    db,
    resolver: adapters.dnsResolver,
    registry: adapters.registry,
    nameservers: config.dns?.nameservers ?? DEFAULT_DNS_NAMESERVERS,
    hostmaster: config.dns?.hostmaster ?? DEFAULT_DNS_HOSTMASTER,
    maxRecords: config.dns?.maxZoneRecords ?? DEFAULT_ZONE_RECORD_LIMIT,
  });
  const forwards = createForwardService({
    db,
    zones,
    dns,
    responder: { ipv4: config.forwarder?.ipv4 ?? DEFAULT_FORWARDER_IPV4, ipv6: config.forwarder?.ipv6 ?? null },
    cacheEvents: adapters.cacheEvents,
  });
  const forwardTls = createForwardTlsService({
    db,
    acme: adapters.acme,
    hostAddresses: adapters.hostAddresses,
    forwards,
    counters: adapters.counters,
    cacheEvents: adapters.cacheEvents,
    responder: { ipv4: config.forwarder?.ipv4 ?? DEFAULT_FORWARDER_IPV4, ipv6: config.forwarder?.ipv6 ?? null },
    limits: config.forwarder?.https ?? DEFAULT_FORWARD_TLS_LIMITS,
    keySealing: createKeySealing(config.forwarder?.https?.keyEncryptionKey ? Buffer.from(config.forwarder.https.keyEncryptionKey, 'base64') : null),
    log,
    now,
  });
  const dnsProfiles = createProfileService(db, { accounts: accountDirectory });
  const hosting = createHostingService(db);
  const certificates = createCertificateService(db);
  const cloudflare = createCloudflareService(db);
  const vps = createVpsService(db, { platform: adapters.vps, now });
  const customer = createCustomerLookup(db);
  // The domain holders' origins come from `domainHolders`, built below (it needs the orders feature).
  const whois = createWhoisService({ db, now, jobs, countries: () => catalogue.countries(), customer, events, holderOrigins: (customerId) => domainHolders.origins(customerId) });
  const basket = createBasketService({
    db,
    catalogue,
    availability,
    now,
    cacheEvents: adapters.cacheEvents,
    ownsDnsProfile: (customerId, profileId, q) => dns.ownsProfile(customerId, profileId, q),
    ownsHolder: (customerId, holderId, q) => whois.ownsHolder(customerId, holderId, q),
    activeExtraIds: (customerId, domain, q) => hosting.activeExtraIds(customerId, domain, q),
  });
  // A deleted holder is no longer chosen in the customer's basket (checkout checks it again anyway).
  events.on('holder-deleted', ({ customerId, holderId }) => db.transaction((tx) => basket.forgetDomainHolder(customerId, holderId, tx)));
  const accounts = createAccountServices({
    db,
    now,
    baseUrl: config.baseUrl,
    captcha: adapters.captcha,
    basket,
    mailer: adapters.mailer,
    jobs,
    log,
    sessions,
    loginThrottle: config.loginThrottle,
  });
  const checkout = createCheckoutService({
    basket,
    snapshot: () => catalogue.snapshot(),
    availability,
    isRegisteredInShop: (domain) => domains.isRegisteredInShop(domain),
    customer,
    ownsHolder: (customerId, holderId) => whois.ownsHolder(customerId, holderId),
    // Asked per request, so the orders feature (built below) is there by then.
    onAccountFacts: (customerId) => orders.placing.onAccountFacts(customerId),
  });
  const fulfilment = createFulfilmentService({
    db,
    now,
    log,
    // A domain the shop registers is no longer reported free from any process's cache.
    registry: forgettingRegistrar(adapters.registry, availability),
    provisioning: adapters.provisioning,
    domains,
    forwards,
    dns,
    hosting,
    certificateAuthority: adapters.certificates,
    certificates,
    cloudflareAccount: adapters.cloudflare,
    cloudflare,
    vpsPlatform: adapters.vps,
    vps,
    orderProduct: async (productId) => (await catalogue.snapshot()).orderProductsById.get(productId),
    hostingPackage: async (productId) => (await catalogue.snapshot()).hostingById.get(productId),
    organisationOf: async (customerId) => (await customer(customerId))?.companyName.trim() || null,
    recordHolder: (tx, domainId, holder) => domainHolders.recordRegistered(tx, domainId, holder),
    // The orders feature (built below) credits a failed order and mails the customer.
    orderFailed: (tx, orderId) => orders.fulfilmentFailed(tx, orderId),
  });
  // Links the browser follows: PUBLIC_URL, or the request's own address while it is unset. Services
  // built without `publicUrl` at all (tests that make their own config) keep to `baseUrl`.
  const shopOrigin: ShopOrigin = { publicUrl: config.publicUrl === undefined ? config.baseUrl : config.publicUrl, baseUrl: config.baseUrl };
  const orders = createOrdersFeature({
    db,
    now,
    baseUrl: config.baseUrl,
    shopOrigin,
    log,
    payment: adapters.payment,
    catalogue,
    validator: checkout,
    customer,
    holder: (customerId, holderId, locale) => whois.get(customerId, holderId, locale),
    standardHolder: (customer, countries) => whois.standardSnapshot(customer, countries),
    createHolder: (tx, customerId, form, locale) => whois.createIn(tx, customerId, form, locale),
    paymentMethods: () => catalogue.snapshot().then((snapshot) => snapshot.paymentMethods),
    surchargeFor,
    jobs,
    mail: accounts.mail,
  });

  const domainHolders = createDomainHolderService({
    db,
    now,
    jobs,
    domains,
    customer,
    accounts: accountDirectory,
    countries: () => catalogue.countries(),
    purchasedHolder: (customerId, orderId, domain) => orders.orders.purchasedHolder(customerId, orderId, domain),
  });

  const holderRegistrySync = createHolderRegistrySync({ db, registry: adapters.registry, log });

  const addresses = createAddressService({ lookup: adapters.addressLookup, log });
  const orderApp = createOrderAppService({
    db,
    now,
    catalogue,
    customer,
    standardHolder: (customer, countries) => whois.standardSnapshot(customer, countries),
    availability,
    domains,
    hosting,
    cloudflareDomains: async (customerId) => {
      const owned = await domains.listOwned(customerId);
      return new Set((await cloudflare.plansOf(customerId, owned.map((domain) => domain.name))).keys());
    },
    placing: orders.placing,
  });

  const apiKeys = createApiKeyService({ db, now, maxActiveKeys: config.resellerApiMaxKeys ?? DEFAULT_RESELLER_API_LIMITS.activeKeys });

  return { apiKeys, config, db, adapters, jobs, log, now, events, sessions, catalogue, availability, quota, dns, zones, zoneOperations, dnsProfiles, dnsPublishing, domains, forwards, forwardTls, hosting, certificates, cloudflare, vps, customer, basket, whois, domainHolders, holderRegistrySync, accounts, checkout, fulfilment, orders, orderApp, addresses, shopOrigin };
}
