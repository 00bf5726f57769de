import { fileURLToPath } from 'node:url';
import { createAdapters, type AdapterLog } from './adapters.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { createCustomerLookup } from './features/accounts/customer-lookup.ts';
import { DEMO_PASSWORD, ensureDemoAccounts } from './features/accounts/demo-accounts.ts';
import { seedCatalogue } from './features/catalogue/catalogue-seed.ts';
import { createCatalogueService } from './features/catalogue/catalogue-service.ts';
import { createDnsService } from './features/dns/dns-service.ts';
import { createDomainService } from './features/domains/domain-service.ts';
import { createWhoisService } from './features/whois/whois-service.ts';

/** Composition root: config -> database -> adapters -> app -> listen. */
const config = loadConfig();
// Migrations and the catalogue seed, under the start-up lock on a PostgreSQL server.
const database = await openDatabase(config.database, { seed: seedCatalogue });
// The outbox mailer logs through the app's logger, which exists only once the app is built.
const pending: Array<Parameters<AdapterLog>> = [];
let logLine: AdapterLog = (...entry) => void pending.push(entry);
const adapters = await createAdapters(config, database.db, (line, level) => logLine(line, level));
const webDist = config.webDist ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
const app = await buildApp({ config: { ...config, webDist }, db: database.db, ...adapters });
logLine = (line, level = 'info') => app.log[level](line);
for (const entry of pending) logLine(...entry);

if (config.demoAccounts) {
  const db = database.db;
  const catalogue = createCatalogueService(db);
  const whois = createWhoisService({ db, now: () => new Date(), countries: () => catalogue.countries(), customer: createCustomerLookup(db) });
  const accounts = await ensureDemoAccounts({ db, domains: createDomainService(db), dns: createDnsService(db), whois });
  for (const account of accounts) app.log.info(`Demo account ${account.email}: ${account.description}; password '${DEMO_PASSWORD}'`);
}

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await adapters.mailer.close?.();
  await adapters.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Kavel serves the shop at http://localhost:${config.port}/bestelprocedure (${database.kind} database)`);
