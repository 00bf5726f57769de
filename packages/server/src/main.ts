import { join } from 'node:path';
import { createAdapters, type AdapterLog } from './adapters.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { DEMO_PASSWORD, ensureDemoAccounts } from './features/accounts/demo-accounts.ts';
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
 * `all` (the default) everything in this process.
 */
const config = loadConfig();
const log = createLogger({ level: config.logLevel });
// Migrations and the catalogue seed (when its data changed), under the start-up lock on a PostgreSQL server.
const database = await openDatabase(config.database, { seed: seedCatalogueWhenChanged });
const adapterLog: AdapterLog = (line, level = 'info') => log[level](line);
const adapters = await createAdapters(config, database.db, adapterLog);
const webDist = config.webDist ?? join(SERVER_ROOT, '..', 'web', 'dist');
const runsWeb = config.role === 'all' || config.role === 'web';
const runsWorker = config.role === 'all' || config.role === 'worker';
const runsForwarder = config.role === 'all' || config.role === 'forwarder';

const jobs = createPgBossJobs({ store: database.jobStore, queues: QUEUES, log });
await jobs.start({ worker: runsWorker });
const services = await createServices({ config: { ...config, webDist }, db: database.db, adapters, jobs, log });

if (config.demoAccounts && runsWeb) {
  const accounts = await ensureDemoAccounts(services);
  for (const account of accounts) log.info(`Demo account ${account.email}: ${account.description}; password '${DEMO_PASSWORD}'`);
}

const roles: RunningRole[] = [];
let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
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
if (runsForwarder) {
  const forwarder = await startForwarder(services, { port: config.forwarder.port, host: config.host, httpsPort: config.forwarder.https.port });
  roles.push(forwarder);
  log.info(
    forwarder.httpsPort === null
      ? `Kavel answers forwarded domains on port ${forwarder.port} (HTTP only: no ACME_DIRECTORY_URL)`
      : `Kavel answers forwarded domains on port ${forwarder.port} and over HTTPS on port ${forwarder.httpsPort}`,
  );
}
if (runsWorker) {
  roles.push(await startWorker(services, jobs));
  log.info(`Kavel runs the jobs (${database.kind} database)`);
}
