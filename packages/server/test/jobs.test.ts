import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/connect.ts';
import type { JobSystem, QueueSettings } from '../src/jobs/job-queue.ts';
import { createPgBossJobs, RUNNER_LOCK_CLASS } from '../src/jobs/pg-boss-jobs.ts';
import { QUEUES } from '../src/jobs/queues.ts';
import { startWorker } from '../src/roles/worker.ts';
import { fillBasket, orderOf, purchase, purchaseBody, purchased } from './orders-helpers.ts';
import { ensureDemoAccounts } from '../src/features/accounts/demo-accounts.ts';
import { buildTestApp, createRecordingMailer, databaseKinds, freshClient, jobsOf, loginAs, servicesOf, validRegistration, waitForJobs } from './support/index.ts';

const silent = pino({ level: 'silent' });
const settings = (overrides: Partial<QueueSettings>): QueueSettings => ({ retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 60, ...overrides });
const TEST_QUEUES = {
  'test-plain': settings({}),
  'test-flaky': settings({ retryLimit: 3, retryDelaySeconds: 1, retryBackoff: true }),
  'test-doomed': settings({ retryLimit: 1 }),
  'test-once': settings({}),
  'test-orphan': settings({ retryLimit: 2, expireInSeconds: 3600 }),
  'test-stately': settings({ policy: 'stately' }),
  'test-stop': settings({}),
  'test-late': settings({ retryLimit: 2, retryDelaySeconds: 60 }),
};

const until = async (condition: () => Promise<boolean> | boolean, timeoutMs = 20_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe.each(databaseKinds)('durable jobs on $name', (kind) => {
  let database: DatabaseHandle;
  const systems: JobSystem[] = [];
  const jobSystem = async (worker: boolean) => {
    const jobs = createPgBossJobs({ store: database.jobStore, queues: TEST_QUEUES, log: silent, pollingIntervalSeconds: 0.5 });
    await jobs.start({ worker });
    systems.push(jobs);
    return jobs;
  };
  const jobCount = async (name: string) => {
    const result = (await database.db.execute(sql`select count(*) as count from pgboss.job where name = ${name}`)) as unknown as { rows: Array<{ count: string | number }> };
    return Number(result.rows[0]?.count ?? 0);
  };

  beforeAll(async () => {
    database = await kind.open();
  });
  afterAll(async () => {
    for (const jobs of systems) await jobs.stop({ timeoutMs: 2000 });
    await database?.close();
  });

  it('writes a job in the caller\'s transaction: none after a rollback, one after a commit', async () => {
    const jobs = await jobSystem(false);
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.enqueue('test-plain', { n: 1 }, { tx });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await jobCount('test-plain')).toBe(0);
    await database.db.transaction(async (tx) => {
      await jobs.enqueue('test-plain', { n: 2 }, { tx });
    });
    expect(await jobCount('test-plain')).toBe(1);
  });

  it('retries a failing job with a growing delay, then completes it', async () => {
    const jobs = await jobSystem(true);
    const runs: number[] = [];
    await jobs.work<{ failures: number }>('test-flaky', async ({ data }) => {
      runs.push(Date.now());
      if (runs.length <= data.failures) throw new Error(`failure ${runs.length}`);
    });
    await database.db.transaction((tx) => jobs.enqueue('test-flaky', { failures: 2 }, { tx }));
    await until(() => runs.length === 3, 30_000);
    const [first, second, third] = runs as [number, number, number];
    // Backoff: about 1 s before the first retry, about 2 s (at least more than 1 s) before the second.
    expect(second - first).toBeGreaterThanOrEqual(900);
    expect(third - second).toBeGreaterThanOrEqual(1400);
    const state = async () => ((await database.db.execute(sql`select state from pgboss.job where name = 'test-flaky'`)) as unknown as { rows: Array<{ state: string }> }).rows[0]?.state;
    await until(async () => (await state()) === 'completed');
    expect(runs).toHaveLength(3);
    expect(await jobs.deadJobs()).toEqual([]);
  });

  it('lists a job that failed its last retry as dead, with its error and no e-mail address', async () => {
    const jobs = await jobSystem(true);
    let runs = 0;
    await jobs.work('test-doomed', async () => {
      runs++;
      throw new Error('mailbox anna@example.nl refused the message');
    });
    const id = await jobs.enqueue('test-doomed', {}, {});
    await until(async () => (await jobs.deadJobs()).some((job) => job.id === id));
    expect(runs).toBe(2);
    const [dead] = (await jobs.deadJobs()).filter((job) => job.id === id);
    expect(dead).toMatchObject({ name: 'test-doomed', retries: 1, error: 'mailbox [e-mail] refused the message' });
    expect(dead!.failedAt).toBeInstanceOf(Date);
  });

  it('delivers each job to exactly one of two workers on the same database', async () => {
    const [one, other] = [await jobSystem(true), await jobSystem(true)];
    const deliveries: Array<{ worker: string; n: number }> = [];
    const handler = (worker: string) => async ({ data }: { data: { n: number } }) => {
      deliveries.push({ worker, n: data.n });
      await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await one.work('test-once', handler('one'));
    await other.work('test-once', handler('other'));
    await database.db.transaction(async (tx) => {
      for (let n = 0; n < 30; n++) await one.enqueue('test-once', { n }, { tx });
    });
    await until(() => deliveries.length >= 30);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(deliveries.map((delivery) => delivery.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));
  });

  it('keeps a stately queue stately after a restart: a second job for the same key is not written while one waits', async () => {
    await jobSystem(false);
    // A restart: another job system on the same database, whose start finds the queues there.
    const restarted = createPgBossJobs({ store: database.jobStore, queues: TEST_QUEUES, log: silent });
    const starting = restarted.start({ worker: false });
    systems.push(restarted);
    // Written while the start is under way: it waits for the start rather than failing.
    const first = restarted.enqueue('test-stately', { n: 1 }, { singletonKey: 'order-1' });
    await starting;
    expect(await first).toEqual(expect.any(String));
    expect(await restarted.enqueue('test-stately', { n: 2 }, { singletonKey: 'order-1' })).toBeNull();
    expect(await restarted.enqueue('test-stately', { n: 3 }, { singletonKey: 'order-2' })).toEqual(expect.any(String));
    expect(await jobCount('test-stately')).toBe(2);
  });

  // The embedded database belongs to one process: a job active when its worker starts was left by its previous run.
  it.runIf(kind.name === 'pglite')('runs again at once a job that the previous run of the process left active', async () => {
    const writer = await jobSystem(false);
    await writer.enqueue('test-orphan', {}, {});
    // As a run of the process that was killed while the job ran left it: fetched, active, nobody on it.
    await database.db.execute(sql`update pgboss.job set state = 'active', started_on = now() where name = 'test-orphan' and state = 'created'`);
    const runs: string[] = [];
    const restarted = await jobSystem(true);
    await restarted.work('test-orphan', async () => {
      runs.push('after the restart');
    });
    await until(() => runs.length > 0, 10_000);
    expect(runs).toEqual(['after the restart']);
  });

  /**
   * A job system on the embedded database whose statements go through `executeSql` first, with
   * one job of `queue` running until `finish` is called.
   */
  const jobInHand = async (queue: string, executeSql: (text: string, run: () => Promise<{ rows: unknown[] }>) => Promise<{ rows: unknown[] }>) => {
    const embedded = database.jobStore;
    if (embedded.kind !== 'embedded') throw new Error('an embedded database was expected');
    const store = { kind: 'embedded' as const, sql: { executeSql: (text: string, values?: unknown[]) => executeSql(text, () => embedded.sql.executeSql(text, values)) } };
    const jobs = createPgBossJobs({ store, queues: TEST_QUEUES, log: silent, pollingIntervalSeconds: 0.5 });
    await jobs.start({ worker: true });
    let finish = () => {};
    let began = false;
    await jobs.work(queue, async () => {
      began = true;
      await new Promise<void>((resolve) => (finish = resolve));
    });
    const id = await jobs.enqueue(queue, {}, {});
    await until(() => began);
    return { jobs, id, finish: () => finish() };
  };

  // The embedded database is closed by the process right after the stop: nothing may still write to it.
  it.runIf(kind.name === 'pglite')('records a job that finished as the stop began before the stop returns', async () => {
    let recorded = false;
    // A slow disk: the write that records a finished job takes a while.
    const { jobs, finish } = await jobInHand('test-stop', async (text, run) => {
      const completing = text.includes("state = 'completed'") && text.includes('completed_on = now()');
      if (completing) await new Promise((resolve) => setTimeout(resolve, 400));
      const result = await run();
      if (completing) recorded = true;
      return result;
    });
    const stopping = jobs.stop({ timeoutMs: 5000 });
    finish();
    await stopping;
    expect(recorded).toBe(true);
  });

  it.runIf(kind.name === 'pglite')("records nothing for a job that outlives the stop's timeout: it was failed at the timeout and runs again", async () => {
    let stopped = false;
    const late: string[] = [];
    const { jobs, id, finish } = await jobInHand('test-late', (text, run) => {
      if (stopped) late.push(text);
      return run();
    });
    // pg-boss waits at least a second for the jobs in hand.
    await jobs.stop({ timeoutMs: 1000 });
    stopped = true;
    finish();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(late).toEqual([]);
    const state = (await database.db.execute(sql`select state from pgboss.job where id = ${id}`)) as unknown as { rows: Array<{ state: string }> };
    expect(state.rows[0]?.state).toBe('retry');
  });

  // Several processes exist only on a server; the embedded database belongs to one.
  it.runIf(kind.name === 'postgres')('gives the job of a worker whose process ended to another worker at once, long before its expiry', async () => {
    const [dying, living] = [await jobSystem(true), await jobSystem(true)];
    const runs: string[] = [];
    let release = () => {};
    await dying.work('test-orphan', async () => {
      runs.push('dying');
      await new Promise<void>((resolve) => (release = resolve));
    });
    await dying.enqueue('test-orphan', {}, {});
    await until(() => runs.length === 1);
    await living.work('test-orphan', async () => {
      runs.push('living');
    });
    // The dying worker's connection ends, as when its process is killed: the server lets go of its runner lock.
    await database.db.execute(
      sql`select pg_terminate_backend(l.pid) from pg_locks l join job_runs r on l.objid::bigint = r.runner where l.locktype = 'advisory' and l.classid::bigint = ${RUNNER_LOCK_CLASS}`,
    );
    await until(() => runs.includes('living'), 30_000);
    release();
    expect(runs).toEqual(['dying', 'living']);
  });
});

describe.each(databaseKinds)('jobs of the shop on $name', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const mailer = createRecordingMailer();

  beforeAll(async () => {
    database = await kind.open();
    // The web role alone: jobs are written, nobody runs them until the test starts a worker.
    app = await buildTestApp(database, { mailer, worker: false });
    await ensureDemoAccounts(servicesOf(app));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers a registration and a purchase without waiting for the mail or the fulfilment; the worker does both later', async () => {
    const visitor = freshClient(app);
    const registered = await visitor.post('/api/register-account', { registrationDto: validRegistration({ email: 'later@example.nl' }) });
    expect(registered.statusCode).toBe(200);
    const customer = await loginAs(app, 'klant@demo.kavel.nl');
    await fillBasket(customer);
    const { orderId } = purchased(await purchase(customer, purchaseBody('MANUAL_PAYMENT')));
    expect((await orderOf(customer, orderId)).status).toBe('CONFIRMED');
    expect(mailer.messages).toEqual([]);
    // The activation mail, the fulfilment, the order confirmation, and the publishing of the demo domains' two zones.
    expect(await jobsOf(app).pendingCount()).toBe(5);

    await startWorker(servicesOf(app), jobsOf(app), { schedules: false });
    await waitForJobs(app);
    expect(mailer.messages.map((message) => message.to).sort()).toEqual(['klant@demo.kavel.nl', 'later@example.nl']);
    expect((await orderOf(customer, orderId)).status).toBe('FULFILLED');
  });

  it('declares the shop\'s queues with retries', () => {
    expect(Object.keys(QUEUES).sort()).toEqual([
      'close-ended-invoices',
      'dns-catch-up',
      'fulfil-order',
      'fulfilment-sweep',
      'publish-dns-zone',
      'purge-account-attempts',
      'renew-forward-certificates',
      'send-mail',
      'sync-domain-holder',
      'vps-addresses',
    ]);
  });
});

describe.each(databaseKinds)('job queues starting together on $name', (kind) => {
  let database: DatabaseHandle;
  const systems: JobSystem[] = [];
  beforeAll(async () => {
    database = await kind.open();
  });
  afterAll(async () => {
    for (const jobs of systems) await jobs.stop({ timeoutMs: 2000 });
    await database?.close();
  });

  it('starts three job queues at once on a database without pg-boss tables, and each can write and run jobs', async () => {
    const started = await Promise.all(
      [1, 2, 3].map(async () => {
        const jobs = createPgBossJobs({ store: database.jobStore, queues: QUEUES, log: silent, pollingIntervalSeconds: 0.5 });
        systems.push(jobs);
        await jobs.start({ worker: false });
        return jobs;
      }),
    );
    for (const jobs of started) await database.db.transaction(async (tx) => void (await jobs.enqueue('purge-account-attempts', {}, { tx })));
    const result = (await database.db.execute(sql`select count(*) as count from pgboss.job where name = 'purge-account-attempts'`)) as unknown as { rows: Array<{ count: string | number }> };
    expect(Number(result.rows[0]?.count)).toBeGreaterThanOrEqual(1);
  });
});
