import type { Transaction } from '../db/connect.ts';

/** How a queue retries: `retryLimit` more runs, `retryDelay` seconds doubling when `retryBackoff`. */
export interface QueueSettings {
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A run still active after this long counts as failed (its process died) and is retried. */
  expireInSeconds: number;
  /** `stately`: per singleton key at most one job waiting and one running (one fulfilment per order). */
  policy?: 'standard' | 'stately' | 'singleton';
  /** Jobs of this queue one process runs at the same time; default 1. */
  concurrency?: number;
}

export interface EnqueueOptions {
  /**
   * The transaction of the change that causes the job: the job is written in it, so it exists
   * exactly when the change committed. Only schedules and sweeps, which cause nothing, leave it out.
   */
  tx?: Transaction;
  /** With a `stately` queue: a second job with this key while one waits is not written. */
  singletonKey?: string;
}

/** The enqueue side of the job queue: what services see. */
export interface JobQueue {
  /** Answers the job's id, or null when a singleton key kept it out (the same job is already waiting). */
  enqueue(name: string, data: object, options: EnqueueOptions): Promise<string | null>;
}

export interface JobRun<T> {
  id: string;
  data: T;
}

/**
 * Thrown by a handler whose work cannot succeed by trying again (the other side refused it as it
 * is): the job fails for good at once and is listed among the dead jobs, rather than retried for
 * hours with the same answer.
 */
export class PermanentJobFailure extends Error {}

/** A job's handler: resolving completes it; a throw is a failed run that is retried, then dead (at once for `PermanentJobFailure`). */
export type JobHandler<T> = (job: JobRun<T>) => Promise<void>;

/** A job that failed its last retry, as `npm run jobs:dead` lists it. */
export interface DeadJob {
  id: string;
  name: string;
  /** The last error's message, with e-mail addresses blanked out. */
  error: string;
  failedAt: Date;
  retries: number;
}

/** The whole queue: the worker side as well. */
export interface JobSystem extends JobQueue {
  /**
   * Creates the schema (first start) and the queues; `worker` also runs maintenance and schedules.
   * A job written while the start is under way waits for it.
   */
  start(options: { worker: boolean }): Promise<void>;
  work<T>(name: string, handler: JobHandler<T>): Promise<void>;
  /** Sends a `name` job on this cron schedule (UTC); one process sends it, whoever runs workers. */
  schedule(name: string, cron: string): Promise<void>;
  /** Wakes the workers of this process (tests). */
  wake(): void;
  /**
   * Wakes them when this process wrote a job since the last wake (after each answer in the `all`
   * role): an answer that wrote none (a basket read) costs the queue no poll.
   */
  wakeIfEnqueued(): void;
  /** Jobs waiting (due now) or running. */
  pendingCount(): Promise<number>;
  deadJobs(limit?: number): Promise<DeadJob[]>;
  /** Stops taking jobs and waits for the ones in hand (at most `timeoutMs`). */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

const EMAIL = /[^\s@<>"']+@[^\s@<>"']+/g;

/** An error text fit for a list an operator reads: one line, no addresses, bounded. */
export function redactError(message: string): string {
  return message.replace(EMAIL, '[e-mail]').replace(/\s+/g, ' ').slice(0, 300);
}
