import { fileURLToPath } from 'node:url';
import { createAdapters, type AdapterLog } from './adapters.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { DEMO_PASSWORD, ensureDemoAccounts } from './features/accounts/demo-accounts.ts';
import { seedCatalogue } from './features/catalogue/catalogue-seed.ts';
import { createLogger } from './logger.ts';
import { createServices } from './services.ts';

/** Composition root: config -> database -> adapters -> services -> app -> listen. */
const config = loadConfig();
const log = createLogger({ level: config.logLevel });
const database = await openDatabase(config.database);
await seedCatalogue(database.db);
const adapterLog: AdapterLog = (line, level = 'info') => log[level](line);
const adapters = await createAdapters(config, database.db, adapterLog);
const webDist = config.webDist ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
const services = createServices({ config: { ...config, webDist }, db: database.db, adapters, log });
const app = await buildApp(services);

if (config.demoAccounts) {
  const accounts = await ensureDemoAccounts(services);
  for (const account of accounts) log.info(`Demo account ${account.email}: ${account.description}; password '${DEMO_PASSWORD}'`);
}

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await adapters.mailer.close?.();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Kavel serves the shop at http://localhost:${config.port}/bestelprocedure (${database.kind} database)`);
