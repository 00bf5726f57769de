import type PgBoss from 'pg-boss';
import type { QueueSettings } from './job-queue.ts';

const QUEUE_FIELDS = ['policy', 'retryLimit', 'retryDelay', 'retryBackoff', 'expireInSeconds'] as const;

/** pg-boss's form of the settings of one of our queues. */
function queueOf(name: string, settings: QueueSettings) {
  return {
    name,
    policy: settings.policy ?? 'standard',
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: settings.retryBackoff,
    expireInSeconds: settings.expireInSeconds,
  } satisfies PgBoss.Queue;
}

/**
 * Makes pg-boss's queues those of the code: creates the missing ones and updates those whose
 * policy or retry settings differ, so a restart where nothing changed costs one query. The policy
 * is always given: pg-boss's `updateQueue` writes `standard` when it is left out, which would
 * quietly turn a stately queue (one waiting job per key) into a standard one.
 */
export async function syncQueues(boss: PgBoss, queues: Record<string, QueueSettings>): Promise<void> {
  const existing = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
  for (const [name, settings] of Object.entries(queues)) {
    const queue = queueOf(name, settings);
    const found = existing.get(name);
    if (!found) await boss.createQueue(name, queue);
    else if (QUEUE_FIELDS.some((field) => found[field] !== queue[field])) await boss.updateQueue(name, queue);
  }
}
