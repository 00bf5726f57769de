import { eq, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/connect.ts';
import { mailDeliveries } from '../../db/schema/index.ts';
import type { JobQueue, JobRun } from '../../jobs/job-queue.ts';
import { JOBS } from '../../jobs/queues.ts';
import type { MailMessage, MailerPort } from '../../ports/mailer/mailer-port.ts';

export interface MailJob {
  kind: string;
  message: MailMessage;
}

export interface MailQueue {
  /**
   * Writes a `send-mail` job in the transaction of the change that causes the mail: it is sent
   * when (and only when) the change commits, by the worker, and the caller's answer does not wait
   * for (or reveal) the mail server.
   */
  enqueue(message: MailMessage, kind: string, tx: Transaction): Promise<void>;
  /** The worker's part: sends one mail; a failure throws, so the job is retried with backoff. */
  deliver(job: JobRun<MailJob>): Promise<void>;
  /** Forgets delivery records of a week ago (their jobs are deleted by then). */
  purge(): Promise<void>;
}

export interface MailQueueLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** A delivery record is kept this long: past the last retry of any mail job, and past pg-boss's deletion of completed jobs. */
const DELIVERY_RECORD_MS = 7 * 86_400_000;

/**
 * Account and order mails as durable jobs. pg-boss delivers at least once, so each job first records that
 * it starts sending (`mail_deliveries`, committed), sends with a Message-ID made from the job id
 * (`<job id@domain of From>`), and records `sent_at` as soon as the mail server accepted. A run of a job already sent (pg-boss
 * did not learn of the completion: the process died after the record, the completion failed, or
 * the job expired or was failed at shutdown while sending) sends nothing. What remains is a
 * process that dies between the server's acceptance and the `sent_at` record: that mail is sent
 * again, with the same Message-ID (see ARCHITECTURE.md). Failures are logged without the
 * message's text (it holds a link that works as a password).
 */
export function createMailQueue(deps: { mailer: MailerPort; log: MailQueueLog; jobs: JobQueue; db: Database; now: () => Date }): MailQueue {
  const { db } = deps;
  return {
    async enqueue(message, kind, tx) {
      await deps.jobs.enqueue(JOBS.sendMail, { kind, message } satisfies MailJob, { tx });
    },

    async deliver({ id, data: { kind, message } }) {
      const [record] = await db
        .insert(mailDeliveries)
        .values({ jobId: id, startedAt: deps.now() })
        .onConflictDoUpdate({ target: mailDeliveries.jobId, set: { attempts: sql`${mailDeliveries.attempts} + 1`, startedAt: deps.now() } })
        .returning({ attempts: mailDeliveries.attempts, sentAt: mailDeliveries.sentAt });
      if (record?.sentAt) {
        deps.log.info({ kind, job: id }, 'mail already sent by an earlier run of its job; not sent again');
        return;
      }
      if (record && record.attempts > 1) deps.log.warn({ kind, job: id, attempts: record.attempts }, 'an earlier run of this mail job did not finish sending; sending with the same Message-ID');
      const result = await deps.mailer.send({ ...message, messageKey: id });
      if (result.ok) {
        await db.update(mailDeliveries).set({ sentAt: deps.now() }).where(eq(mailDeliveries.jobId, id));
        deps.log.info({ kind, mailer: deps.mailer.name, job: id, id: result.id }, 'mail sent');
        return;
      }
      deps.log.error({ kind, mailer: deps.mailer.name, job: id, reason: result.reason }, 'mail not sent');
      throw new Error(`${kind} mail not sent: ${result.reason}`);
    },

    async purge() {
      await db.delete(mailDeliveries).where(lt(mailDeliveries.startedAt, new Date(deps.now().getTime() - DELIVERY_RECORD_MS)));
    },
  };
}
