import type PgBoss from 'pg-boss';
import { STARTUP_LOCK_KEY, type JobStore, type SqlExecutor, type Transaction } from '../db/connect.ts';
import { loadPg } from '../db/pg-driver.ts';
import { giveBackActiveJobs, holdRunner, REAP_EVERY_MS, reapOrphanedRuns, type Runner } from './job-runners.ts';
import { syncQueues } from './queue-sync.ts';
import { PermanentJobFailure, redactError, type DeadJob, type JobHandler, type JobSystem, type QueueSettings } from './job-queue.ts';

export interface JobLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export { RUNNER_LOCK_CLASS } from './job-runners.ts';

export interface PgBossJobsOptions {
  store: JobStore;
  queues: Record<string, QueueSettings>;
  log: JobLog;
  /** How often an idle worker asks for work; pg-boss's minimum is 0.5 s. */
  pollingIntervalSeconds?: number;
}

const SCHEMA = 'pgboss';
/** How often an idle worker asks for work, unless told otherwise. */
export const DEFAULT_POLLING_SECONDS = 2;

/**
 * pg-boss's statements on the caller's open transaction, so a job is written (or rolled back)
 * with the change that causes it. Drizzle keeps the transaction's connection (node-postgres) or
 * transaction handle (PGlite) as `session.client`; both answer `query(text, values)`.
 */
export function transactionSql(tx: Transaction): SqlExecutor {
  const client = (tx as unknown as { session?: { client?: { query?: unknown } } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('this transaction does not expose its connection');
  const query = client.query as (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  return { executeSql: (text, values) => query.call(client, text, values) };
}

/** The start of each embedded database's job queue still under way (one process, several queues in tests). */
const embeddedStarts = new WeakMap<SqlExecutor, Promise<unknown>>();

/**
 * Runs `work` (pg-boss's schema creation and our queues) under the start-up lock of the database
 * migrations. pg-boss creates its schema under a lock of its own, but not its queues: two
 * processes creating the same queues at once deadlock on the job table's partitions. On the
 * server the lock is `STARTUP_LOCK_KEY` on a connection of its own; the embedded database belongs
 * to one process, whose starts take turns.
 */
async function underStartupLock(store: JobStore, work: () => Promise<void>): Promise<void> {
  if (store.kind === 'embedded') {
    const previous = embeddedStarts.get(store.sql) ?? Promise.resolve();
    const turn = previous.catch(() => {}).then(work);
    embeddedStarts.set(store.sql, turn);
    return turn;
  }
  const pg = await loadPg();
  const client = new pg.Client({ connectionString: store.connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    // Closing the connection also lets go of the lock if the unlock failed.
    await client.end();
  }
}

/**
 * The durable job queue on the shop's database (pg-boss 10). On PostgreSQL it has its own small
 * pool; on PGlite it runs its SQL over the embedded database. Jobs are delivered at least once:
 * a run whose process dies expires and is retried, so every handler must be safe to repeat.
 */
export function createPgBossJobs(options: PgBossJobsOptions): JobSystem {
  const { store, log } = options;
  /**
   * pg-boss's statements on the embedded database still under way. pg-boss records a finished
   * (or failed) job without waiting for it, so its graceful stop can return while that write is
   * in flight: the stop waits for them, so the database can be closed right after.
   */
  const inFlight = new Set<Promise<unknown>>();
  /**
   * After a stop, pg-boss's statements are dropped, as its own pool does once closed: a handler
   * still running at the stop's timeout records its end later, when the database may be closed,
   * and its job was failed at the timeout, so it is retried.
   */
  let stopped = false;
  const embeddedDb: SqlExecutor | null =
    store.kind === 'embedded'
      ? {
          executeSql: (text, values) => {
            if (stopped) return Promise.resolve(undefined as unknown as { rows: unknown[] });
            const statement = store.sql.executeSql(text, values);
            const settled: Promise<unknown> = statement.then(
              () => inFlight.delete(settled),
              () => inFlight.delete(settled),
            );
            inFlight.add(settled);
            return statement;
          },
        }
      : null;
  const connection = store.kind === 'pool' ? { connectionString: store.connectionString, max: 4 } : { db: embeddedDb as PgBoss.Db };
  let boss: PgBoss | null = null;
  /** The start under way or done: a job written meanwhile (a request right after the listen) waits for it. */
  let starting: Promise<void> | null = null;
  const workerIds: string[] = [];
  /** Whether a job was written since the workers were last woken. */
  let enqueuedSinceWake = false;
  const polling = options.pollingIntervalSeconds ?? DEFAULT_POLLING_SECONDS;
  let runner: Runner | null = null;
  let reaper: NodeJS.Timeout | null = null;

  const started = (): PgBoss => {
    if (!boss) throw new Error('the job queue is not started');
    return boss;
  };
  const sql = async <T>(text: string, values: unknown[] = []): Promise<T[]> => {
    const executor: SqlExecutor = store.kind === 'embedded' ? store.sql : { executeSql: (t, v) => started().getDb().executeSql(t, v ?? []) };
    return (await executor.executeSql(text, values)).rows as T[];
  };

  const reapOrphans = () => reapOrphanedRuns(sql, Object.keys(options.queues), log);

  const startQueue = async (worker: boolean) => {
    // pg-boss is loaded here, not with the server: the queue starts after the web role listens.
    // It loads pg itself, so pg first (`loadPg`), on the embedded database too.
    await loadPg();
    const { default: PgBossQueue } = await import('pg-boss');
    boss = new PgBossQueue({
      ...connection,
      schema: SCHEMA,
      // Maintenance (expiry, archive) and cron schedules run where the workers run.
      supervise: worker,
      schedule: worker,
      migrate: true,
      // A mail job holds its rendered message (and its link): out of the live table an hour after sending.
      archiveCompletedAfterSeconds: 3600,
      // Dead jobs stay listed (`npm run jobs:dead`) for a month before they are archived.
      archiveFailedAfterSeconds: 30 * 86_400,
      deleteAfterDays: 7,
    });
    boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
    const instance = boss;
    await underStartupLock(store, async () => {
      await instance.start();
      await syncQueues(instance, options.queues);
    });
    if (worker && store.kind === 'embedded') await giveBackActiveJobs(sql, Object.keys(options.queues), log);
    else if (worker) {
      runner = await holdRunner(store, log);
      const reap = () => void reapOrphans().catch((error: unknown) => log.error({ err: error }, 'looking for jobs of ended processes failed'));
      reap();
      reaper = setInterval(reap, REAP_EVERY_MS);
      reaper.unref();
    }
  };

  return {
    start({ worker }) {
      stopped = false;
      starting = startQueue(worker);
      return starting;
    },

    async enqueue(name, data, enqueueOptions) {
      enqueuedSinceWake = true;
      await starting;
      const id = await started().send(name, data, {
        ...(enqueueOptions.tx ? { db: transactionSql(enqueueOptions.tx) as PgBoss.Db } : {}),
        ...(enqueueOptions.singletonKey ? { singletonKey: enqueueOptions.singletonKey } : {}),
      });
      if (id === null && !enqueueOptions.singletonKey) throw new Error(`the job queue '${name}' does not exist`);
      // Again after the write: a wake by another answer meanwhile must not swallow this job's.
      enqueuedSinceWake = true;
      return id;
    },

    async work<T>(name: string, handler: JobHandler<T>) {
      const running = started();
      // Bound to this queue's pg-boss, so a run finishing during a graceful stop still records it.
      const runSql = (text: string, values: unknown[]) => (store.kind === 'embedded' ? store.sql : { executeSql: (t: string, v?: unknown[]) => running.getDb().executeSql(t, v ?? []) }).executeSql(text, values);
      for (let slot = 0; slot < (options.queues[name]?.concurrency ?? 1); slot++) {
        let workerId = '';
        workerId = await running.work<T>(name, { pollingIntervalSeconds: polling, batchSize: 1 }, async ([job]) => {
          if (!job) return;
          const runnerId = runner?.id;
          if (runnerId !== undefined) {
            await runSql('INSERT INTO job_runs (job_id, queue, runner) VALUES ($1, $2, $3) ON CONFLICT (job_id) DO UPDATE SET runner = excluded.runner, started_at = now()', [job.id, name, runnerId]);
          }
          try {
            await handler({ id: job.id, data: job.data });
          } catch (error) {
            // The message only: pg-boss stores what is thrown, and the dead-job list shows it.
            const message = redactError(error instanceof Error ? error.message : String(error));
            if (error instanceof PermanentJobFailure) {
              // pg-boss retries while retry_count < retry_limit: no attempt is left, so the failure below is the last.
              await runSql(`UPDATE ${SCHEMA}.job SET retry_limit = retry_count WHERE name = $1 AND id = $2`, [name, job.id]);
              log.warn({ job: name, id: job.id, error: message }, 'job failed for good; it is not retried');
            } else log.warn({ job: name, id: job.id, error: message }, 'job failed; it is retried until its last attempt');
            throw new Error(message);
          } finally {
            if (runnerId !== undefined) await runSql('DELETE FROM job_runs WHERE job_id = $1 AND runner = $2', [job.id, runnerId]).catch(() => {});
            // pg-boss waits a polling interval after every fetch, even one that found work: a
            // worker that just ran a job asks again at once, so a backlog drains without pauses.
            running.notifyWorker(workerId);
          }
        });
        workerIds.push(workerId);
      }
    },

    async schedule(name, cron) {
      await started().schedule(name, cron, {}, { tz: 'UTC' });
    },

    wake() {
      enqueuedSinceWake = false;
      for (const id of workerIds) boss?.notifyWorker(id);
    },

    wakeIfEnqueued() {
      if (enqueuedSinceWake) this.wake();
    },

    async pendingCount() {
      const [row] = await sql<{ count: number | string }>(
        `SELECT count(*) AS count FROM ${SCHEMA}.job WHERE name NOT LIKE '__pgboss__%' AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`,
      );
      return Number(row?.count ?? 0);
    },

    async deadJobs(limit = 100) {
      const rows = await sql<{ id: string; name: string; output: unknown; completed_on: Date | string; retry_count: number }>(
        `SELECT id, name, output, completed_on, retry_count FROM ${SCHEMA}.job WHERE state = 'failed'
         UNION ALL SELECT id, name, output, completed_on, retry_count FROM ${SCHEMA}.archive WHERE state = 'failed'
         ORDER BY completed_on DESC LIMIT $1`,
        [limit],
      );
      return rows.map((row): DeadJob => {
        const output = row.output as { message?: unknown } | null;
        return {
          id: row.id,
          name: row.name,
          error: redactError(typeof output?.message === 'string' ? output.message : JSON.stringify(output ?? '')),
          failedAt: new Date(row.completed_on),
          retries: Number(row.retry_count),
        };
      });
    },

    async stop(stopOptions = {}) {
      // A start under way (pg-boss still loading) finishes first, so what it starts is stopped.
      await starting?.catch(() => {});
      if (!boss) return;
      if (reaper) clearInterval(reaper);
      reaper = null;
      const stopping = boss;
      boss = null;
      // Graceful: no new jobs are fetched, the ones in hand finish (those still running at the
      // timeout are failed, so they are retried), then its pool closes.
      await stopping.stop({ graceful: true, wait: true, close: true, timeout: stopOptions.timeoutMs ?? 30_000 });
      while (inFlight.size > 0) await Promise.all(inFlight);
      stopped = true;
      await runner?.release();
      runner = null;
    },
  };
}
