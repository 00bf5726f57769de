import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppConfig, type AppDeps } from '../../src/app.ts';
import type { Database, DatabaseHandle } from '../../src/db/connect.ts';
import { createAltchaCaptcha, createMemorySpentTokenStore } from '../../src/ports/captcha/index.ts';
import type { CaptchaPort } from '../../src/ports/captcha/captcha-port.ts';
import { createOutboxMailer } from '../../src/ports/mailer/index.ts';
import type { MailerPort } from '../../src/ports/mailer/mailer-port.ts';
import { createSimulatedRegistry } from '../../src/ports/registry/index.ts';
import { createMemoryAvailabilityCache } from '../../src/ports/availability-cache/index.ts';
import type { AvailabilityCachePort } from '../../src/ports/availability-cache/availability-cache-port.ts';
import { createMemoryCounters } from '../../src/ports/counters/index.ts';
import type { CounterPort } from '../../src/ports/counters/counter-port.ts';
import type { RegistryPort } from '../../src/ports/registry/registry-port.ts';
import { createSimulatedPayment } from '../../src/ports/payment/index.ts';
import type { PaymentPort } from '../../src/ports/payment/payment-port.ts';
import { createSimulatedProvisioning } from '../../src/ports/provisioning/index.ts';
import type { ProvisioningPort } from '../../src/ports/provisioning/provisioning-port.ts';
import wellKnown from '../../src/features/catalogue/data/well-known-names.json' with { type: 'json' };
import { createDomainService } from '../../src/features/domains/domain-service.ts';
import { ensureDemoAccounts } from '../../src/features/accounts/demo-accounts.ts';
import { DEFAULT_LOGIN_THROTTLE } from '../../src/features/accounts/login-throttle-rules.ts';
import { afterAll, beforeAll } from 'vitest';
import { createRecordingMailer, type RecordingMailer } from './recording-mailer.ts';
import { demoAccountDeps } from './services.ts';
import type { DatabaseKind } from './test-database.ts';

/** The session lifetimes of the default configuration. */
export const DEFAULT_SESSIONS: AppConfig['sessions'] = {
  anonymous: { idleSeconds: 30 * 86_400, absoluteSeconds: 90 * 86_400 },
  loggedIn: { idleSeconds: 30 * 60, absoluteSeconds: 12 * 3_600 },
};

/** Sessions that outlive a test whose clock moves by days or months. */
export const LONG_SESSIONS: AppConfig['sessions'] = {
  anonymous: { idleSeconds: 3_650 * 86_400, absoluteSeconds: 3_650 * 86_400 },
  loggedIn: { idleSeconds: 3_650 * 86_400, absoluteSeconds: 3_650 * 86_400 },
};

export const testConfig: AppConfig = {
  secureCookies: false,
  trustProxy: 0,
  webDist: null,
  sessions: DEFAULT_SESSIONS,
  availability: { cacheSeconds: 60, freeSearches: 1000, windowSeconds: 600 },
  rateLimitPerMinute: 100_000,
  logLevel: 'silent',
  registry: { timeoutMs: 2000 },
  baseUrl: 'http://kavel.test',
  loginThrottle: DEFAULT_LOGIN_THROTTLE,
};

export interface TestAppOptions {
  registry?: RegistryPort;
  captcha?: CaptchaPort;
  /** Default: the outbox mailer writing into a temporary folder, removed when the app closes. */
  mailer?: MailerPort;
  /** A port, or how to make one on the test's database. */
  payment?: PaymentPort | ((db: Database) => Promise<PaymentPort>);
  /** A port, or how to make one on the test's database. */
  provisioning?: ProvisioningPort | ((db: Database) => ProvisioningPort);
  /** Default: in memory, as one process on the embedded database has them. A port, or how to make one on the test's database. */
  counters?: CounterPort | ((db: Database) => CounterPort);
  availabilityCache?: AvailabilityCachePort | ((db: Database) => AvailabilityCachePort);
  config?: Partial<AppConfig>;
  /** The clock of the account rules, sessions, fulfilment and the simulated registry. */
  now?: () => Date;
  /** Logger options (e.g. a capturing `stream`); default: no logging. */
  logger?: AppDeps['logger'];
  /** Told of every route as the app adds it. */
  onRoute?: AppDeps['onRoute'];
  /** The simulated registry's transfer period (5 days unless given). */
  transferSeconds?: number;
}

/** The real app on a test database, with the offline adapters unless a test brings its own. */
export async function buildTestApp(database: DatabaseHandle, options: TestAppOptions = {}): Promise<FastifyInstance> {
  const domains = createDomainService(database.db);
  const registry =
    options.registry ??
    createSimulatedRegistry({
      latencyMs: { min: 0, max: 0 },
      failureRate: 0,
      wellKnown,
      isRegisteredInShop: (domain) => domains.isRegisteredInShop(domain),
      ...(options.now ? { now: options.now } : {}),
      ...(options.transferSeconds !== undefined ? { transferSeconds: options.transferSeconds } : {}),
    });
  const captcha = options.captcha ?? createAltchaCaptcha({ hmacKey: 'test-key', maxNumber: 1000, store: createMemorySpentTokenStore() });
  const outboxDir = options.mailer ? null : mkdtempSync(join(tmpdir(), 'kavel-outbox-'));
  const mailer = options.mailer ?? createOutboxMailer({ dir: outboxDir!, from: 'Kavel <noreply@kavel.test>', log: () => {} });
  const app = await buildApp({
    config: { ...testConfig, ...options.config },
    db: database.db,
    registry,
    captcha,
    mailer,
    payment:
      typeof options.payment === 'function'
        ? await options.payment(database.db)
        : (options.payment ?? (await createSimulatedPayment({ baseUrl: testConfig.baseUrl, db: database.db }))),
    provisioning:
      typeof options.provisioning === 'function' ? options.provisioning(database.db) : (options.provisioning ?? createSimulatedProvisioning({ db: database.db })),
    counters: typeof options.counters === 'function' ? options.counters(database.db) : (options.counters ?? createMemoryCounters()),
    availabilityCache:
      typeof options.availabilityCache === 'function'
        ? options.availabilityCache(database.db)
        : (options.availabilityCache ?? createMemoryAvailabilityCache()),
    logger: options.logger ?? false,
    ...(options.now ? { now: options.now } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
  });
  if (outboxDir) app.addHook('onClose', async () => rmSync(outboxDir, { recursive: true, force: true }));
  return app;
}

/** What a test file works with: the app on its own database, and the mails it sent. */
export interface TestShop {
  database: DatabaseHandle;
  app: FastifyInstance;
  mailer: RecordingMailer;
}

/**
 * Opens a fresh database of `kind` and builds the app on it before the file's tests, and closes
 * both after them; `ready` receives them once they exist.
 */
export function useTestShop(
  kind: DatabaseKind,
  ready: (shop: TestShop) => unknown,
  options: { demoAccounts?: boolean; app?: Omit<TestAppOptions, 'mailer'> } = {},
): void {
  let shop: TestShop | null = null;
  beforeAll(async () => {
    const database = await kind.open();
    const mailer = createRecordingMailer();
    const app = await buildTestApp(database, { ...options.app, mailer });
    if (options.demoAccounts) await ensureDemoAccounts(demoAccountDeps(database.db));
    shop = { database, app, mailer };
    ready(shop);
  });
  afterAll(async () => {
    await shop?.app.close();
    await shop?.database.close();
  });
}
