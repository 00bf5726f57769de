import { loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { seedCatalogue } from './features/catalogue/catalogue-seed.ts';

/**
 * `npm run migrate`: brings the database's schema and catalogue up to date, then exits. `npm
 * start` runs it first; every serving process does the same again at start, under the start-up
 * lock, so starting several at once is safe either way.
 */
async function migrate(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.database, { seed: seedCatalogue, report: (line) => process.stdout.write(`${line}\n`) });
  await database.close();
  process.stdout.write(`Kavel: the ${database.kind} database is migrated and its catalogue seeded.\n`);
}

// A failed migration rejects: Node prints the error and the process ends with exit code 1.
void migrate();
