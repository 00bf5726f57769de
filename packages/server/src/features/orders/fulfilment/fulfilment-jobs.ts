import type { Transaction } from '../../../db/connect.ts';
import type { JobQueue, JobRun } from '../../../jobs/job-queue.ts';
import { JOBS } from '../../../jobs/queues.ts';
import type { FulfilmentService } from './fulfilment-service.ts';

export interface FulfilOrderJob {
  orderId: number;
}

/**
 * Writes the job that fulfils a confirmed order, in the transaction that confirms it. The queue is
 * `stately` on `order-<id>`: while a job for the order waits, another is not written.
 */
export async function requestOrderFulfilment(jobs: JobQueue, orderId: number, tx?: Transaction): Promise<void> {
  await jobs.enqueue(JOBS.fulfilOrder, { orderId } satisfies FulfilOrderJob, { singletonKey: `order-${orderId}`, ...(tx ? { tx } : {}) });
}

/**
 * The worker's fulfilment jobs. A run is safe to repeat: fulfilment holds the order's lease and
 * does no step twice. 'Not ready' (a step failed for now, another run holds the lease) throws, so
 * the job is retried with backoff; the minute sweep picks up what is left after the last retry.
 */
export function fulfilmentJobs(fulfilment: Pick<FulfilmentService, 'fulfil' | 'resumableOrderIds'>, jobs: JobQueue) {
  return {
    async fulfilOrder({ data }: JobRun<FulfilOrderJob>): Promise<void> {
      const outcome = await fulfilment.fulfil(data.orderId);
      if (outcome === 'NOT_READY') throw new Error(`order ${data.orderId} is not fulfilled yet`);
    },
    async sweep(): Promise<void> {
      for (const orderId of await fulfilment.resumableOrderIds()) await requestOrderFulfilment(jobs, orderId);
    },
  };
}
