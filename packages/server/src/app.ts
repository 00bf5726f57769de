import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { RESELLER_API_PREFIX } from '@kavel/core';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { registerAccountRoutes } from './features/accounts/account-routes.ts';
import { registerControlPanelRoutes } from './features/accounts/control-panel-routes.ts';
import { deviceCookieOf } from './features/accounts/login-devices.ts';
import { registerCustomerDataRoutes } from './features/accounts/customer-data-routes.ts';
import { registerAddressRoutes } from './features/addresses/address-routes.ts';
import { registerAvailabilityRoutes } from './features/availability/availability-routes.ts';
import { registerBasketRoutes } from './features/basket/basket-routes.ts';
import { registerHostingEntryRoutes } from './features/basket/hosting-entry-routes.ts';
import { registerServicesRoutes } from './features/basket/services-routes.ts';
import { registerCaptchaRoutes } from './features/captcha/captcha-routes.ts';
import { registerCheckoutRoutes } from './features/checkout/checkout-routes.ts';
import { createIdempotentWrites } from './features/reseller-api/idempotent-writes.ts';
import { registerResellerApiOrders } from './features/reseller-api/reseller-api-orders.ts';
import { registerResellerOrderRoutes } from './features/reseller-orders/reseller-order-routes.ts';
import { registerCatalogueRoutes } from './features/catalogue/catalogue-routes.ts';
import { registerProfileRoutes } from './features/dns/profile-routes.ts';
import { registerZoneOperationRoutes } from './features/dns/zone-operation-routes.ts';
import { registerZoneRoutes } from './features/dns/zone-routes.ts';
import { registerHostingRoutes } from './features/hosting/hosting-routes.ts';
import { registerDomainRoutes } from './features/domains/domain-routes.ts';
import { registerForwardRoutes } from './features/domains/forward-routes.ts';
import { registerOrderAppRoutes } from './features/order-app/order-app-routes.ts';
import { registerCertificateRoutes } from './features/certificates/certificate-routes.ts';
import { registerApiKeyRoutes } from './features/reseller-api/api-key-routes.ts';
import { registerResellerApiRoutes } from './features/reseller-api/reseller-api-routes.ts';
import { DEFAULT_RESELLER_API_LIMITS } from './features/reseller-api/reseller-api-limits.ts';
import { registerVpsRoutes } from './features/vps/vps-routes.ts';
import { registerErrorReportRoutes } from './features/error-reports/error-report-routes.ts';
import { createDatabaseSpentTokenStore } from './features/captcha/spent-token-repository.ts';
import { registerDomainHolderRoutes } from './features/whois/domain-holder-routes.ts';
import { registerWhoisRoutes } from './features/whois/whois-routes.ts';
import { registerCompression } from './http/compression.ts';
import { registerCsrfProtection } from './http/csrf.ts';
import { registerEntityTags } from './http/entity-tags.ts';
import { answerFrameworkError, registerErrorHandling } from './http/errors.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { registerPages } from './http/pages.ts';
import { registerPasswordJudge } from './http/password-judge.ts';
import { validatorCompiler, zodSchemaController } from './http/schema-compilers.ts';
import { registerHomeRoutes } from './features/home/home-routes.ts';
import { RequestLog } from './http/request-log.ts';
import { registerProblemTypes } from './http/problem-types.ts';
import { registerRobots } from './http/robots.ts';
import { registerSecurity } from './http/security.ts';
import { registerCanonicalHost, trustProxyOption } from './http/shop-origin.ts';
import { registerSessions } from './http/session.ts';
import type { Services, ShopConfig } from './services.ts';

/** The configuration the app reads (the services' part of it). */
export type AppConfig = ShopConfig;

export interface AppOptions {
  /** Told of every route as it is added (tests enumerate the app's routes with it). */
  onRoute?: (route: RouteOptions) => void;
}

/** How often ended sessions and spent captcha solutions are deleted (old account attempts: the worker's hourly job). */
export const PURGE_INTERVAL_MS = 3_600_000;

const RECAPTCHA_ORIGINS = ['https://www.google.com', 'https://www.gstatic.com'];

/**
 * The Fastify instance with every route on the services of `createServices`: it registers
 * plugins and routes and builds no service. The web role listens on it, tests inject into it.
 */
export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config, db, adapters } = services;
  const app = Fastify({
    // The services' logger: activation and reset links carry their token in the query, and a failed
    // query's error its bound values (password hashes, addresses): its serializers keep both out of
    // every log line (see `createLogger`).
    loggerInstance: services.log,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 256 * 1024,
    // One line per request instead of Fastify's two, or none (REQUEST_LOG).
    logController: new RequestLog(config.requestLog),
    routerOptions: { ignoreTrailingSlash: true },
    schemaController: zodSchemaController,
    frameworkErrors: answerFrameworkError,
  });
  const onRoute = options.onRoute;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The shared password schemas judge 'hard to guess' with zxcvbn, loaded once the app listens;
  // a request with a body waits for it, so no password goes through unjudged.
  registerPasswordJudge(app);
  registerErrorHandling(app);
  registerCanonicalHost(app, config.publicUrl ?? null);

  await registerSecurity(app, {
    captchaOrigins: adapters.captcha.provider === 'recaptcha' ? RECAPTCHA_ORIGINS : [],
    rateLimitPerMinute: config.rateLimitPerMinute,
    counters: adapters.counters,
    secure: config.secureCookies,
  });
  await registerCompression(app);
  registerEntityTags(app);
  await app.register(cookie);
  await app.register(formbody);
  // The reseller API documents JSON bodies only: a form or text body there is a 415.
  registerJsonBodyParser(app, { jsonOnlyPrefixes: [RESELLER_API_PREFIX] });
  const sessions = registerSessions(app, services.sessions);
  registerCsrfProtection(app);

  const { catalogue, availability, quota, basket, domains, hosting, whois, dns, zones, zoneOperations, dnsProfiles, accounts, checkout, orders, addresses } = services;

  // Ended sessions and spent captcha solutions are deleted hourly, each kind on its own so one
  // failure does not stop the other.
  const spentCaptchaTokens = createDatabaseSpentTokenStore(db);
  const purges: Record<string, () => Promise<void>> = {
    sessions: () => sessions.purgeExpired(),
    'spent captcha solutions': () => spentCaptchaTokens.purgeExpired(services.now()),
  };
  const purge = setInterval(() => {
    for (const [what, run] of Object.entries(purges)) run().catch((error: unknown) => app.log.error({ err: error }, `purging old ${what} failed`));
  }, PURGE_INTERVAL_MS).unref();
  app.addHook('onClose', async () => clearInterval(purge));

  app.get('/health', { config: { session: false, rateLimit: false } }, async () => ({ ok: true }));
  registerCatalogueRoutes(app, catalogue);
  registerAvailabilityRoutes(app, { availability, quota, captcha: adapters.captcha });
  registerBasketRoutes(app, basket, sessions);
  registerServicesRoutes(app, basket);
  registerHostingEntryRoutes(app, { basket, domains, hosting, customer: services.customer });
  registerWhoisRoutes(app, whois);
  registerDomainHolderRoutes(app, services.domainHolders);
  registerProfileRoutes(app, { profiles: dnsProfiles, zones });
  registerZoneRoutes(app, zones);
  registerZoneOperationRoutes(app, zoneOperations);
  registerForwardRoutes(app, services.forwards);
  registerAccountRoutes(app, accounts, sessions);
  registerCustomerDataRoutes(app, { db, customer: services.customer });
  registerControlPanelRoutes(app);
  registerCaptchaRoutes(app, adapters.captcha, (username, request) => accounts.login.captchaDifficulty(username, deviceCookieOf(request, config.secureCookies)));
  registerErrorReportRoutes(app, db);
  // [checkout] routes
  registerCheckoutRoutes(app, checkout);
  // [reseller-orders] the reseller's basket, validation, payment methods and purchase
  registerResellerOrderRoutes(app, { basket, sessions, checkout, purchase: orders.purchase, customer: services.customer, shopOrigin: services.shopOrigin });
  // the customer-data form's address lookup
  registerAddressRoutes(app, addresses);
  // [fulfilment] routes (account lists: domains, hosting packages, virtual servers; certificate files)
  registerDomainRoutes(app, { domains, dns, hosting, certificates: services.certificates, cloudflare: services.cloudflare, catalogue });
  registerHostingRoutes(app, { hosting, catalogue });
  registerVpsRoutes(app, { vps: services.vps, catalogue });
  registerCertificateRoutes(app, services.certificates);
  // [orders] routes (purchase, order app order/payment, payment return and webhook, invoices)
  orders.register(app);
  // [order-app] routes (the order app's basket, its conversion, cancel and the two ways to order)
  registerOrderAppRoutes(app, { orderApp: services.orderApp, shopOrigin: services.shopOrigin });
  // [reseller-api] the account's API keys, and the reseller API itself (keys, no session)
  registerApiKeyRoutes(app, services.apiKeys);
  const apiAuth = {
    keys: services.apiKeys,
    counters: adapters.counters,
    perMinute: config.resellerApiPerMinute ?? DEFAULT_RESELLER_API_LIMITS.perKeyPerMinute,
    perResellerPerMinute: config.resellerApiPerResellerPerMinute ?? DEFAULT_RESELLER_API_LIMITS.perResellerPerMinute,
  };
  const idempotent = createIdempotentWrites(db);
  purges['reseller API idempotency keys'] = () => idempotent.purgeExpired(services.now());
  registerResellerApiRoutes(app, { ...apiAuth, availability, catalogue, domains, zones, idempotent });
  registerResellerApiOrders(app, { ...apiAuth, availability, catalogue, basket, orders: orders.direct, customer: services.customer });
  registerRobots(app);
  registerProblemTypes(app);
  // the shop's home page and the extension pages (server-rendered)
  registerHomeRoutes(app, { catalogue, sessions });
  await registerPages(app, config.webDist, sessions);
  return app;
}
