import type { Database, Transaction } from '../../db/connect.ts';
import type { JobQueue, JobRun } from '../../jobs/job-queue.ts';
import { JOBS } from '../../jobs/queues.ts';
import { registrantOf } from '../../ports/registry/registrant.ts';
import type { DomainRegistrar } from '../../ports/registry/registry-port.ts';
import { domainHolderRepository } from './domain-holder-repository.ts';

export interface HolderSyncJob {
  domainId: number;
  domain: string;
}

/**
 * Writes the job that gives the registry a domain's holder, in the transaction of the change. The
 * queue is `stately` on `holder-<id>`: while one job for the domain waits, another is not written
 * (the waiting one sends the holder as it is when it runs, so it carries every change before it).
 */
export async function requestHolderSync(jobs: JobQueue, tx: Transaction, job: HolderSyncJob): Promise<void> {
  await jobs.enqueue(JOBS.syncDomainHolder, job satisfies HolderSyncJob, { tx, singletonKey: `holder-${job.domainId}` });
}

export interface HolderRegistrySync {
  /** One job: the registry gets the domain's current holder. Unreachable throws, so the job is retried. */
  syncHolder(job: JobRun<HolderSyncJob>): Promise<void>;
}

export function createHolderRegistrySync(deps: {
  db: Database;
  registry: Pick<DomainRegistrar, 'updateHolder'>;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
}): HolderRegistrySync {
  return {
    async syncHolder({ data }) {
      const holder = await domainHolderRepository.find(deps.db, data.domainId);
      // The domain is gone (cancelled, moved away): nothing to tell the registry.
      if (!holder) return;
      const answer = await deps.registry.updateHolder(data.domain, registrantOf(holder));
      if (answer.ok) {
        deps.log.info({ domain: data.domain }, 'domain holder sent to the registry');
        return;
      }
      if (answer.reason === 'unreachable') throw new Error(`sending the holder of ${data.domain} to the registry: unreachable${answer.detail ? ` (${answer.detail})` : ''}`);
      // A registry that cannot take holder changes (a lookup-only adapter), or no longer has the
      // domain: retrying will not change that, a person must know about it.
      deps.log.warn({ domain: data.domain, reason: answer.reason, detail: answer.detail }, 'the registry did not take a domain holder change');
    },
  };
}
