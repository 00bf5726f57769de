import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp, type AppConfig } from '../../src/app.ts';
import type { Database, DatabaseHandle } from '../../src/db/connect.ts';
import { createServices, type Services } from '../../src/services.ts';
import { createAltchaCaptcha, createMemorySpentTokenStore } from '../../src/ports/captcha/index.ts';
import type { CaptchaPort } from '../../src/ports/captcha/captcha-port.ts';
import { createOutboxMailer } from '../../src/ports/mailer/index.ts';
import type { MailerPort } from '../../src/ports/mailer/mailer-port.ts';
import { createSimulatedRegistry } from '../../src/ports/registry/index.ts';
import type { RegistryPort } from '../../src/ports/registry/registry-port.ts';
import { createSimulatedPayment } from '../../src/ports/payment/index.ts';
import type { PaymentPort } from '../../src/ports/payment/payment-port.ts';
import { createSimulatedProvisioning } from '../../src/ports/provisioning/index.ts';
import type { ProvisioningPort } from '../../src/ports/provisioning/provisioning-port.ts';
import wellKnown from '../../src/features/catalogue/data/well-known-names.json' with { type: 'json' };
import { batchedOwnershipCheck } from '../../src/features/domains/domain-service.ts';
import { ensureDemoAccounts } from '../../src/features/accounts/demo-accounts.ts';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createRecordingMailer, type RecordingMailer } from './recording-mailer.ts';
import type { DatabaseKind } from './test-database.ts';

export const testConfig: AppConfig = {
  secureCookies: false,
  trustProxy: 0,
  webDist: null,
  sessionDays: 30,
  availability: { cacheSeconds: 60, freeSearches: 1000, windowSeconds: 600 },
  rateLimitPerMinute: 100_000,
  logLevel: 'silent',
  registry: { timeoutMs: 2000 },
  baseUrl: 'http://kavel.test',
};

export interface TestAppOptions {
  registry?: RegistryPort;
  captcha?: CaptchaPort;
  /** Default: the outbox mailer writing into a temporary folder, removed when the app closes. */
  mailer?: MailerPort;
  payment?: PaymentPort;
  provisioning?: ProvisioningPort;
  config?: Partial<AppConfig>;
  /** The clock of the account rules and sessions. */
  now?: () => Date;
  /** Default: a silent logger. */
  log?: FastifyBaseLogger;
}

const servicesOfApp = new WeakMap<FastifyInstance, Services>();

/** The services an app of `buildTestApp` was built on. */
export function servicesOf(app: FastifyInstance): Services {
  const services = servicesOfApp.get(app);
  if (!services) throw new Error('this app was not built by buildTestApp');
  return services;
}

/**
 * The services on a test database, with the offline adapters unless a test brings its own: the
 * same `createServices` the server starts from. `cleanup` removes the default outbox folder.
 */
export function createTestServices(db: Database, options: TestAppOptions = {}): Services & { cleanup(): void } {
  const registry =
    options.registry ??
    createSimulatedRegistry({
      latencyMs: { min: 0, max: 0 },
      failureRate: 0,
      wellKnown,
      isRegisteredInShop: batchedOwnershipCheck(db),
    });
  const captcha = options.captcha ?? createAltchaCaptcha({ hmacKey: 'test-key', maxNumber: 1000, store: createMemorySpentTokenStore() });
  const outboxDir = options.mailer ? null : mkdtempSync(join(tmpdir(), 'kavel-outbox-'));
  const mailer = options.mailer ?? createOutboxMailer({ dir: outboxDir!, from: 'Kavel <noreply@kavel.test>', log: () => {} });
  const services = createServices({
    config: { ...testConfig, ...options.config },
    db,
    adapters: {
      registry,
      captcha,
      mailer,
      payment: options.payment ?? createSimulatedPayment({ baseUrl: testConfig.baseUrl }),
      provisioning: options.provisioning ?? createSimulatedProvisioning(),
    },
    log: options.log ?? (pino({ level: 'silent' }) as unknown as FastifyBaseLogger),
    ...(options.now ? { now: options.now } : {}),
  });
  return { ...services, cleanup: () => outboxDir && rmSync(outboxDir, { recursive: true, force: true }) };
}

/** The real app on a test database, built on `createTestServices`. */
export async function buildTestApp(database: DatabaseHandle, options: TestAppOptions = {}): Promise<FastifyInstance> {
  const services = createTestServices(database.db, options);
  const app = await buildApp(services);
  servicesOfApp.set(app, services);
  app.addHook('onClose', async () => services.cleanup());
  return app;
}

/** What a test file works with: the app on its own database, and the mails it sent. */
export interface TestShop {
  database: DatabaseHandle;
  app: FastifyInstance;
  mailer: RecordingMailer;
  services: Services;
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
    const services = servicesOf(app);
    if (options.demoAccounts) await ensureDemoAccounts(services);
    shop = { database, app, mailer, services };
    ready(shop);
  });
  afterAll(async () => {
    await shop?.app.close();
    await shop?.database.close();
  });
}
