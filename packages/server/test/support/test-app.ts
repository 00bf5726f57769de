import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { conformanceFaults, recordResellerApiAnswers, type RecordedAnswer } from './api-conformance.ts';
import { buildApp, type AppConfig, type AppOptions } from '../../src/app.ts';
import type { Database, DatabaseHandle } from '../../src/db/connect.ts';
import { createServices, type Services } from '../../src/services.ts';
import type { JobQueue, JobSystem } from '../../src/jobs/job-queue.ts';
import { createPgBossJobs } from '../../src/jobs/pg-boss-jobs.ts';
import { JOBS, QUEUES } from '../../src/jobs/queues.ts';
import { createLogger } from '../../src/logger.ts';
import { startWorker } from '../../src/roles/worker.ts';
import { createAltchaCaptcha, createMemorySpentTokenStore } from '../../src/ports/captcha/index.ts';
import type { CaptchaPort } from '../../src/ports/captcha/captcha-port.ts';
import { createOutboxMailer } from '../../src/ports/mailer/index.ts';
import type { MailerPort } from '../../src/ports/mailer/mailer-port.ts';
import { createSimulatedRegistry } from '../../src/ports/registry/index.ts';
import { createDatabaseRegistryState } from '../../src/ports/registry/simulated-registry-state.ts';
import { createMemoryAvailabilityCache } from '../../src/ports/availability-cache/index.ts';
import type { AvailabilityCachePort } from '../../src/ports/availability-cache/availability-cache-port.ts';
import { createMemoryCounters } from '../../src/ports/counters/index.ts';
import { createNonePublisher, type DnsPublisherPort } from '../../src/ports/dns-publisher/index.ts';
import { createSimulatedResolver, type DnsResolverPort } from '../../src/ports/dns-resolver/index.ts';
import { createOfflineAddressLookup, type AddressLookupPort } from '../../src/ports/address-lookup/index.ts';
import { createMemoryCacheEvents, type CacheEventsPort } from '../../src/ports/cache-events/index.ts';
import { createNoneAcme, type AcmePort } from '../../src/ports/acme/index.ts';
import { createUncheckedHostAddresses, type HostAddressesPort } from '../../src/ports/host-addresses/index.ts';
import type { CounterPort } from '../../src/ports/counters/counter-port.ts';
import type { RegistryPort } from '../../src/ports/registry/registry-port.ts';
import { createSimulatedPayment } from '../../src/ports/payment/index.ts';
import type { PaymentPort } from '../../src/ports/payment/payment-port.ts';
import { createSimulatedProvisioning } from '../../src/ports/provisioning/index.ts';
import { createSimulatedCertificates, type CertificatePort } from '../../src/ports/certificates/index.ts';
import type { ProvisioningPort } from '../../src/ports/provisioning/provisioning-port.ts';
import { createSimulatedCloudflare, type CloudflarePort } from '../../src/ports/cloudflare/index.ts';
import { createSimulatedVps, type VpsPort } from '../../src/ports/vps/index.ts';
import wellKnown from '../../src/features/catalogue/data/well-known-names.json' with { type: 'json' };
import { shopDomainsAmong } from '../../src/features/domains/domain-service.ts';
import { ensureDemoAccounts } from '../../src/features/accounts/demo-accounts.ts';
import { DEFAULT_LOGIN_THROTTLE } from '../../src/features/accounts/login-throttle-rules.ts';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { createRecordingMailer, type RecordingMailer } from './recording-mailer.ts';
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
  requestLog: true,
  registry: { timeoutMs: 2000 },
  baseUrl: 'http://kavel.test',
  loginThrottle: DEFAULT_LOGIN_THROTTLE,
};

export interface TestAppOptions {
  /** How often an idle job worker asks for work: half a second, so tests wait little; the product's default is `DEFAULT_POLLING_SECONDS`. */
  jobPollingSeconds?: number;
  /** Default: the simulated registry without latency, its state in the test's database. */
  registry?: RegistryPort | ((db: Database) => RegistryPort);
  captcha?: CaptchaPort;
  /** Default: the outbox mailer writing into a temporary folder, removed when the app closes. */
  mailer?: MailerPort;
  /** A port, or how to make one on the test's database. */
  payment?: PaymentPort | ((db: Database) => Promise<PaymentPort>);
  /** A port, or how to make one on the test's database. */
  provisioning?: ProvisioningPort | ((db: Database) => ProvisioningPort);
  /** Default: the simulated authority, issuing at once. */
  certificates?: CertificatePort | ((db: Database) => CertificatePort);
  /** Default: in memory, as one process on the embedded database has them. A port, or how to make one on the test's database. */
  counters?: CounterPort | ((db: Database) => CounterPort);
  availabilityCache?: AvailabilityCachePort | ((db: Database) => AvailabilityCachePort);
  dnsPublisher?: DnsPublisherPort;
  /** Default: the simulated Cloudflare account on the test's database. A port, or how to make one there. */
  cloudflare?: CloudflarePort | ((db: Database) => CloudflarePort);
  /** Default: the simulated VPS platform on the test's database. A port, or how to make one there. */
  vps?: VpsPort | ((db: Database) => VpsPort);
  /** Default: the simulated resolver. */
  dnsResolver?: DnsResolverPort;
  /** Default: the offline lookup on the committed BAG subset. */
  addressLookup?: AddressLookupPort;
  /** Default: in this process only, as one process on the embedded database has them. */
  cacheEvents?: CacheEventsPort;
  /** Default: none (the forwarding responder serves HTTP only). */
  acme?: AcmePort;
  /** Default: every host taken as pointing at the responder. */
  hostAddresses?: HostAddressesPort;
  config?: Partial<AppConfig>;
  /** The clock of the account rules, sessions, fulfilment and the simulated registry. */
  now?: () => Date;
  /** A capturing stream and level for the app's logger (e.g. `{ level: 'info', stream }`); default: no logging. */
  logger?: { level: string; stream: { write(line: string): void } };
  /** Default: a silent logger (or the one `logger` describes). */
  log?: FastifyBaseLogger;
  /** Told of every route as the app adds it. */
  onRoute?: AppOptions['onRoute'];
  /** The simulated registry's transfer period (5 days unless given). */
  transferSeconds?: number;
  /** Default for `createTestServices`: a queue that refuses (those services write no jobs). */
  jobs?: JobQueue;
  /**
   * Whether the app's process also runs the worker (as the `all` role does); default true. The
   * minute schedules (the fulfilment sweep) never run in tests: a test sends those jobs itself.
   */
  worker?: boolean;
}

/** The logger `options.logger` describes (with the app's serializers), or a silent one. */
function testLogger(options: Pick<TestAppOptions, 'logger'>): FastifyBaseLogger {
  return options.logger ? createLogger({ level: options.logger.level }, options.logger.stream) : (pino({ level: 'silent' }) as unknown as FastifyBaseLogger);
}

const servicesOfApp = new WeakMap<FastifyInstance, Services>();
const jobsOfApp = new WeakMap<FastifyInstance, JobSystem>();

/**
 * Services without a job queue: a job is refused, except the publishing of a changed DNS zone,
 * which every zone write requests and which is not what these tests look at (it is dropped).
 */
const noJobs: JobQueue = {
  enqueue: (name) =>
    name === JOBS.publishZone ? Promise.resolve(null) : Promise.reject(new Error('these test services have no job queue: build the app with buildTestApp')),
};

/** The job queue an app of `buildTestApp` writes to (and, by default, works off). */
export function jobsOf(app: FastifyInstance): JobSystem {
  const jobs = jobsOfApp.get(app);
  if (!jobs) throw new Error('this app was not built by buildTestApp');
  return jobs;
}

/**
 * Waits until the app's job queue has nothing due and nothing running, waking its worker so it
 * does not wait for its next poll: what a test does after a call whose effect is a job (a mail,
 * a fulfilment). Jobs waiting for a retry later than now do not count.
 */
export async function waitForJobs(app: FastifyInstance, timeoutMs = 20_000): Promise<void> {
  const jobs = jobsOf(app);
  const until = Date.now() + timeoutMs;
  for (;;) {
    jobs.wake();
    if ((await jobs.pendingCount()) === 0) return;
    if (Date.now() > until) throw new Error('the job queue did not become idle in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

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
export async function createTestServices(db: Database, options: TestAppOptions = {}): Promise<Services & { cleanup(): void }> {
  const registry =
    (typeof options.registry === 'function' ? options.registry(db) : options.registry) ??
    createSimulatedRegistry({
      latencyMs: { min: 0, max: 0 },
      failureRate: 0,
      wellKnown,
      registeredInShop: shopDomainsAmong(db),
      state: createDatabaseRegistryState(db),
      ...(options.now ? { now: options.now } : {}),
      ...(options.transferSeconds !== undefined ? { transferSeconds: options.transferSeconds } : {}),
    });
  const captcha = options.captcha ?? createAltchaCaptcha({ hmacKey: 'test-key', maxNumber: 1000, store: createMemorySpentTokenStore() });
  const outboxDir = options.mailer ? null : mkdtempSync(join(tmpdir(), 'kavel-outbox-'));
  const mailer = options.mailer ?? createOutboxMailer({ dir: outboxDir!, from: 'Kavel <noreply@kavel.test>', log: () => {} });
  const services = await createServices({
    config: { ...testConfig, ...options.config },
    db,
    adapters: {
      registry,
      captcha,
      mailer,
      payment: typeof options.payment === 'function' ? await options.payment(db) : (options.payment ?? (await createSimulatedPayment({ baseUrl: testConfig.baseUrl, db }))),
      provisioning: typeof options.provisioning === 'function' ? options.provisioning(db) : (options.provisioning ?? createSimulatedProvisioning({ db })),
      certificates:
        typeof options.certificates === 'function' ? options.certificates(db) : (options.certificates ?? createSimulatedCertificates({ db, issueSeconds: 0 })),
      counters: typeof options.counters === 'function' ? options.counters(db) : (options.counters ?? createMemoryCounters()),
      availabilityCache:
        typeof options.availabilityCache === 'function' ? options.availabilityCache(db) : (options.availabilityCache ?? createMemoryAvailabilityCache()),
      dnsPublisher: options.dnsPublisher ?? createNonePublisher({ nameservers: ['ns1.kavel.nl.', 'ns2.kavel.nl.'] }),
      cloudflare: typeof options.cloudflare === 'function' ? options.cloudflare(db) : (options.cloudflare ?? createSimulatedCloudflare({ db, activationSeconds: 0 })),
      vps: typeof options.vps === 'function' ? options.vps(db) : (options.vps ?? createSimulatedVps({ db, bootSeconds: 0 })),
      dnsResolver: options.dnsResolver ?? createSimulatedResolver(),
      addressLookup: options.addressLookup ?? createOfflineAddressLookup(),
      cacheEvents: options.cacheEvents ?? createMemoryCacheEvents(),
      acme: options.acme ?? createNoneAcme(),
      hostAddresses: options.hostAddresses ?? createUncheckedHostAddresses(),
    },
    jobs: options.jobs ?? noJobs,
    log: options.log ?? testLogger(options),
    ...(options.now ? { now: options.now } : {}),
  });
  return { ...services, cleanup: () => outboxDir && rmSync(outboxDir, { recursive: true, force: true }) };
}

/** The real app on a test database, built on `createTestServices`. */
export async function buildTestApp(database: DatabaseHandle, options: TestAppOptions = {}): Promise<FastifyInstance> {
  const log = options.log ?? testLogger(options);
  const jobs = createPgBossJobs({ store: database.jobStore, queues: QUEUES, log, pollingIntervalSeconds: options.jobPollingSeconds ?? 0.5 });
  const worker = options.worker !== false;
  await jobs.start({ worker });
  const services = await createTestServices(database.db, { ...options, log, jobs });
  const app = await buildApp(services, options.onRoute ? { onRoute: options.onRoute } : {});
  if (worker) {
    await startWorker(services, jobs, { schedules: false });
    // As in the `all` role: a job written by a request starts right after its answer.
    app.addHook('onResponse', async () => jobs.wakeIfEnqueued());
  }
  servicesOfApp.set(app, services);
  jobsOfApp.set(app, jobs);
  app.addHook('onClose', async () => {
    await jobs.stop({ timeoutMs: 5000 });
    services.cleanup();
  });
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
  let apiAnswers: RecordedAnswer[] = [];
  beforeAll(async () => {
    const database = await kind.open();
    const mailer = createRecordingMailer();
    const app = await buildTestApp(database, { ...options.app, mailer });
    apiAnswers = recordResellerApiAnswers(app);
    const services = servicesOf(app);
    if (options.demoAccounts) await ensureDemoAccounts(services);
    shop = { database, app, mailer, services };
    ready(shop);
  });
  afterAll(async () => {
    await shop?.app.close();
    await shop?.database.close();
    // Every answer of the reseller API that the file's tests received is as the served document describes it.
    expect(conformanceFaults(apiAnswers), 'reseller API answers the document does not describe').toEqual([]);
  });
}
