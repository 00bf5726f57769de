import { fileURLToPath } from 'node:url';
import { createAdapters } from './adapters.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { seedCatalogue } from './features/catalogue/catalogue-seed.ts';

/** Composition root: config -> database -> adapters -> app -> listen. */
const config = loadConfig();
const database = await openDatabase(config.database);
await seedCatalogue(database.db);
const adapters = await createAdapters(config, database.db);
const webDist = config.webDist ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
const app = await buildApp({ config: { ...config, webDist }, db: database.db, ...adapters });

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Kavel serves the shop at http://localhost:${config.port}/bestelprocedure (${database.kind} database)`);
