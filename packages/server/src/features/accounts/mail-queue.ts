import type { MailMessage, MailerPort } from '../../ports/mailer/mailer-port.ts';

export interface MailQueue {
  /** Sends in the background: the caller's answer does not wait for (or reveal) the mail server. */
  enqueue(message: MailMessage, kind: string): void;
  /** Resolves once everything queued so far was sent or given up (tests, shutdown). */
  idle(): Promise<void>;
}

export interface MailQueueLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * A small in-process queue in front of the mailer, one message at a time. A failed message is
 * logged (without its text: it holds a link that works as a password) and not retried; the
 * visitor can ask again (resend, reset). Messages are lost when the process stops before sending.
 */
export function createMailQueue(deps: { mailer: MailerPort; log: MailQueueLog }): MailQueue {
  let tail: Promise<void> = Promise.resolve();

  const send = async (message: MailMessage, kind: string) => {
    try {
      const result = await deps.mailer.send(message);
      if (result.ok) deps.log.info({ kind, mailer: deps.mailer.name, id: result.id }, 'mail sent');
      else deps.log.error({ kind, mailer: deps.mailer.name, reason: result.reason, detail: result.detail }, 'mail not sent');
    } catch (error) {
      deps.log.error({ kind, mailer: deps.mailer.name, err: error }, 'mail not sent');
    }
  };

  return {
    enqueue(message, kind) {
      tail = tail.then(() => send(message, kind));
    },
    idle() {
      return tail;
    },
  };
}
