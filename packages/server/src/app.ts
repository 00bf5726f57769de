import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { installPasswordStrengthEstimator, passwordStrengthReady } from '@kavel/core';
import { createPasswordStrengthEstimator } from '@kavel/core/password-estimator';
import type { Config } from './config.ts';
import type { Database } from './db/connect.ts';
import { getOrCreateSecret } from './db/settings.ts';
import { registerAccountRoutes } from './features/accounts/account-routes.ts';
import { createAccountServices } from './features/accounts/account-services.ts';
import { createCustomerLookup } from './features/accounts/customer-lookup.ts';
import { createAvailabilityService } from './features/availability/availability-service.ts';
import { registerAvailabilityRoutes } from './features/availability/availability-routes.ts';
import { createSearchQuota } from './features/availability/search-quota.ts';
import { forgettingRegistrar } from './features/availability/forgetting-registrar.ts';
import { createBasketService } from './features/basket/basket-service.ts';
import { registerBasketRoutes } from './features/basket/basket-routes.ts';
import { registerHostingEntryRoutes } from './features/basket/hosting-entry-routes.ts';
import { registerServicesRoutes } from './features/basket/services-routes.ts';
import { registerCaptchaRoutes } from './features/captcha/captcha-routes.ts';
import { createDatabaseSpentTokenStore } from './features/captcha/spent-token-repository.ts';
import { registerCheckoutRoutes } from './features/checkout/checkout-routes.ts';
import { createCheckoutService } from './features/checkout/checkout-service.ts';
import { registerCatalogueRoutes } from './features/catalogue/catalogue-routes.ts';
import { createCatalogueService } from './features/catalogue/catalogue-service.ts';
import { registerDnsRoutes } from './features/dns/dns-routes.ts';
import { createDnsService } from './features/dns/dns-service.ts';
import { createDomainService } from './features/domains/domain-service.ts';
import { createHostingService } from './features/hosting/hosting-service.ts';
import { registerHostingRoutes } from './features/hosting/hosting-routes.ts';
import { registerDomainRoutes } from './features/domains/domain-routes.ts';
import { createFulfilmentService } from './features/orders/fulfilment/fulfilment-service.ts';
import { registerErrorReportRoutes } from './features/error-reports/error-report-routes.ts';
import { createOrdersFeature } from './features/orders/orders-feature.ts';
import { surchargeFor } from './features/checkout/payment-methods.ts';
import { registerWhoisRoutes } from './features/whois/whois-routes.ts';
import { createWhoisService } from './features/whois/whois-service.ts';
import { registerCsrfProtection } from './http/csrf.ts';
import { createCsrfTokens } from './http/csrf-tokens.ts';
import { registerErrorHandling } from './http/errors.ts';
import { withLogSerializers } from './http/log-redaction.ts';
import { registerPages } from './http/pages.ts';
import { registerSecurity } from './http/security.ts';
import { registerCanonicalHost, type ShopOrigin } from './http/shop-origin.ts';
import { registerSessions } from './http/session.ts';
import type { AvailabilityCachePort } from './ports/availability-cache/availability-cache-port.ts';
import type { CaptchaPort } from './ports/captcha/captcha-port.ts';
import type { CounterPort } from './ports/counters/counter-port.ts';
import type { MailerPort } from './ports/mailer/mailer-port.ts';
import type { PaymentPort } from './ports/payment/payment-port.ts';
import type { ProvisioningPort } from './ports/provisioning/provisioning-port.ts';
import type { RegistryPort } from './ports/registry/registry-port.ts';

export type AppConfig = Pick<
  Config,
  'secureCookies' | 'trustProxy' | 'webDist' | 'sessions' | 'rateLimitPerMinute' | 'logLevel' | 'baseUrl' | 'loginThrottle'
> & { registry: Pick<Config['registry'], 'timeoutMs'>; availability: Omit<Config['availability'], 'cache'> } & Partial<Pick<Config, 'publicUrl'>>;

export interface AppDeps {
  config: AppConfig;
  db: Database;
  registry: RegistryPort;
  captcha: CaptchaPort;
  mailer: MailerPort;
  payment: PaymentPort;
  provisioning: ProvisioningPort;
  /** Search quota and HTTP rate limit, shared by every process. */
  counters: CounterPort;
  availabilityCache: AvailabilityCachePort;
  logger?: FastifyServerOptions['logger'];
  /** The clock of the account rules (link expiry, attempt windows) and sessions; tests move it. */
  now?: () => Date;
  /** Told of every route as it is added (tests enumerate the app's routes with it). */
  onRoute?: (route: RouteOptions) => void;
}

/** How often ended sessions, account attempts and spent captcha solutions are deleted. */
export const PURGE_INTERVAL_MS = 3_600_000;

const RECAPTCHA_ORIGINS = ['https://www.google.com', 'https://www.gstatic.com'];

/** The Fastify instance with every route; `main.ts` listens on it, tests inject into it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    // Activation and reset links carry their token in the query, and a failed query's error its
    // bound values (password hashes, addresses): the serializers keep both out of every log line.
    logger: withLogSerializers(deps.logger ?? { level: config.logLevel }),
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    bodyLimit: 256 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const onRoute = deps.onRoute;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The shared password schemas judge 'hard to guess' with zxcvbn: the server has the judge from
  // the start (built once per process, about 0.2 s), so it never lets a password through unjudged.
  if (!passwordStrengthReady()) installPasswordStrengthEstimator(createPasswordStrengthEstimator());
  registerErrorHandling(app);
  registerCanonicalHost(app, config.publicUrl ?? null);

  await registerSecurity(app, {
    captchaOrigins: deps.captcha.provider === 'recaptcha' ? RECAPTCHA_ORIGINS : [],
    rateLimitPerMinute: config.rateLimitPerMinute,
    counters: deps.counters,
    secure: config.secureCookies,
  });
  await app.register(cookie);
  await app.register(formbody);
  const csrf = createCsrfTokens(await getOrCreateSecret(db, 'csrf_hmac_key'));
  const sessions = registerSessions(app, { db, lifetimes: config.sessions, secureCookies: config.secureCookies, csrf, now });
  registerCsrfProtection(app);

  const catalogue = createCatalogueService(db);
  const availability = createAvailabilityService({
    registry: deps.registry,
    catalogue,
    cache: deps.availabilityCache,
    cacheSeconds: config.availability.cacheSeconds,
    timeoutMs: config.registry.timeoutMs,
  });
  const quota = createSearchQuota({ counters: deps.counters, freeSearches: config.availability.freeSearches, windowSeconds: config.availability.windowSeconds });
  const dns = createDnsService(db);
  const domains = createDomainService(db);
  const basket = createBasketService({
    db,
    catalogue,
    availability,
    now,
    ownsDnsProfile: (customerId, profileId, q) => dns.ownsProfile(customerId, profileId, q),
    // The whois service is made below: it needs the basket in turn, to forget a deleted holder.
    ownsHolder: (customerId, holderId, q) => whois.ownsHolder(customerId, holderId, q),
  });
  const accounts = createAccountServices({
    db,
    now,
    baseUrl: config.baseUrl,
    captcha: deps.captcha,
    basket,
    mailer: deps.mailer,
    log: app.log,
    sessions,
    loginThrottle: config.loginThrottle,
  });
  const whois = createWhoisService({
    db,
    now,
    countries: () => catalogue.countries(),
    customer: createCustomerLookup(db),
    onHolderDeleted: (customerId, holderId, tx) => basket.forgetDomainHolder(customerId, holderId, tx),
  });
  // [checkout] services of step 3 are created here.
  const customerLookup = createCustomerLookup(db);
  const checkout = createCheckoutService({
    basket,
    snapshot: () => catalogue.snapshot(),
    availability,
    isRegisteredInShop: (domain) => domains.isRegisteredInShop(domain),
    customer: customerLookup,
    ownsHolder: (customerId, holderId) => whois.ownsHolder(customerId, holderId),
  });
  const hosting = createHostingService(db);
  // [fulfilment] fulfilment, hosting accounts and the domain zone services are created here.
  const fulfilment = createFulfilmentService({
    db,
    now,
    log: app.log,
    // A domain the shop registers is no longer reported free from any process's cache.
    registry: forgettingRegistrar(deps.registry, availability),
    provisioning: deps.provisioning,
    domains,
    dns,
    hosting,
  });
  // Confirmed orders left half-way (a crash, a platform that was down) are picked up at start and every minute.
  app.addHook('onReady', async () => fulfilment.start());
  app.addHook('onClose', async () => fulfilment.stop());
  // [orders] purchase, invoices and payments are created here.
  // Links the browser follows: PUBLIC_URL, or the request's own address while it is unset. An app
  // built without `publicUrl` at all (tests that make their own config) keeps to `baseUrl`.
  const shopOrigin: ShopOrigin = { publicUrl: config.publicUrl === undefined ? config.baseUrl : config.publicUrl, baseUrl: config.baseUrl };
  const orders = createOrdersFeature({
    db,
    now,
    baseUrl: config.baseUrl,
    shopOrigin,
    log: app.log,
    payment: deps.payment,
    catalogue,
    validator: checkout,
    customer: createCustomerLookup(db),
    holder: (customerId, holderId, locale) => whois.get(customerId, holderId, locale),
    paymentMethods: () => catalogue.snapshot().then((snapshot) => snapshot.paymentMethods),
    surchargeFor,
    fulfilment,
  });
  // Ended rows are deleted hourly, each kind on its own so one failure does not stop the others.
  const spentCaptchaTokens = createDatabaseSpentTokenStore(db);
  const purges: Record<string, () => Promise<void>> = {
    'account attempts and links': () => accounts.purgeExpired(),
    sessions: () => sessions.purgeExpired(),
    'spent captcha solutions': () => spentCaptchaTokens.purgeExpired(now()),
  };
  const purge = setInterval(() => {
    for (const [what, run] of Object.entries(purges)) run().catch((error: unknown) => app.log.error({ err: error }, `purging old ${what} failed`));
  }, PURGE_INTERVAL_MS).unref();
  app.addHook('onClose', async () => {
    clearInterval(purge);
    // Mails still queued are sent before the app (and then the mailer) closes.
    await accounts.mail.idle();
  });

  app.get('/health', { config: { session: false, rateLimit: false } }, async () => ({ ok: true }));
  registerCatalogueRoutes(app, catalogue);
  registerAvailabilityRoutes(app, { availability, quota, captcha: deps.captcha });
  registerBasketRoutes(app, basket);
  registerServicesRoutes(app, basket);
  registerHostingEntryRoutes(app, { basket, domains, hosting, customer: customerLookup });
  registerWhoisRoutes(app, whois);
  registerDnsRoutes(app, dns);
  registerAccountRoutes(app, accounts, sessions);
  registerCaptchaRoutes(app, deps.captcha, (username) => accounts.login.captchaDifficulty(username));
  registerErrorReportRoutes(app, db);
  // [checkout] routes
  registerCheckoutRoutes(app, checkout);
  // [fulfilment] routes (account lists: domains, hosting packages)
  registerDomainRoutes(app, { domains, dns, hosting });
  registerHostingRoutes(app, { hosting, catalogue });
  // [orders] routes (purchase, order app order/payment, payment return and webhook, invoices)
  orders.register(app);
  await registerPages(app, config.webDist, sessions);
  return app;
}
