import { PERIOD_MONTHS } from '@kavel/core';
import type { Database, Transaction } from '../../../db/connect.ts';
import { safeErrorMessage } from '../../../http/log-redaction.ts';
import type { Fulfilment, FulfilmentOutcome } from './fulfilment-port.ts';
import { packageTargetsOf, planSteps, upgradedDomainsOf } from './fulfilment-plan.ts';
import * as repository from './fulfilment-repository.ts';
import { PermanentFailure, type OrderContext, type StepDefinition, type StepDeps, type StepOutcome, type StepResult, type StepWrite } from './fulfilment-step.ts';

export interface FulfilmentLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface FulfilmentDeps extends Omit<StepDeps, 'log'> {
  db: Database;
  log: FulfilmentLog;
  now: () => Date;
  /**
   * The order failed for good: called in the transaction that moves it to FULFILMENT_FAILED,
   * once per order (the orders feature credits it and mails the customer).
   */
  orderFailed(tx: Transaction, orderId: number): Promise<void>;
  /** How long a run may hold an order before another process may take over; renewed per step and every quarter of it while the run lasts. */
  leaseMs?: number;
}

export interface FulfilmentService extends Fulfilment {
  /** Confirmed orders nobody is working on (crash, failure for now) and quiet for a while: the sweep's batch. */
  resumableOrderIds(): Promise<number[]>;
  /** Fulfils `resumableOrderIds` one after the other; answers how many it tried. */
  resumePending(): Promise<number>;
}

/** Short, because a live run renews it all the time: the order of a process that died is free again within this. */
const DEFAULT_LEASE_MS = 20_000;
/** A sweep leaves orders confirmed this recently to the process that confirmed them. */
const RESUME_QUIET_MS = 30_000;
const RESUME_BATCH = 50;

type RunEnd = 'complete' | 'later' | 'failed';

// A failed query's message carries its bound values: name it by its text only.
const describe = (error: unknown) => safeErrorMessage(error);

type Failure = Extract<StepOutcome, { ok: false }>;

/** Runs a step's part; a throw is a failure for now unless the step says it is permanent. */
async function guarded<T>(call: () => Promise<T>): Promise<{ ok: true; value: T } | Failure> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    return { ok: false, waiting: false, permanent: error instanceof PermanentFailure, error: describe(error) };
  }
}

/** The outside call, then (when it went well) the local write: the first failure, or the write's answer. */
async function perform<T>(call: () => Promise<StepOutcome>, store: (write: StepWrite) => Promise<T>): Promise<{ ok: true; value: T } | Failure> {
  const ran = await guarded(call);
  if (!ran.ok) return ran;
  const outcome = ran.value;
  if (!outcome.ok) return outcome;
  return guarded(() => store(outcome.write));
}

/**
 * Delivers confirmed orders (decision 6 of issue 5): a list of steps planned from the order's
 * lines and stored once in `fulfilment_steps`; each runs once, its outside call first (repeats
 * carry the same clientRef), then its rows in the transaction that marks it done. A failure for
 * now leaves the order CONFIRMED for a later run; a permanent one undoes the done steps in reverse
 * and fails the order. The order's lease keeps two processes from running one order at once.
 */
export function createFulfilmentService(deps: FulfilmentDeps): FulfilmentService {
  const { db, log, now } = deps;
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const leaseFromNow = () => new Date(now().getTime() + leaseMs);
  /** When this process's lease on each order it runs ends. */
  const leases = new Map<number, number>();
  /**
   * Before a step: the lease is renewed when less than three quarters of it is left, so every
   * step starts with at least that much, without a write before each quick step.
   */
  async function keepLease(orderId: number): Promise<void> {
    const until = leases.get(orderId) ?? 0;
    if (until - now().getTime() >= (leaseMs * 3) / 4) return;
    const next = leaseFromNow();
    await repository.renewLease(db, orderId, next);
    leases.set(orderId, next.getTime());
  }

  /** The stored plan; made and stored on the first run. */
  async function planOf(order: OrderContext): Promise<{ steps: StepDefinition[]; rows: repository.StepRow[] }> {
    const lines = await repository.linesOf(db, order.orderId);
    let rows = await repository.stepsOf(db, order.orderId);
    const upgraded = rows.length > 0 ? upgradedDomainsOf(rows.map((row) => row.key)) : await deps.hosting.domainsWithAccount(packageTargetsOf(lines));
    const steps = planSteps(order, deps, lines, upgraded);
    if (rows.length === 0 && steps.length > 0) {
      const inserted = await repository.insertSteps(db, order.orderId, steps.map((step) => step.key), now());
      rows = inserted.length === steps.length ? inserted : await repository.stepsOf(db, order.orderId);
    }
    const stored = rows.map((row) => row.key).join('\n');
    if (stored !== steps.map((step) => step.key).join('\n')) throw new Error(`order ${order.orderId}: the stored steps do not match its lines`);
    return { steps, rows };
  }

  /** Runs the steps not done yet, in order; stops at the first that fails or waits. */
  async function runForward(order: OrderContext, steps: StepDefinition[], rows: Map<string, repository.StepRow>): Promise<RunEnd> {
    const done = new Map<string, StepResult>();
    for (const step of steps) {
      const row = rows.get(step.key);
      if (row?.state === 'done') {
        done.set(step.key, row.result ?? {});
        continue;
      }
      await keepLease(order.orderId);
      const outcome = await perform(
        () => step.run(done),
        (write) =>
          db.transaction(async (tx) => {
            const written = await write(tx);
            if (!(await repository.moveStep(tx, order.orderId, step.key, ['pending', 'waiting'], { state: 'done', result: written, lastError: null }, now()))) {
              throw new Error('the step was finished by another run');
            }
            return written;
          }),
      );
      if (outcome.ok) {
        done.set(step.key, outcome.value);
        continue;
      }
      if (outcome.waiting) {
        await repository.moveStep(db, order.orderId, step.key, ['pending', 'waiting'], { state: 'waiting', result: outcome.note, lastError: null }, now());
        return 'later';
      }
      if (outcome.permanent) {
        await repository.moveStep(db, order.orderId, step.key, ['pending', 'waiting'], { state: 'failed', lastError: outcome.error }, now());
        log.warn({ orderId: order.orderId, step: step.key, error: outcome.error }, 'fulfilment step failed for good; undoing the order');
        return 'failed';
      }
      await repository.recordAttempt(db, order.orderId, step.key, outcome.error, now());
      log.warn({ orderId: order.orderId, step: step.key, error: outcome.error }, 'fulfilment step failed for now; a later run tries again');
      return 'later';
    }
    return 'complete';
  }

  /** Undoes the done steps, last first. An undo that fails for now is tried again by a later run. */
  async function runUndo(order: OrderContext, steps: StepDefinition[], rows: Map<string, repository.StepRow>): Promise<RunEnd> {
    for (const step of [...steps].reverse()) {
      const row = rows.get(step.key);
      if (row?.state !== 'done') continue;
      await keepLease(order.orderId);
      const outcome = await perform(
        () => step.undo(row.result ?? {}),
        (write) =>
          db.transaction(async (tx) => {
            await write(tx);
            if (!(await repository.moveStep(tx, order.orderId, step.key, ['done'], { state: 'undone' }, now()))) throw new Error('the step was undone by another run');
          }),
      );
      if (outcome.ok) continue;
      if (outcome.waiting) {
        // An undo has nothing to wait for: asked again by a later run.
        await repository.recordAttempt(db, order.orderId, step.key, 'undo: waiting', now());
        return 'later';
      }
      if (outcome.permanent) {
        // Nothing more can be done by retrying: recorded for a person to look at, and the undo goes on.
        log.error({ orderId: order.orderId, step: step.key, error: outcome.error }, 'a fulfilment step could not be undone');
        await repository.moveStep(db, order.orderId, step.key, ['done'], { state: 'undone', lastError: `undo: ${outcome.error}` }, now());
        continue;
      }
      await repository.recordAttempt(db, order.orderId, step.key, `undo: ${outcome.error}`, now());
      log.warn({ orderId: order.orderId, step: step.key, error: outcome.error }, 'undoing a fulfilment step failed for now; a later run tries again');
      return 'later';
    }
    return 'failed';
  }

  /** Moves a confirmed order to its end (which frees its names); a failed one is credited and mailed in that transaction. */
  async function finish(orderId: number, to: 'FULFILLED' | 'FULFILMENT_FAILED'): Promise<void> {
    if (to === 'FULFILLED') {
      await repository.moveOrder(db, orderId, 'CONFIRMED', to, now());
      return;
    }
    await db.transaction(async (tx) => {
      if (await repository.moveOrder(tx, orderId, 'CONFIRMED', to, now())) await deps.orderFailed(tx, orderId);
    });
  }

  async function fulfilClaimed(claimed: repository.ClaimedOrder): Promise<FulfilmentOutcome> {
    const order: OrderContext = { orderId: claimed.id, customerId: claimed.customerId, years: Math.max(1, Math.floor(PERIOD_MONTHS[claimed.period] / 12)), now };
    const { steps, rows } = await planOf(order);
    const byKey = new Map(rows.map((row) => [row.key, row]));
    // A step that failed for good means an undo is under way (a run stopped during it): go on with it.
    const undoing = rows.some((row) => row.state === 'failed');
    let end: RunEnd = undoing ? 'failed' : await runForward(order, steps, byKey);
    if (end === 'complete') {
      await finish(order.orderId, 'FULFILLED');
      log.info({ orderId: order.orderId }, 'order fulfilled');
      return 'FULFILLED';
    }
    if (end === 'later') return 'NOT_READY';
    end = await runUndo(order, steps, new Map((await repository.stepsOf(db, order.orderId)).map((row) => [row.key, row])));
    if (end === 'later') return 'NOT_READY';
    await finish(order.orderId, 'FULFILMENT_FAILED');
    log.warn({ orderId: order.orderId }, 'order could not be fulfilled; what was done is undone');
    return 'FULFILMENT_FAILED';
  }

  async function fulfil(orderId: number): Promise<FulfilmentOutcome> {
    const lease = leaseFromNow();
    const claimed = await repository.claimOrder(db, orderId, now(), lease);
    if (!claimed) {
      const status = await repository.orderStatus(db, orderId);
      return status === 'FULFILLED' || status === 'FULFILMENT_FAILED' ? status : 'NOT_READY';
    }
    leases.set(orderId, lease.getTime());
    let outcome: FulfilmentOutcome = 'NOT_READY';
    // The lease's heartbeat: a run may wait long on one outside call; a run whose process died stops renewing.
    let renewing: Promise<void> = Promise.resolve();
    const heartbeat = setInterval(() => {
      const next = leaseFromNow();
      renewing = repository.renewLease(db, orderId, next).then(
        () => void leases.set(orderId, next.getTime()),
        (error: unknown) => log.error({ orderId, err: error }, 'renewing the fulfilment lease failed'),
      );
    }, leaseMs / 4);
    heartbeat.unref();
    try {
      outcome = await fulfilClaimed(claimed);
      return outcome;
    } catch (error) {
      // A bug or the database gone: the order stays CONFIRMED and a later sweep tries again.
      log.error({ orderId, err: error }, 'fulfilment run broke off');
      return 'NOT_READY';
    } finally {
      clearInterval(heartbeat);
      await renewing;
      leases.delete(orderId);
      // Moving the order to FULFILLED or FULFILMENT_FAILED released the lease in the same update.
      if (outcome === 'NOT_READY') {
        await repository.releaseLease(db, orderId).catch((error: unknown) => log.error({ orderId, err: error }, 'releasing the fulfilment lease failed'));
      }
    }
  }

  const resumableOrderIds = () => repository.resumableOrderIds(db, now(), RESUME_QUIET_MS, RESUME_BATCH);

  async function resumePending(): Promise<number> {
    const ids = await resumableOrderIds();
    for (const id of ids) await fulfil(id);
    return ids.length;
  }

  return { fulfil, resumableOrderIds, resumePending };
}
