import { join } from 'node:path';
import { createAdapters, type AdapterLog } from './adapters.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { DEMO_PASSWORD, demoAccountsExist, ensureDemoAccounts } from './features/accounts/demo-accounts.ts';
import { seedCatalogueWhenChanged } from './features/catalogue/catalogue-seed.ts';
import { createPgBossJobs } from './jobs/pg-boss-jobs.ts';
import { QUEUES } from './jobs/queues.ts';
import { createLogger } from './logger.ts';
import { SERVER_ROOT } from './paths.ts';
import type { RunningRole } from './roles/running-role.ts';
import { startForwarder } from './roles/forwarder.ts';
import { startWeb } from './roles/web.ts';
import { startWorker } from './roles/worker.ts';
import { createServices } from './services.ts';

/**
 * Composition root: config -> database -> adapters -> job queue -> services -> role(s).
 * `KAVEL_ROLE=web` serves HTTP, `worker` runs the jobs, `forwarder` answers forwarded domains,
 * `all` (the default) everything in this process. The web role listens as soon as it can serve;
 * what its first answers do not need (the job queue's start, the worker, the forwarder) follows.
 */
async function start(): Promise<void> {
  const config = loadConfig();
  const log = createLogger({ level: config.logLevel });
  // Migrations and the catalogue seed (when its data changed), under the start-up lock on a PostgreSQL server.
  const database = await openDatabase(config.database, { seed: seedCatalogueWhenChanged, report: (line) => log.info(line) });
  const adapterLog: AdapterLog = (line, level = 'info') => log[level](line);
  const adapters = await createAdapters(config, database.db, adapterLog);
  const webDist = config.webDist ?? join(SERVER_ROOT, '..', 'web', 'dist');
  const runsWeb = config.role === 'all' || config.role === 'web';
  const runsWorker = config.role === 'all' || config.role === 'worker';
  const runsForwarder = config.role === 'all' || config.role === 'forwarder';

  const jobs = createPgBossJobs({ store: database.jobStore, queues: QUEUES, log });
  let jobsStarted: Promise<void> | null = null;
  // A job written before the start has finished (by a request, by the demo accounts) waits for it.
  const startJobs = () => (jobsStarted ??= jobs.start({ worker: runsWorker }));
  const services = await createServices({ config: { ...config, webDist }, db: database.db, adapters, jobs, log });

  const ensureDemo = async () => {
    const accounts = await ensureDemoAccounts(services);
    for (const account of accounts) log.info(`Demo account ${account.email}: ${account.description}; password '${DEMO_PASSWORD}'`);
  };
  // A database without the demo accounts gets them before the shop listens, or a demo login could
  // fail; where they exist, what a visitor of the demo removed is restored after the listen.
  const demoAccounts = config.demoAccounts && runsWeb;
  const demoRestoredLater = demoAccounts && (await demoAccountsExist(database.db));
  if (demoAccounts && !demoRestoredLater) {
    await startJobs();
    await ensureDemo();
  }

  const roles: RunningRole[] = [];
  /** The start of what follows the listen; a stop waits for it, so nothing is stopped half-started. */
  let startingAfterListen: Promise<unknown> = Promise.resolve();
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    await startingAfterListen.catch(() => {});
    // The web role first (no new requests, open ones answered), then the worker finishes the jobs in hand.
    for (const role of roles) await role.stop().catch((error: unknown) => log.error({ err: error, role: role.name }, 'stopping a role failed'));
    await jobs.stop();
    await adapters.mailer.close?.();
    await adapters.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  if (runsWeb) {
    roles.push(await startWeb(services, { port: config.port, host: config.host }, runsWorker ? { afterAnswer: () => jobs.wakeIfEnqueued() } : {}));
    log.info(`Kavel serves the shop at http://localhost:${config.port}/bestelprocedure (${database.kind} database)`);
  }
  // Called in the same turn as the listen, before any request is read.
  const queueReady = startJobs();

  const startForwarding = async () => {
    const forwarder = await startForwarder(services, { port: config.forwarder.port, host: config.host, httpsPort: config.forwarder.https.port });
    roles.push(forwarder);
    log.info(
      forwarder.httpsPort === null
        ? `Kavel answers forwarded domains on port ${forwarder.port} (HTTP only: no ACME_DIRECTORY_URL)`
        : `Kavel answers forwarded domains on port ${forwarder.port} and over HTTPS on port ${forwarder.httpsPort}`,
    );
  };
  const startWorking = async () => {
    await queueReady;
    roles.push(await startWorker(services, jobs));
    log.info(`Kavel runs the jobs (${database.kind} database)`);
  };
  startingAfterListen = Promise.all([
    queueReady,
    runsForwarder ? startForwarding() : null,
    runsWorker ? startWorking() : null,
    demoRestoredLater ? queueReady.then(ensureDemo) : null,
  ]);
  await startingAfterListen;
}

// A failed start rejects: Node prints the error and the process ends with exit code 1.
void start();
