import type { Transaction } from '../../db/connect.ts';
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
}

export interface MailQueueLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * Account mails as durable jobs. pg-boss delivers at least once: a worker that dies after the
 * mail server accepted a message but before the job was marked done sends it again when the job
 * expires. That window is the one SMTP round trip; it is not closed (see ARCHITECTURE.md).
 * Failures are logged without the message's text (it holds a link that works as a password).
 */
export function createMailQueue(deps: { mailer: MailerPort; log: MailQueueLog; jobs: JobQueue }): MailQueue {
  return {
    async enqueue(message, kind, tx) {
      await deps.jobs.enqueue(JOBS.sendMail, { kind, message } satisfies MailJob, { tx });
    },

    async deliver({ id, data: { kind, message } }) {
      const result = await deps.mailer.send(message);
      if (result.ok) {
        deps.log.info({ kind, mailer: deps.mailer.name, job: id, id: result.id }, 'mail sent');
        return;
      }
      deps.log.error({ kind, mailer: deps.mailer.name, job: id, reason: result.reason }, 'mail not sent');
      throw new Error(`${kind} mail not sent: ${result.reason}`);
    },
  };
}
