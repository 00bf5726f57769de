import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/connect.ts';
import { createPgBossJobs } from '../jobs/pg-boss-jobs.ts';
import { QUEUES } from '../jobs/queues.ts';
import { createLogger } from '../logger.ts';

/**
 * `npm run jobs:dead`: the jobs that failed their last retry, newest first: name, id, when, how
 * many retries, and the last error (e-mail addresses blanked). On the embedded database, run it
 * while the shop is stopped (PGlite serves one process). Exits 1 when there are dead jobs.
 */
const config = loadConfig();
const log = createLogger({ level: 'warn' });
const database = await openDatabase(config.database, { report: (line) => console.log(line) });
const jobs = createPgBossJobs({ store: database.jobStore, queues: QUEUES, log });
try {
  await jobs.start({ worker: false });
  const dead = await jobs.deadJobs(Number(process.argv[2] ?? 100));
  if (dead.length === 0) console.log('No dead jobs.');
  for (const job of dead) console.log(`${job.failedAt.toISOString()}  ${job.name}  ${job.id}  retries ${job.retries}  ${job.error}`);
  process.exitCode = dead.length === 0 ? 0 : 1;
} finally {
  await jobs.stop();
  await database.close();
}
