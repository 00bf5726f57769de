import type { JobStore, SqlExecutor } from '../db/connect.ts';
import { loadPg } from '../db/pg-driver.ts';
import type { JobLog } from './pg-boss-jobs.ts';

/**
 * Worker processes and the jobs they run: each worker holds a runner number as a session advisory
 * lock for as long as it lives and records the job in hand in `job_runs`, so the jobs of a
 * process that died (`kill -9` included) are found and given back to the queue at once. On the
 * embedded database, which one process owns, the jobs still active when its worker starts are.
 */

type RunSql = <T>(text: string, values?: unknown[]) => Promise<T[]>;

const SCHEMA = 'pgboss';
/** Advisory lock class (two-key form) of the worker processes' runner numbers. */
export const RUNNER_LOCK_CLASS = 736_154;
/** An active job without a run record this long after its fetch has lost its process (the record follows the fetch at once). */
const UNRECORDED_RUN_SECONDS = 30;
/** How often a worker looks for runs whose process died. */
export const REAP_EVERY_MS = 5_000;

/** This process's runner number, held as a session advisory lock for as long as it runs jobs. */
export interface Runner {
  id: number;
  release(): Promise<void>;
}

/**
 * Takes a free runner number: a session advisory lock on a connection that lives as long as the
 * worker (on the server its own connection; the embedded database is one session anyway). The
 * server lets go of it the moment the process dies, however it dies.
 */
export async function holdRunner(store: JobStore, log: JobLog): Promise<Runner> {
  let executor: SqlExecutor;
  let close = async () => {};
  if (store.kind === 'embedded') executor = store.sql;
  else {
    const pg = await loadPg();
    const client = new pg.Client({ connectionString: store.connectionString });
    client.on('error', (error) => log.error({ err: error }, 'the job runner lost its lock connection; other workers may run its jobs again'));
    await client.connect();
    executor = { executeSql: (text, values) => client.query(text, values) };
    close = () => client.end();
  }
  for (;;) {
    const id = 1 + Math.floor(Math.random() * 2_147_483_646);
    const { rows } = await executor.executeSql('SELECT pg_try_advisory_lock($1::int, $2::int) AS ok', [RUNNER_LOCK_CLASS, id]);
    if ((rows[0] as { ok?: boolean } | undefined)?.ok) {
      return {
        id,
        async release() {
          await executor.executeSql('SELECT pg_advisory_unlock($1::int, $2::int)', [RUNNER_LOCK_CLASS, id]).catch(() => {});
          await close();
        },
      };
    }
  }
}

/**
 * Gives the jobs whose process died back to the queue at once: a run in `job_runs` whose runner
 * holds no lock. Without this a job stays `active` until its expiry (minutes), and a stately
 * queue's next job for the same key cannot start before. The run counts as a failed attempt.
 */
export async function reapOrphanedRuns(sql: RunSql, queueNames: string[], log: JobLog): Promise<void> {
  const orphans = await sql<{ job_id: string; queue: string }>(
    `SELECT r.job_id, r.queue FROM job_runs r WHERE NOT EXISTS (
       SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
         AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
         AND l.classid::bigint = $1 AND l.objid::bigint = r.runner)`,
    [RUNNER_LOCK_CLASS],
  );
  // A process killed between pg-boss's fetch and its `job_runs` insert (milliseconds apart)
  // leaves an active job without a run record: one that has stayed so for a while is orphaned too.
  const unrecorded = await sql<{ job_id: string; queue: string }>(
    `SELECT j.id::text AS job_id, j.name AS queue FROM ${SCHEMA}.job j
      WHERE j.state = 'active' AND j.name = ANY($1::text[]) AND j.started_on < now() - make_interval(secs => $2)
        AND NOT EXISTS (SELECT 1 FROM job_runs r WHERE r.job_id = j.id::text)`,
    [queueNames, UNRECORDED_RUN_SECONDS],
  );
  orphans.push(...unrecorded);
  await giveBack(sql, orphans, log);
}

/**
 * The embedded database belongs to one process, which runs no job when its worker starts: a job
 * still active then was left by the process's previous run, and goes back to the queue at once.
 * So on the embedded database no job needs a run record (two statements fewer per job).
 */
export async function giveBackActiveJobs(sql: RunSql, queueNames: string[], log: JobLog): Promise<void> {
  const active = await sql<{ job_id: string; queue: string }>(`SELECT j.id::text AS job_id, j.name AS queue FROM ${SCHEMA}.job j WHERE j.state = 'active' AND j.name = ANY($1::text[])`, [queueNames]);
  await giveBack(sql, active, log);
}

/** Gives jobs whose run ended with its process back to the queue; the run counts as a failed attempt. */
async function giveBack(sql: RunSql, orphans: ReadonlyArray<{ job_id: string; queue: string }>, log: JobLog): Promise<void> {
  for (const orphan of orphans) {
    await sql(
      `UPDATE ${SCHEMA}.job SET
         state = (CASE WHEN retry_count < retry_limit THEN 'retry' ELSE 'failed' END)::${SCHEMA}.job_state,
         start_after = now(),
         completed_on = CASE WHEN retry_count < retry_limit THEN NULL ELSE now() END,
         output = '{"message":"its worker process ended while running it"}'::jsonb
       WHERE name = $1 AND id = $2::uuid AND state = 'active'`,
      [orphan.queue, orphan.job_id],
    );
    await sql('DELETE FROM job_runs WHERE job_id = $1', [orphan.job_id]);
    log.warn({ job: orphan.queue, id: orphan.job_id }, 'the process running this job ended; the job is run again');
  }
}
